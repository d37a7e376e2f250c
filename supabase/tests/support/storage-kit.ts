// The set-up of rls-storage.test.ts: a stack with the matrix's world and a storage-js client for
// each role; and what its checks do through Storage: upload as a person, a file sent with a
// message, whether an object is stored, read (download, signed URL and list agreeing) or upload as
// a role, and the files the functions store (a preview image, an export's zip) or the owner does
// (an import archive).
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll } from 'vitest'
import { clientFor } from './rest-checker.ts'
import { ROLES, actorOf, asUser } from './world.ts'
import type { Person, Role, World } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface StorageWorld extends WorldStack {
  clients: Record<Role, SupabaseClient>
}

/** Registers the file's beforeAll/afterAll; the stack and world are set once beforeAll has run. */
export function useStorageWorld(): StorageWorld {
  const t = useWorldStack({ clients: {} } as StorageWorld)
  beforeAll(async () => {
    for (const role of ROLES) t.clients[role] = clientFor(t.stack, actorOf(t.world, role))
  })
  return t
}

/** A bucket as storage-js gives it. */
export type Bucket = ReturnType<SupabaseClient['storage']['from']>

/** The helpers, for the stack and world of `t` (read when called). */
export function storageKit(t: StorageWorld) {
  const text = (s: string) => Buffer.from(s, 'utf8')
  const bucket = (role: Role, id = 'attachments'): Bucket => t.clients[role].storage.from(id)
  const roleOf = (person: Person): Role =>
    (Object.keys(t.world.people) as (keyof World['people'])[]).find(
      (k) => t.world.people[k] === person
    ) as Role

  async function upload(person: Person, bucketId: string, name: string, body = text('hello')) {
    // member2 is no role of the matrix: a client of their own
    const client = t.clients[roleOf(person)] ?? clientFor(t.stack, person)
    const { error } = await client.storage.from(bucketId).upload(name, body, {
      contentType: 'text/plain',
    })
    if (error) throw error
  }

  /** A file uploaded through Storage by the author and sent with a message: its path. */
  async function sentFile(
    author: Person,
    channel: string,
    parent: string | null = null
  ): Promise<{ path: string; message: string }> {
    const ws = channel === t.world.ch.outside ? t.world.ws2 : t.world.ws
    const message = randomUUID()
    const name = `${ws}/${channel}/${message}/notes.txt`
    await upload(author, 'attachments', name, text(`content of ${message}`))
    await asUser(
      t.stack.sql,
      author,
      (tx) =>
        tx`select public.send_message(${message}, ${channel}, 'file', ${tx.json([{ path: name }])}, ${parent})`
    )
    return { path: name, message }
  }

  async function stored(bucketId: string, name: string): Promise<boolean> {
    const rows = await t.stack
      .sql`select 1 from storage.objects where bucket_id = ${bucketId} and name = ${name}`
    return rows.length === 1
  }

  /** Reading: download, signed URL and list must all agree with the matrix. */
  const readFile =
    (make: () => Promise<{ path: string }>, bucketId = 'attachments') =>
    async (role: Role) => {
      const file = await make()
      const download = await bucket(role, bucketId).download(file.path)
      const signed = await bucket(role, bucketId).createSignedUrl(file.path, 60)
      const folder = file.path.slice(0, file.path.lastIndexOf('/'))
      const listed = await bucket(role, bucketId).list(folder)
      const results = [
        download.error === null && (await download.data!.text()).length > 0,
        signed.error === null && (await fetch(signed.data!.signedUrl)).ok,
        (listed.data ?? []).some((entry) => folder + '/' + entry.name === file.path),
      ]
      if (new Set(results).size !== 1)
        throw new Error(`download, sign and list disagree: ${results}`)
      return results[0]!
    }

  const uploadTo =
    (name: (role: Role) => Promise<string> | string, bucketId = 'attachments') =>
    async (role: Role) => {
      const target = await name(role)
      await bucket(role, bucketId).upload(target, text('new'), {
        contentType:
          bucketId === 'attachments'
            ? 'text/plain'
            : bucketId === 'imports'
              ? 'application/zip'
              : 'image/png',
      })
      return stored(bucketId, target)
    }

  /** A link preview's image as the link-previews function stores it (service role): its path. */
  async function previewImage(channel: string): Promise<{ path: string }> {
    const name = `${channel}/${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}.png`
    const { error } = await t.stack
      .client(t.stack.serviceRoleKey)
      .storage.from('link-previews')
      .upload(name, text('png bytes'), { contentType: 'image/png' })
    if (error) throw error
    return { path: name }
  }

  /** An archive the owner uploaded to the workspace's import folder: its path. */
  async function ownersArchive(): Promise<{ path: string }> {
    const name = `${t.world.ws}/${randomUUID()}.zip`
    const { error } = await bucket('owner', 'imports').upload(name, text('zip bytes'), {
      contentType: 'application/zip',
    })
    if (error) throw error
    return { path: name }
  }

  /** A finished export's zip, stored as the exports function stores it: its path. */
  async function exportZip(kind: 'workspace' | 'personal', who: Person): Promise<{ path: string }> {
    const id = randomUUID()
    const name = `${t.world.ws}/${id}.zip`
    const { error } = await t.stack
      .client(t.stack.serviceRoleKey)
      .storage.from('exports')
      .upload(name, text('zip bytes'), { contentType: 'application/zip' })
    if (error) throw error
    await t.stack.sql`
    insert into public.exports (id, workspace_id, requested_by, kind, status, size, storage_path)
    values (${id}, ${t.world.ws}, ${who.id}, ${kind}, 'done', 9, ${name})`
    return { path: name }
  }
  return {
    text,
    bucket,
    upload,
    sentFile,
    stored,
    readFile,
    uploadTo,
    previewImage,
    ownersArchive,
    exportZip,
  }
}
