// Objects downloaded through supabase-js and raw HTTP: authenticated and public, Range, ETag,
// disposition, HEAD, HTML served as text, missing objects. Uploads: objects.test.ts.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  bytes,
  errorShape,
  etagOf,
  serviceClient,
  storageFetch,
  useStorageStack,
} from './support.ts'

const t = useStorageStack(['user'])

describe('downloads', () => {
  const content = bytes(1000, 3)
  let path: string

  beforeAll(async () => {
    path = `${t.user.id}/data.bin`
    await t.user.client.storage.from('avatars').upload(path, content, {
      contentType: 'application/octet-stream',
      cacheControl: '120',
    })
  })

  it('serves the bytes with Storage headers', async () => {
    const response = await storageFetch(t.stack, `/object/avatars/${path}`, { token: t.user.token })
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content)
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(response.headers.get('content-length')).toBe('1000')
    expect(response.headers.get('cache-control')).toBe('max-age=120')
    expect(response.headers.get('etag')).toBe(etagOf(content))
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(Date.parse(response.headers.get('last-modified') ?? '')).not.toBeNaN()
    const authenticated = await storageFetch(t.stack, `/object/authenticated/avatars/${path}`, {
      token: t.user.token,
    })
    expect(Buffer.from(await authenticated.arrayBuffer())).toEqual(content)
  })

  it('serves a public bucket without a user, and refuses a private one', async () => {
    const anon = t.stack.client()
    const { publicUrl } = anon.storage.from('avatars').getPublicUrl(path).data
    const response = await fetch(publicUrl)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content)
    await serviceClient(t.stack).storage.from('files').upload(`${t.user.id}/secret.txt`, 'secret')
    const hidden = await fetch(
      anon.storage.from('files').getPublicUrl(`${t.user.id}/secret.txt`).data.publicUrl
    )
    expect(hidden.status).toBe(400)
    expect(await hidden.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })

  it('answers Range requests with 206 and Content-Range, 416 beyond the end', async () => {
    const get = (range: string) =>
      storageFetch(t.stack, `/object/avatars/${path}`, { token: t.user.token, headers: { range } })
    const first = await get('bytes=0-9')
    expect(first.status).toBe(206)
    expect(first.headers.get('content-range')).toBe('bytes 0-9/1000')
    expect(first.headers.get('content-length')).toBe('10')
    expect(Buffer.from(await first.arrayBuffer())).toEqual(content.subarray(0, 10))
    const middle = await get('bytes=500-')
    expect(middle.headers.get('content-range')).toBe('bytes 500-999/1000')
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(content.subarray(500))
    const suffix = await get('bytes=-100')
    expect(suffix.headers.get('content-range')).toBe('bytes 900-999/1000')
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(content.subarray(900))
    const beyond = await get('bytes=5000-6000')
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe('bytes */1000')
    expect(beyond.headers.get('content-type')).toMatch(/application\/json/)
    expect(await beyond.json()).toMatchObject({ statusCode: '416', code: 'InvalidRange' })
    const stale = await storageFetch(t.stack, `/object/avatars/${path}`, {
      token: t.user.token,
      headers: { range: 'bytes=0-9', 'if-range': '"other"' },
    })
    expect(stale.status).toBe(200)
    expect((await stale.arrayBuffer()).byteLength).toBe(1000)
  })

  it('answers 304 to a current ETag or date, and the bytes to a stale one', async () => {
    const etag = etagOf(content)
    const same = await storageFetch(t.stack, `/object/avatars/${path}`, {
      token: t.user.token,
      headers: { 'if-none-match': etag },
    })
    expect(same.status).toBe(304)
    expect(same.headers.get('etag')).toBe(etag)
    const changed = await storageFetch(t.stack, `/object/avatars/${path}`, {
      token: t.user.token,
      headers: { 'if-none-match': '"different"' },
    })
    expect(changed.status).toBe(200)
    const future = new Date(Date.now() + 60_000).toUTCString()
    const since = await storageFetch(t.stack, `/object/avatars/${path}`, {
      token: t.user.token,
      headers: { 'if-modified-since': future },
    })
    expect(since.status).toBe(304)
  })

  it('sets the download disposition, with or without a name', async () => {
    const files = t.user.client.storage.from('avatars')
    const named = await fetch(files.getPublicUrl(path, { download: 'report 1.bin' }).data.publicUrl)
    expect(named.headers.get('content-disposition')).toBe(
      "attachment; filename=report%201.bin; filename*=UTF-8''report%201.bin;"
    )
    const plain = await fetch(files.getPublicUrl(path, { download: true }).data.publicUrl)
    expect(plain.headers.get('content-disposition')).toBe('attachment;')
    const inline = await fetch(files.getPublicUrl(path).data.publicUrl)
    expect(inline.headers.get('content-disposition')).toBeNull()
  })

  it('answers HEAD with the headers only', async () => {
    const response = await storageFetch(t.stack, `/object/avatars/${path}`, {
      method: 'HEAD',
      token: t.user.token,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe('1000')
    expect(response.headers.get('etag')).toBe(etagOf(content))
    expect((await response.arrayBuffer()).byteLength).toBe(0)
  })

  it('serves stored HTML as plain text', async () => {
    const page = `${t.user.id}/page.html`
    await t.user.client.storage.from('avatars').upload(page, '<script>alert(1)</script>', {
      contentType: 'text/html',
    })
    const response = await fetch(
      t.user.client.storage.from('avatars').getPublicUrl(page).data.publicUrl
    )
    expect(response.headers.get('content-type')).toBe('text/plain')
  })

  it('answers a missing object with NoSuchKey, and exists() with false', async () => {
    const response = await storageFetch(t.stack, `/object/avatars/${t.user.id}/missing.txt`, {
      token: t.user.token,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
    const files = t.user.client.storage.from('avatars')
    expect((await files.exists(`${t.user.id}/missing.txt`)).data).toBe(false)
    expect(await files.exists(path)).toEqual({ data: true, error: null })
    const download = await files.download(`${t.user.id}/missing.txt`)
    expect(errorShape(download.error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
    const info = await files.info(`${t.user.id}/missing.txt`)
    expect(errorShape(info.error).statusCode).toBe('404')
  })
})
