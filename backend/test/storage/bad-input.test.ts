// Bad input gets Storage's error, never a 500, never a file outside the bucket's folder, and
// nothing already stored is lost: hostile names, files over the limits, disallowed types,
// bodies that stop halfway, broken forms and JSON.
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { bytes, filesOnDisk, serviceClient, startStorageStack, storageFetch } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startStorageStack({
    config: 'project_id = "bad-input"\n[storage]\nfile_size_limit = "64KiB"\n',
  })
  const storage = serviceClient(stack).storage
  await storage.createBucket('small', { public: false, fileSizeLimit: 1000 })
  await storage.createBucket('images', { public: false, allowedMimeTypes: ['image/*'] })
  await storage.from('avatars').upload('keep/original.txt', 'original content')
  await storage.from('small').upload('existing.bin', bytes(500, 9))
})

afterAll(async () => {
  await stack?.stop()
})

async function snapshot() {
  const rows = await stack.sql`select bucket_id, name, version from storage.objects order by 1, 2`
  return { rows, files: await filesOnDisk(stack), data: await readdir(stack.context.dataDir) }
}

/**
 * Uploads with the path sent exactly as written: fetch would resolve "%2E%2E" segments itself,
 * a hostile client does not.
 */
function rawUpload(objectPath: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(stack.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/storage/v1/object/${objectPath}`,
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${stack.serviceRoleKey}`,
          'content-type': 'text/plain',
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          })
        )
      }
    )
    req.on('error', reject)
    req.end('x')
  })
}

const upload = (
  objectPath: string,
  body: RequestInit['body'] = 'x',
  headers: Record<string, string> = {}
) =>
  storageFetch(stack, `/object/${objectPath}`, {
    method: 'POST',
    token: stack.serviceRoleKey,
    headers: { 'content-type': 'text/plain', ...headers },
    body,
  })

/** Waits (up to ten seconds on a busy machine) for the server to clean up after a failed upload. */
async function tmpIsEmpty(): Promise<boolean> {
  for (let i = 0; i < 500; i++) {
    const left = await readdir(path.join(stack.context.dataDir, 'storage', 'tmp'))
    if (left.length === 0) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}

describe('hostile object names', () => {
  const invalid: [string, string][] = [
    ['percent-encoded parent', 'avatars/%2E%2E/escape.txt'],
    ['parent deeper down', 'avatars/keep/%2E%2E/%2E%2E/%2E%2E/escape.txt'],
    ['encoded slashes', 'avatars/..%2F..%2F..%2Fetc%2Fpasswd'],
    ['current folder', 'avatars/keep/%2E/x.txt'],
    ['absolute path', 'avatars//etc/passwd'],
    ['empty segment', 'avatars/keep//x.txt'],
    ['trailing slash', 'avatars/keep/'],
    ['NUL byte', 'avatars/a%00b.txt'],
    ['backslash traversal', 'avatars/..%5C..%5Cwin.txt'],
    ['over-long name', `avatars/${'a'.repeat(1025)}`],
    ['right-to-left override', 'avatars/invoice%E2%80%AEtxt.exe'],
    ['zero-width space', 'avatars/a%E2%80%8Bb.txt'],
    ['accented letters', 'avatars/caf%C3%A9.txt'],
    ['emoji', 'avatars/%F0%9F%98%80.txt'],
    ['control character', 'avatars/line%0Abreak.txt'],
    ['percent sign', 'avatars/100%25.txt'],
    ['hash', 'avatars/a%23b.txt'],
  ]

  it.each(invalid)('refuses %s with InvalidKey and stores nothing', async (_label, objectPath) => {
    const before = await snapshot()
    const response = await rawUpload(objectPath)
    expect(response.status).toBe(400)
    const body = response.body as { statusCode: string; code: string; message: string }
    expect(body).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    expect(body.message).toMatch(/^Invalid key: /)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses them in JSON bodies too (move, copy, destination bucket)', async () => {
    const before = await snapshot()
    for (const body of [
      { bucketId: 'avatars', sourceKey: 'keep/original.txt', destinationKey: '../../outside.txt' },
      { bucketId: 'avatars', sourceKey: 'keep/original.txt', destinationKey: '/etc/passwd' },
      { bucketId: 'avatars', sourceKey: 'keep/original.txt', destinationKey: 'a\u0000b' },
      { bucketId: 'avatars', sourceKey: '../keep/original.txt', destinationKey: 'x.txt' },
      {
        bucketId: 'avatars',
        sourceKey: 'keep/original.txt',
        destinationKey: 'x.txt',
        destinationBucket: '..',
      },
    ]) {
      for (const route of ['/object/move', '/object/copy']) {
        const response = await storageFetch(stack, route, {
          method: 'POST',
          token: stack.serviceRoleKey,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({
          statusCode: '400',
          code: expect.stringMatching(/^Invalid(Key|BucketName)$/),
        })
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('never reaches a path outside the bucket through supabase-js either', async () => {
    const before = await snapshot()
    const storage = serviceClient(stack).storage.from('avatars')
    for (const name of ['../escape.txt', '../../escape.txt', 'keep/../../escape.txt']) {
      const { error } = await storage.upload(name, 'escape')
      expect(error).not.toBeNull()
      expect(error?.message).not.toMatch(/Internal/)
    }
    expect(await snapshot()).toEqual(before)
    expect(await (await storage.download('keep/original.txt')).data?.text()).toBe(
      'original content'
    )
  })

  it('answers a broken percent-encoding with a 400', async () => {
    const response = await rawUpload('avatars/bad%zz.txt')
    expect(response.status).toBe(400)
  })
})

describe('files over the limit', () => {
  it('refuses a raw body over the bucket limit, before and while reading', async () => {
    const before = await snapshot()
    const declared = await upload('small/big.bin', bytes(2000), {
      'content-type': 'application/octet-stream',
    })
    expect(declared.status).toBe(400)
    expect(await declared.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    })
    const chunked = await storageFetch(stack, '/object/small/big.bin', {
      method: 'POST',
      token: stack.serviceRoleKey,
      headers: { 'content-type': 'application/octet-stream' },
      body: Readable.toWeb(Readable.from([bytes(600), bytes(600)])) as ReadableStream,
      duplex: 'half',
    } as RequestInit)
    expect(await chunked.json()).toMatchObject({ statusCode: '413' })
    expect(await tmpIsEmpty()).toBe(true)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a multipart file over the limit and keeps the object it would replace', async () => {
    const before = await snapshot()
    const storage = serviceClient(stack).storage.from('small')
    const { error } = await storage.upload('existing.bin', new Blob([bytes(1500)]), {
      upsert: true,
    })
    expect(error).toMatchObject({ statusCode: '413' })
    const kept = await storage.download('existing.bin')
    expect(Buffer.from(await kept.data!.arrayBuffer())).toEqual(bytes(500, 9))
    expect(await tmpIsEmpty()).toBe(true)
    expect(await snapshot()).toEqual(before)
  })

  it('applies the global [storage] file_size_limit to buckets without one', async () => {
    const storage = serviceClient(stack).storage.from('avatars')
    const { error } = await storage.upload('huge.bin', bytes(65 * 1024))
    expect(error).toMatchObject({ statusCode: '413' })
    expect((await storage.upload('fits.bin', bytes(64 * 1024))).error).toBeNull()
  })

  it('accepts a file of exactly the limit', async () => {
    const { error } = await serviceClient(stack)
      .storage.from('small')
      .upload('exact.bin', bytes(1000))
    expect(error).toBeNull()
  })
})

describe('disallowed types', () => {
  it('refuses a type the bucket does not allow, raw or multipart', async () => {
    const before = await snapshot()
    const raw = await upload('images/notes.txt', 'text', { 'content-type': 'text/plain' })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type text/plain is not supported',
    })
    const storage = serviceClient(stack).storage.from('images')
    const multipart = await storage.upload('notes.txt', new Blob(['text'], { type: 'text/plain' }))
    expect(multipart.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    })
    const noSubtype = await upload('images/odd', 'x', { 'content-type': 'image' })
    expect(await noSubtype.json()).toMatchObject({ statusCode: '415' })
    expect(await snapshot()).toEqual(before)
    expect((await storage.upload('ok.png', 'png', { contentType: 'image/png' })).error).toBeNull()
    expect(
      (await storage.upload('ok.webp', 'webp', { contentType: 'image/webp; q=1' })).error
    ).toBeNull()
  })
})

describe('bodies that stop halfway', () => {
  /** Sends the head and part of a body over a raw socket, then drops the connection. */
  async function abandon(head: string, part: Buffer): Promise<void> {
    const url = new URL(stack.url)
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(head)
        socket.write(part, () => {
          setTimeout(() => {
            socket.destroy()
            resolve()
          }, 50)
        })
      })
      socket.on('error', reject)
    })
  }

  it('leaves no file and no row after a raw upload that stops, and keeps the old object', async () => {
    const before = await snapshot()
    const head =
      `POST /storage/v1/object/avatars/keep/original.txt HTTP/1.1\r\nHost: x\r\n` +
      `Authorization: Bearer ${stack.serviceRoleKey}\r\napikey: ${stack.anonKey}\r\n` +
      `x-upsert: true\r\nContent-Type: text/plain\r\nContent-Length: 40000\r\n\r\n`
    await abandon(head, bytes(20000))
    expect(await tmpIsEmpty()).toBe(true)
    expect(await snapshot()).toEqual(before)
    const kept = await serviceClient(stack).storage.from('avatars').download('keep/original.txt')
    expect(await kept.data?.text()).toBe('original content')
  })

  it('leaves nothing after a multipart upload that stops inside the file', async () => {
    const before = await snapshot()
    const boundary = 'xxBOUNDARYxx'
    const start =
      `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`
    const head =
      `POST /storage/v1/object/avatars/halfway.bin HTTP/1.1\r\nHost: x\r\n` +
      `Authorization: Bearer ${stack.serviceRoleKey}\r\napikey: ${stack.anonKey}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 50000\r\n\r\n`
    await abandon(head, Buffer.concat([Buffer.from(start), bytes(10000)]))
    expect(await tmpIsEmpty()).toBe(true)
    expect(await snapshot()).toEqual(before)
  })
})

describe('malformed requests', () => {
  it('answers a form without a file, and a form that does not parse', async () => {
    const form = new FormData()
    form.append('cacheControl', '3600')
    const noFile = await storageFetch(stack, '/object/avatars/empty-form.txt', {
      method: 'POST',
      token: stack.serviceRoleKey,
      body: form,
    })
    expect(noFile.status).toBe(400)
    expect(await noFile.json()).toMatchObject({ statusCode: '400', message: 'No content provided' })
    const broken = await upload('avatars/broken.txt', 'not a form', {
      'content-type': 'multipart/form-data',
    })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ statusCode: '400' })
  })

  it('answers bad JSON, bad x-metadata and bad fields in Storage format', async () => {
    const badJson = await storageFetch(stack, '/object/list/avatars', {
      method: 'POST',
      token: stack.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: '{"prefix": ',
    })
    expect(badJson.status).toBe(400)
    expect(await badJson.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    const missing = await storageFetch(stack, '/object/list/avatars', {
      method: 'POST',
      token: stack.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(await missing.json()).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'Error',
      message: "body must have required property 'prefix'",
    })
    const badMeta = await upload('avatars/meta.txt', 'x', { 'x-metadata': 'bm90IGpzb24=' })
    expect(await badMeta.json()).toMatchObject({
      statusCode: '400',
      message: 'metadata must be a JSON object',
    })
    const badExpiry = await storageFetch(stack, '/object/sign/avatars/keep/original.txt', {
      method: 'POST',
      token: stack.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 0 }),
    })
    expect(await badExpiry.json()).toMatchObject({
      statusCode: '400',
      message: 'body/expiresIn must be >= 1',
    })
  })

  it('answers an unknown route as Storage does', async () => {
    const response = await storageFetch(stack, '/nothing/here', { token: stack.serviceRoleKey })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'InvalidRequest',
      error: 'Not Found',
      message: 'Route GET:/nothing/here not found',
    })
  })
})
