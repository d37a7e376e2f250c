// Large archives (issue 49, item 7) against the real stack: an owner uploads an archive over the
// old 50 MiB cap resumably (tus-js-client, 6 MB chunks, as the app does) into the imports bucket,
// whose limit is now what the README promises (2 GiB; more is refused when the upload is
// created); the import reads it from Storage by ranges in the background functions' process
// (niced, heap capped at 256 MiB), where a 300 MiB day file, bigger than that heap, imports
// item by item. The reader's streaming on its own: imports-stream.test.ts.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { concat } from '../functions/_shared/archive/zip-source.ts'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { importKit } from './support/imports.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
const MiB = 1024 ** 2
let stack: TestStack
let owner: Person
const kit = importKit(() => stack)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  owner = await createPerson(stack, 'Olga Large')
}, 120_000)

afterAll(async () => {
  if (stack) await kit.settled()
  await stack?.stop()
})

const MESSAGES = 300

/**
 * A Slack export whose one day file is MESSAGES messages of about 1 MiB each (an unknown field
 * the import ignores, repeating so the entry compresses about 80:1), and `padding` bytes of
 * random data beside it (stored), so the zip is bigger than 50 MiB.
 */
function largeArchive(padding: number): Uint8Array {
  const out: Uint8Array[] = []
  const zip = new Zip((error, data) => {
    if (error) throw error
    out.push(data)
  })
  const text = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
  const small = (name: string, value: unknown) => {
    const file = new ZipDeflate(name, { level: 6 })
    zip.add(file)
    file.push(text(value), true)
  }
  small('users.json', [{ id: 'U1', name: 'ann', profile: { real_name: 'Ann Big' } }])
  small('channels.json', [{ id: 'C1', name: 'general', created: 1700000000, members: ['U1'] }])
  const day = new ZipDeflate('general/2024-01-01.json', { level: 1 })
  zip.add(day)
  const junk = randomBytes(12 * 1024)
    .toString('base64')
    .repeat(64)
  day.push(new TextEncoder().encode('['), false)
  for (let i = 0; i < MESSAGES; i += 1) {
    const message = {
      type: 'message',
      user: 'U1',
      ts: `${1700000000 + i}.000100`,
      text: `big ${i}`,
    }
    const item = JSON.stringify({ ...message, x_blocks: junk })
    day.push(new TextEncoder().encode(`${i ? ',' : ''}${item}`), false)
  }
  day.push(new TextEncoder().encode(']'), true)
  const pad = new ZipPassThrough('padding/random.bin')
  zip.add(pad)
  pad.push(randomBytes(padding), true)
  zip.end()
  return concat(out)
}

/** Uploads resumably as the person, in 6 MB chunks (tus-js-client, as the app's uploads). */
function resumable(person: Person, objectName: string, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      endpoint: `${stack.url}/storage/v1/upload/resumable`,
      chunkSize: 6 * 1024 * 1024,
      retryDelays: [],
      headers: {
        authorization: `Bearer ${person.token}`,
        apikey: stack.anonKey,
        'x-upsert': 'true',
      },
      metadata: { bucketName: 'imports', objectName, contentType: 'application/zip' },
      onError: reject,
      onSuccess: () => resolve(),
    })
    upload.start()
  })
}

describe('a large archive', () => {
  it('uploads resumably past 50 MiB, and is refused over 2 GiB when the upload is created', async () => {
    const ws = await kit.workspace(owner, 'Too big')
    const response = await fetch(`${stack.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        apikey: stack.anonKey,
        'tus-resumable': '1.0.0',
        'upload-length': String(2 * 1024 * MiB + 1),
        'upload-metadata': `bucketName ${btoa('imports')},objectName ${btoa(`${ws}/huge.zip`)}`,
      },
    })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe('Maximum size exceeded\n')
    const [bucket] = await stack.sql<{ file_size_limit: number }[]>`
      select file_size_limit::float8 as file_size_limit from storage.buckets where id = 'imports'`
    expect(bucket!.file_size_limit).toBe(2 * 1024 * MiB)
  })

  it('imports a day file bigger than the import process may hold, read from Storage as a stream', async () => {
    const ws = await kit.workspace(owner, 'Large')
    const zip = largeArchive(52 * MiB)
    expect(zip.length).toBeGreaterThan(50 * MiB)
    await resumable(owner, `${ws}/large.zip`, zip)
    const started = await kit.start(owner, ws, `${ws}/large.zip`)
    const done = await kit.ended(started.id, 240_000)
    expect(done).toMatchObject({ status: 'done', error: null, messages_done: MESSAGES })
    expect(done.report).toEqual([])
    const [last] = await stack.sql<{ n: number; last: string }[]>`
      select count(*)::int as n, max(m.body) filter (where m.created_at = (
        select max(created_at) from public.messages where channel_id = c.id)) as last
      from public.messages m join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws} group by c.id`
    expect(last).toEqual({ n: MESSAGES, last: `big ${MESSAGES - 1}` })
    // It ran in the background functions' process: niced, with its heap capped below the entry.
    const children = execFileSync('ps', ['-o', 'ni=,args=', '--ppid', String(process.pid)])
      .toString()
      .split('\n')
      .filter((line) => line.includes('background-main.ts'))
    expect(children).toHaveLength(1)
    expect(children[0]!.trim()).toMatch(/^10 .*--max-old-space-size=256 /)
  }, 300_000)
})
