// Shared by list-v2.test.ts: its listv2 objects with fixed dates, the order each listing must
// have computed from them, and list-v2 requests the client cannot send.
import { expect } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { serviceClient, storageFetch } from './support.ts'

// Each name with its created_at and updated_at (seconds after T0): updated_at has ties.
export const FIXTURE: [string, number, number][] = [
  ['docs/Alpha.txt', 1, 50],
  ['docs/beta.txt', 2, 50],
  ['docs/gamma/one.txt', 3, 40],
  ['docs/gamma/two.txt', 4, 60],
  ['docs/delta/deep/x.txt', 5, 50],
  ['docs/a.txt.bak', 6, 40],
  ['docs_other/file.txt', 7, 60],
  ['root.txt', 8, 40],
  ['Zeta.txt', 9, 50],
  ['ünï/çé.txt', 10, 40],
  ['docs/ünïcode.txt', 11, 50],
]
const T0 = Date.parse('2026-01-01T00:00:00.000Z')
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString()

/** Byte order of UTF-8, as collate "C" sorts. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

/** Makes the listv2 bucket and its objects, with the fixture's dates. */
export async function fillListing(stack: TestStack): Promise<void> {
  const storage = serviceClient(stack).storage
  await storage.createBucket('listv2', { public: false })
  for (const [name] of FIXTURE) {
    if (/^[\x20-\x7e]*$/.test(name)) {
      expect((await storage.from('listv2').upload(name, name)).error).toBeNull()
    } else {
      // The upload API takes the key characters of Storage's rule, ASCII; rows written in SQL
      // may hold any name, and the listing sorts them by their bytes.
      await stack.sql`insert into storage.objects (bucket_id, name, metadata)
        values ('listv2', ${name}, ${JSON.stringify({ size: name.length })}::jsonb)`
    }
  }
  // Fixed dates, the updated_at trigger left out for this.
  await stack.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`
    for (const [name, created, updated] of FIXTURE) {
      await tx`update storage.objects set created_at = ${at(created)}, updated_at = ${at(updated)}
        where bucket_id = 'listv2' and name = ${name}`
    }
  })
}

export interface ListBody {
  hasNext: boolean
  nextCursor?: string
  nextCursorKey?: string
  folders: { name: string }[]
  objects: { name: string }[]
  statusCode?: string
  message?: string
}

/** Two files of a user's own in the files bucket: one at its folder's top, one in a subfolder. */
export async function uploadOwnFiles(user: TestUser): Promise<void> {
  expect((await user.client.storage.from('files').upload(`${user.id}/a.txt`, 'a')).error).toBeNull()
  expect(
    (await user.client.storage.from('files').upload(`${user.id}/sub/b.txt`, 'b')).error
  ).toBeNull()
}

/** A list-v2 request with the body as given (the service key). */
export async function listV2Raw(
  stack: TestStack,
  body: unknown,
  bucket = 'listv2'
): Promise<{ status: number; body: ListBody }> {
  const response = await storageFetch(stack, `/object/list-v2/${bucket}`, {
    method: 'POST',
    token: stack.serviceRoleKey,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as ListBody }
}

// What each listing must hold, in order, computed here from the fixture.
type Entry = { name: string; created: number; updated: number }
export function expected(delimiter: boolean, column: string, order: 'asc' | 'desc'): string[] {
  let entries: Entry[] = FIXTURE.map(([name, created, updated]) => ({ name, created, updated }))
  if (delimiter) {
    const folders = new Map<string, Entry>()
    const files: Entry[] = []
    for (const entry of entries) {
      const cut = entry.name.indexOf('/')
      if (cut < 0) files.push(entry)
      else {
        const name = entry.name.slice(0, cut + 1)
        const first = Math.min(folders.get(name)?.created ?? Infinity, entry.created)
        folders.set(name, { name, created: first, updated: first })
      }
    }
    entries = [...folders.values(), ...files]
  }
  const sign = order === 'asc' ? 1 : -1
  const date = (e: Entry) => (column === 'created_at' ? e.created : e.updated)
  // By name a folder sorts as its "/"-ended name; by a date, ties go by the name without it.
  const bare = (e: Entry) => e.name.replace(/\/$/, '')
  const compare =
    column === 'name'
      ? (a: Entry, b: Entry) => byBytes(a.name, b.name)
      : (a: Entry, b: Entry) => date(a) - date(b) || byBytes(bare(a), bare(b))
  return entries.sort((a, b) => sign * compare(a, b)).map((e) => e.name)
}
