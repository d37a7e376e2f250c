// Objects through supabase-js and raw HTTP: uploads (raw body, multipart, streams, upsert,
// update, metadata), info. Downloads (authenticated, public, Range, ETag, disposition) and exists:
// downloads.test.ts. Remove, move and copy: remove-move-copy.test.ts.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import {
  bytes,
  errorShape,
  etagOf,
  filesOnDisk,
  objectRow,
  serviceClient,
  storageFetch,
  useStorageStack,
} from './support.ts'

const t = useStorageStack(['user'])

const row = (bucket: string, name: string) => objectRow(t.stack, bucket, name)

describe('uploads', () => {
  it('stores a string as a raw body with storage-js defaults', async () => {
    const path = `${t.user.id}/hello.txt`
    const { data, error } = await t.user.client.storage.from('avatars').upload(path, 'hello')
    expect(error).toBeNull()
    expect(data).toEqual({ id: expect.any(String), path, fullPath: `avatars/${path}` })
    const stored = await row('avatars', path)
    expect(stored).toMatchObject({
      id: data?.id,
      owner: t.user.id,
      owner_id: t.user.id,
      user_metadata: null,
    })
    expect(stored?.metadata).toEqual({
      eTag: etagOf('hello'),
      size: 5,
      mimetype: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=3600',
      lastModified: expect.stringMatching(/^\d{4}-/),
      contentLength: 5,
      httpStatusCode: 200,
    })
  })

  it('stores a Blob as multipart with its type, cache control and user metadata', async () => {
    const path = `${t.user.id}/pic.png`
    const blob = new Blob([bytes(2000)], { type: 'image/png' })
    const { error } = await t.user.client.storage.from('avatars').upload(path, blob, {
      cacheControl: '60',
      metadata: { album: 'summer', rating: 5 },
    })
    expect(error).toBeNull()
    const stored = await row('avatars', path)
    expect(stored?.metadata).toMatchObject({
      mimetype: 'image/png',
      cacheControl: 'max-age=60',
      size: 2000,
    })
    expect(stored?.user_metadata).toEqual({ album: 'summer', rating: 5 })
    const info = await t.user.client.storage.from('avatars').info(path)
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'avatars',
      size: 2000,
      contentType: 'image/png',
      cacheControl: 'max-age=60',
      etag: etagOf(bytes(2000)),
      metadata: { album: 'summer', rating: 5 },
    })
  })

  it('answers info() with metadata {} when the object has no user metadata', async () => {
    const path = `${t.user.id}/plain.txt`
    expect((await t.user.client.storage.from('avatars').upload(path, 'plain')).error).toBeNull()
    expect((await row('avatars', path))?.user_metadata).toBeNull()
    const response = await storageFetch(t.stack, `/object/info/avatars/${path}`, {
      token: t.user.token,
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { metadata: unknown }).metadata).toEqual({})
  })

  it('takes a FormData body as given, its contentType field first', async () => {
    const form = new FormData()
    form.append('contentType', 'application/pdf')
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/octet-stream' }), 'doc.pdf')
    const path = `${t.user.id}/doc.pdf`
    expect((await t.user.client.storage.from('avatars').upload(path, form)).error).toBeNull()
    expect((await row('avatars', path))?.metadata).toMatchObject({
      mimetype: 'application/pdf',
      size: 8,
    })
  })

  it('sends raw bodies with content type and base64 metadata, and Node streams', async () => {
    const buffer = bytes(50_000, 7)
    const path = `${t.user.id}/raw.bin`
    const up = await t.user.client.storage.from('avatars').upload(path, buffer, {
      contentType: 'application/x-custom',
      metadata: { source: 'raw' },
    })
    expect(up.error).toBeNull()
    const stored = await row('avatars', path)
    expect(stored?.metadata).toMatchObject({
      mimetype: 'application/x-custom',
      eTag: etagOf(buffer),
    })
    expect(stored?.user_metadata).toEqual({ source: 'raw' })
    const streamed = `${t.user.id}/stream.bin`
    const stream = Readable.from([buffer.subarray(0, 20_000), buffer.subarray(20_000)])
    const result = await t.user.client.storage.from('avatars').upload(streamed, stream, {
      contentType: 'application/octet-stream',
    })
    expect(result.error).toBeNull()
    const download = await t.user.client.storage.from('avatars').download(streamed)
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(buffer)
  })

  it('refuses to overwrite without upsert, overwrites with it, and update() replaces', async () => {
    const path = `${t.user.id}/same.txt`
    const files = t.user.client.storage.from('avatars')
    expect((await files.upload(path, 'one')).error).toBeNull()
    const duplicate = await files.upload(path, 'two')
    expect(errorShape(duplicate.error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    expect(await (await files.download(path)).data?.text()).toBe('one')
    const first = await row('avatars', path)
    expect((await files.upload(path, 'three', { upsert: true })).error).toBeNull()
    expect(await (await files.download(path)).data?.text()).toBe('three')
    const updated = await files.update(path, 'four')
    expect(updated.error).toBeNull()
    expect(updated.data?.id).toBe(first?.id)
    expect(await (await files.download(path)).data?.text()).toBe('four')
    const versions = (await filesOnDisk(t.stack)).filter((f) =>
      f.startsWith(`buckets/avatars/${path}~`)
    )
    expect(versions).toEqual([`buckets/avatars/${path}~${(await row('avatars', path))?.version}`])
  })

  it('stores an empty placeholder that makes a folder appear', async () => {
    const files = t.user.client.storage.from('avatars')
    const placeholder = `${t.user.id}/empty-folder/.emptyFolderPlaceholder`
    expect((await files.upload(placeholder, new Uint8Array(0))).error).toBeNull()
    expect((await row('avatars', placeholder))?.metadata).toMatchObject({
      size: 0,
      eTag: etagOf(''),
    })
    const listed = await files.list(t.user.id, { search: 'empty' })
    expect(listed.data).toEqual([expect.objectContaining({ name: 'empty-folder', id: null })])
    const download = await storageFetch(t.stack, `/object/avatars/${placeholder}`, {
      token: t.user.token,
    })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-length')).toBe('0')
    expect((await download.arrayBuffer()).byteLength).toBe(0)
  })

  it('refuses uploads to a missing bucket and without a key', async () => {
    const missing = await serviceClient(t.stack).storage.from('nope').upload('a.txt', 'x')
    expect(errorShape(missing.error)).toMatchObject({
      statusCode: '404',
      message: 'Bucket not found',
    })
    const response = await storageFetch(t.stack, '/object/avatars/', {
      method: 'POST',
      token: t.stack.serviceRoleKey,
      body: 'x',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'InvalidKey',
      error: 'InvalidKey',
      message: 'Invalid key: ',
    })
  })
})
