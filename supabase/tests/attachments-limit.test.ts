// The largest file a workspace takes (workspaces.max_file_bytes; issue 68, item 4): owners and
// admins set it from 1 MB to the attachments bucket's limit (audited), nobody else; and the
// server holds every member to it with real storage-js and tus-js-client, as the app and anyone
// using supabase-js directly upload: a standard upload (raw or a form), a resumable one (its
// declared length, or a deferred one chunk by chunk), a signed upload URL, and send_message for a
// file that was stored under a higher limit. Nothing over the limit is stored.
import { randomUUID } from 'node:crypto'
import { Upload } from 'tus-js-client'
import { beforeAll, describe, expect, it } from 'vitest'
import { storageKit, useStorageWorld } from './support/storage-kit.ts'
import type { Person } from './support/world.ts'

const t = useStorageWorld()
const { bucket, stored } = storageKit(t)

const MB = 1_000_000
const limitOf = async () => {
  const [row] = await t.stack.sql<
    { max_file_bytes: string }[]
  >`select max_file_bytes from public.workspaces where id = ${t.world.ws}`
  return Number(row!.max_file_bytes)
}
const setLimit = (role: 'owner' | 'admin' | 'member' | 'guest', bytes: unknown) =>
  t.clients[role].rpc('set_workspace_file_limit', {
    p_workspace_id: t.world.ws,
    p_bytes: bytes as number,
  })
const folder = () => `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}`

/** Uploads resumably as the person, in 6 MB chunks (tus-js-client, as the app's uploads). */
function resumable(person: Person, objectName: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(bytes, {
      endpoint: `${t.stack.url}/storage/v1/upload/resumable`,
      chunkSize: 6 * 1024 * 1024,
      retryDelays: [],
      uploadDataDuringCreation: true,
      headers: {
        authorization: `Bearer ${person.token}`,
        apikey: t.stack.anonKey,
        'x-upsert': 'false',
      },
      metadata: { bucketName: 'attachments', objectName, contentType: 'video/mp4' },
      onError: reject,
      onSuccess: () => resolve(),
    }).start()
  })
}

const tusHeaders = (person: Person) => ({
  authorization: `Bearer ${person.token}`,
  apikey: t.stack.anonKey,
  'tus-resumable': '1.0.0',
})

describe('the setting', () => {
  it('is 50 MB to begin with, under a bucket of the project’s 2 GiB', async () => {
    expect(await limitOf()).toBe(50 * MB)
    const { data } = await t.clients.member.rpc('my_workspaces')
    expect(data!.find((w: { id: string }) => w.id === t.world.ws)).toMatchObject({
      max_file_bytes: 50 * MB,
    })
    const bucketRow = await t.clients.member.storage.getBucket('attachments')
    expect(bucketRow.data).toMatchObject({ file_size_limit: 2147483648 })
  })

  it('is changed by owners and admins only, and audited', async () => {
    for (const role of ['member', 'guest'] as const) {
      const { error } = await setLimit(role, 2 * MB)
      expect(error).toMatchObject({ code: '42501', details: 'workspace_admin_only' })
    }
    const direct = await t.clients.member
      .from('workspaces')
      .update({ max_file_bytes: 2 * MB } as never)
      .eq('id', t.world.ws)
    expect(direct.error).not.toBeNull()
    expect(await limitOf()).toBe(50 * MB)

    expect((await setLimit('admin', 2 * MB)).data).toBe(2 * MB)
    expect((await setLimit('owner', 3 * MB)).data).toBe(3 * MB)
    expect(await limitOf()).toBe(3 * MB)
    const audit = await t.stack.sql<{ actor_id: string; details: Record<string, unknown> }[]>`
      select actor_id, details from public.audit_log
      where workspace_id = ${t.world.ws} and action = 'workspace.file_limit_changed' order by id`
    expect(audit).toEqual([
      { actor_id: t.world.people.admin.id, details: { from: 50 * MB, to: 2 * MB } },
      { actor_id: t.world.people.owner.id, details: { from: 2 * MB, to: 3 * MB } },
    ])
  })

  it('refuses 0, negative, under 1 MB, over the bucket, none and non-numbers, changing nothing', async () => {
    for (const bad of [0, -5, MB - 1, 2147483648 + 1, null]) {
      const { error } = await setLimit('admin', bad)
      expect(error, String(bad)).toMatchObject({
        code: '22023',
        details: 'file_limit_out_of_range',
      })
      expect(error!.message).toContain('1000000 to 2147483648 bytes')
    }
    for (const bad of ['fifty', '2 MB', 1.5]) {
      const { error } = await setLimit('admin', bad)
      expect(error, String(bad)).toMatchObject({ code: '22P02' })
      expect(error!.message).toMatch(/invalid input syntax for type bigint/)
    }
    expect(await limitOf()).toBe(3 * MB)
  })
})

describe('at upload', () => {
  beforeAll(async () => {
    expect((await setLimit('admin', 1 * MB)).error).toBeNull()
  })

  it('refuses a standard upload over the limit with Storage’s AccessDenied, storing nothing', async () => {
    const name = `${folder()}/big.mp4`
    const { error } = await bucket('member').upload(name, Buffer.alloc(MB + 1), {
      contentType: 'video/mp4',
    })
    expect(error).toMatchObject({ statusCode: '403' })
    expect(error!.message).toBe(
      `Files in ${await wsName()} can be at most 1000000 bytes; this upload is 1000001 bytes (file_too_large).`
    )
    expect(await stored('attachments', name)).toBe(false)
  })

  it('refuses a form upload (as a browser sends a File) over the limit', async () => {
    const name = `${folder()}/big.bin`
    const { error } = await bucket('member').upload(name, new Blob([Buffer.alloc(MB + 20_000)]))
    expect(error).toMatchObject({ statusCode: '403' })
    expect(error!.message).toMatch(/\(file_too_large\)\.$/)
    expect(await stored('attachments', name)).toBe(false)
  })

  it('takes a file of exactly the limit, raw or as a form', async () => {
    const raw = `${folder()}/exact.bin`
    const form = `${folder()}/exact-form.bin`
    expect((await bucket('member').upload(raw, Buffer.alloc(MB))).error).toBeNull()
    expect((await bucket('member').upload(form, new Blob([Buffer.alloc(MB)]))).error).toBeNull()
    expect(await stored('attachments', raw)).toBe(true)
    expect(await stored('attachments', form)).toBe(true)
  })

  it('refuses a resumable upload whose length is over the limit when it is created', async () => {
    const name = `${folder()}/big.mp4`
    const failure = await resumable(t.world.people.member, name, Buffer.alloc(MB + 1)).then(
      () => null,
      (e: { originalResponse?: { getStatus(): number; getBody(): string } }) => e
    )
    expect(failure?.originalResponse?.getStatus()).toBe(403)
    expect(failure?.originalResponse?.getBody()).toMatch(
      /at most 1000000 bytes.*\(file_too_large\)\.$/
    )
    expect(await stored('attachments', name)).toBe(false)
  })

  it('takes a resumable upload within the limit', async () => {
    const name = `${folder()}/clip.mp4`
    await resumable(t.world.people.member, name, Buffer.alloc(MB))
    expect(await stored('attachments', name)).toBe(true)
  })

  it('refuses a deferred length at the chunk that goes past the limit', async () => {
    const name = `${folder()}/deferred.bin`
    const meta = `bucketName ${btoa('attachments')},objectName ${btoa(name)}`
    const created = await fetch(`${t.stack.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...tusHeaders(t.world.people.member),
        'upload-defer-length': '1',
        'upload-metadata': meta,
      },
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const first = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(t.world.people.member),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      body: Buffer.alloc(MB / 2),
    })
    expect(first.status).toBe(204)
    const past = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(t.world.people.member),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(MB / 2),
        'upload-length': String(MB + 1),
      },
      body: Buffer.alloc(MB / 2 + 1),
    })
    expect(past.status).toBe(403)
    expect(await past.text()).toMatch(/\(file_too_large\)\.$/)
    expect(await stored('attachments', name)).toBe(false)
  })

  it('offers no signed upload URL into the bucket (it would declare no size)', async () => {
    const name = `${folder()}/signed.bin`
    const { error } = await bucket('member').createSignedUploadUrl(name)
    expect(error).toMatchObject({ statusCode: '403' })
    expect(error!.message).toMatch(/\(file_size_unknown\)\.$/)
  })

  it('leaves other buckets and other workspaces to their own rules', async () => {
    const own = t.world.people.member.id
    const avatar = await bucket('member', 'avatars').upload(
      `${own}/${randomUUID()}.png`,
      Buffer.alloc(MB + 1),
      { contentType: 'image/png' }
    )
    expect(avatar.error).toBeNull()
    // ws2 keeps its 50 MB (the outsider's workspace).
    const name = `${t.world.ws2}/${t.world.ch.outside}/${randomUUID()}/big.bin`
    const other = await bucket('outsider').upload(name, Buffer.alloc(MB + 1))
    expect(other.error).toBeNull()
  })
})

describe('at send', () => {
  it('refuses a file stored under a higher limit, keeping nothing of the message', async () => {
    expect((await setLimit('admin', 2 * MB)).error).toBeNull()
    const message = randomUUID()
    const name = `${t.world.ws}/${t.world.ch.plaza}/${message}/talk.mp4`
    expect((await bucket('member').upload(name, Buffer.alloc(MB + 1))).error).toBeNull()
    expect((await setLimit('admin', 1 * MB)).error).toBeNull()
    const { error } = await t.clients.member.rpc('send_message', {
      p_id: message,
      p_channel_id: t.world.ch.plaza,
      p_body: '',
      p_attachments: [{ path: name, name: 'talk.mp4' }],
    })
    expect(error).toMatchObject({
      code: '42501',
      details: 'file_too_large',
      message: `talk.mp4 is 1000001 bytes; files in ${await wsName()} can be at most 1000000 bytes.`,
    })
    expect(await t.stack.sql`select 1 from public.messages where id = ${message}`).toHaveLength(0)
    // Within the limit it goes.
    const ok = randomUUID()
    const small = `${t.world.ws}/${t.world.ch.plaza}/${ok}/small.bin`
    expect((await bucket('member').upload(small, Buffer.alloc(1000))).error).toBeNull()
    const sent = await t.clients.member.rpc('send_message', {
      p_id: ok,
      p_channel_id: t.world.ch.plaza,
      p_body: '',
      p_attachments: [{ path: small }],
    })
    expect(sent.error).toBeNull()
  })
})

async function wsName(): Promise<string> {
  const [row] = await t.stack.sql<
    { name: string }[]
  >`select name from public.workspaces where id = ${t.world.ws}`
  return row!.name
}
