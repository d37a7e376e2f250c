// Bad input gets Storage's error, never a 500, never a file outside the bucket's folder, and
// nothing already stored is lost: hostile names, files over the limits, disallowed types,
// bodies that stop halfway, broken forms and JSON.
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { badInputCalls, INVALID_NAMES, startBadInputStack } from './bad-input-support.ts'
import { bytes, serviceClient, storageFetch } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startBadInputStack()
})

afterAll(async () => {
  await stack?.stop()
})

const { snapshot, rawUpload, upload, tmpIsEmpty, abandon } = badInputCalls(() => stack)

describe('hostile object names', () => {
  it.each(INVALID_NAMES)(
    'refuses %s with InvalidKey and stores nothing',
    async (_label, objectPath) => {
      const before = await snapshot()
      const response = await rawUpload(objectPath)
      expect(response.status).toBe(400)
      const body = response.body as { statusCode: string; code: string; message: string }
      expect(body).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
      expect(body.message).toMatch(/^Invalid key: /)
      expect(await snapshot()).toEqual(before)
    }
  )

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
