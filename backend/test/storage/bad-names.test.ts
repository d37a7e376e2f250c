// Names no bucket or object can have (a NUL byte first: PostgreSQL cannot store one, and it used
// to reach it as "invalid byte sequence" and come back as a 500) are refused on every route, read
// routes included, with Storage's InvalidBucketName or InvalidKey and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { serviceClient, startStorageStack, storageFetch } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startStorageStack({ config: 'project_id = "bad-names"\n' })
  await serviceClient(stack).storage.from('avatars').upload('keep/original.txt', 'original')
})

afterAll(async () => {
  await stack?.stop()
})

const INVALID_BUCKET = {
  statusCode: '400',
  code: 'InvalidBucketName',
  error: 'Invalid Input',
  message: 'Bucket name invalid',
}

const invalidKey = (key: string) => ({
  statusCode: '400',
  code: 'InvalidKey',
  error: 'InvalidKey',
  message: `Invalid key: ${key}`,
})

type Route = [label: string, method: string, path: (bucket: string, key: string) => string]

/** Routes whose path names a bucket and an object. */
const OBJECT_ROUTES: Route[] = [
  ['download', 'GET', (b, k) => `/object/${b}/${k}`],
  ['download as the caller', 'GET', (b, k) => `/object/authenticated/${b}/${k}`],
  ['public download', 'GET', (b, k) => `/object/public/${b}/${k}`],
  ['signed download', 'GET', (b, k) => `/object/sign/${b}/${k}?token=x`],
  ['info', 'GET', (b, k) => `/object/info/${b}/${k}`],
  ['info as the caller', 'GET', (b, k) => `/object/info/authenticated/${b}/${k}`],
  ['public info', 'GET', (b, k) => `/object/info/public/${b}/${k}`],
  ['render', 'GET', (b, k) => `/render/image/authenticated/${b}/${k}`],
  ['public render', 'GET', (b, k) => `/render/image/public/${b}/${k}`],
  ['signed render', 'GET', (b, k) => `/render/image/sign/${b}/${k}?token=x`],
  ['sign', 'POST', (b, k) => `/object/sign/${b}/${k}`],
  ['sign an upload', 'POST', (b, k) => `/object/upload/sign/${b}/${k}`],
  ['delete', 'DELETE', (b, k) => `/object/${b}/${k}`],
  ['purge', 'DELETE', (b, k) => `/cdn/${b}/${k}`],
  ['upload', 'POST', (b, k) => `/object/${b}/${k}`],
  ['update', 'PUT', (b, k) => `/object/${b}/${k}`],
  ['signed upload', 'PUT', (b, k) => `/object/upload/sign/${b}/${k}?token=x`],
]

/** Routes whose path names a bucket only (with the body they need otherwise). */
const BUCKET_ROUTES: [string, string, (bucket: string) => string, unknown?][] = [
  ['get a bucket', 'GET', (b) => `/bucket/${b}`],
  ['update a bucket', 'PUT', (b) => `/bucket/${b}`, { public: true }],
  ['empty a bucket', 'POST', (b) => `/bucket/${b}/empty`],
  ['delete a bucket', 'DELETE', (b) => `/bucket/${b}`],
  ['list', 'POST', (b) => `/object/list/${b}`, { prefix: '' }],
  ['list-v2', 'POST', (b) => `/object/list-v2/${b}`, {}],
  ['sign many', 'POST', (b) => `/object/sign/${b}`, { expiresIn: 60, paths: ['a.txt'] }],
  ['delete many', 'DELETE', (b) => `/object/${b}`, { prefixes: ['a.txt'] }],
  ['purge a bucket', 'DELETE', (b) => `/cdn/${b}`],
]

async function send(method: string, path: string, body?: unknown) {
  const init: RequestInit & { token: string } = { method, token: stack.serviceRoleKey }
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' }
    init.body = JSON.stringify(body)
  } else if (method === 'POST' || method === 'PUT') {
    // Sign routes need their JSON; uploads take any body.
    init.headers = { 'content-type': 'application/json' }
    init.body = JSON.stringify({ expiresIn: 60 })
  }
  const response = await storageFetch(stack, path, init)
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
}

async function stored() {
  return stack.sql`select bucket_id, name, version from storage.objects order by 1, 2`
}

describe('a NUL byte in the path', () => {
  it.each(OBJECT_ROUTES)('%s: in the key, InvalidKey', async (_label, method, path) => {
    const before = await stored()
    const response = await send(method, path('avatars', 'keep/a%00b.txt'))
    expect(response).toEqual({ status: 400, body: invalidKey('keep/a\u0000b.txt') })
    expect(await stored()).toEqual(before)
  })

  it.each(OBJECT_ROUTES)('%s: in the bucket, InvalidBucketName', async (_label, method, path) => {
    const response = await send(method, path('ava%00tars', 'keep/original.txt'))
    expect(response).toEqual({ status: 400, body: INVALID_BUCKET })
  })

  it.each(BUCKET_ROUTES)('%s: in the bucket, InvalidBucketName', async (_l, method, path, body) => {
    const before = await stored()
    const response = await send(method, path('ava%00tars'), body)
    expect(response).toEqual({ status: 400, body: INVALID_BUCKET })
    expect(await stored()).toEqual(before)
  })

  it('HEAD answers 400 without a body', async () => {
    for (const path of [
      '/object/avatars/keep/a%00b.txt',
      '/object/public/avatars/keep/a%00b.txt',
      '/object/authenticated/ava%00tars/keep/original.txt',
      '/object/sign/avatars/keep/a%00b.txt?token=x',
    ]) {
      const response = await storageFetch(stack, path, {
        method: 'HEAD',
        token: stack.serviceRoleKey,
      })
      expect([path, response.status]).toEqual([path, 400])
    }
  })

  it('the same routes still find what exists and miss what does not (the check refuses no real name)', async () => {
    const found = await send('GET', '/object/info/avatars/keep/original.txt')
    expect(found.status).toBe(200)
    const missing = await send('GET', '/object/info/avatars/keep/other.txt')
    expect(missing).toMatchObject({ status: 400, body: { statusCode: '404', code: 'NoSuchKey' } })
    const noBucket = await send('GET', '/bucket/no-such-bucket')
    expect(noBucket).toMatchObject({ status: 400, body: { statusCode: '404' } })
  })
})

describe('a NUL byte in a JSON body', () => {
  it('in a list prefix (list and list-v2): InvalidKey', async () => {
    for (const route of ['/object/list/avatars', '/object/list-v2/avatars']) {
      const response = await send('POST', route, { prefix: 'keep/\u0000' })
      expect(response).toEqual({ status: 400, body: invalidKey('keep/\u0000') })
    }
  })

  it('in the paths to sign: InvalidKey, and nothing signed', async () => {
    const response = await send('POST', '/object/sign/avatars', {
      expiresIn: 60,
      paths: ['keep/original.txt', 'a\u0000b'],
    })
    expect(response).toEqual({ status: 400, body: invalidKey('a\u0000b') })
  })

  it('in the keys to delete: InvalidKey, and nothing deleted', async () => {
    const before = await stored()
    const response = await send('DELETE', '/object/avatars', {
      prefixes: ['keep/original.txt', 'a\u0000b'],
    })
    expect(response).toEqual({ status: 400, body: invalidKey('a\u0000b') })
    expect(await stored()).toEqual(before)
  })

  it('in move and copy: InvalidKey or InvalidBucketName', async () => {
    const base = { bucketId: 'avatars', sourceKey: 'keep/original.txt', destinationKey: 'x.txt' }
    for (const route of ['/object/move', '/object/copy']) {
      expect(await send('POST', route, { ...base, sourceKey: 'a\u0000b' })).toEqual({
        status: 400,
        body: invalidKey('a\u0000b'),
      })
      expect(await send('POST', route, { ...base, bucketId: 'a\u0000b' })).toEqual({
        status: 400,
        body: INVALID_BUCKET,
      })
      expect(await send('POST', route, { ...base, destinationBucket: 'a\u0000b' })).toEqual({
        status: 400,
        body: INVALID_BUCKET,
      })
    }
  })

  it('in a new bucket id or name: InvalidBucketName', async () => {
    for (const body of [{ name: 'a\u0000b' }, { id: 'a\u0000b', name: 'ab' }]) {
      expect(await send('POST', '/bucket', body)).toEqual({ status: 400, body: INVALID_BUCKET })
    }
  })
})

describe('a NUL byte in searches and metadata (text and jsonb cannot hold one)', () => {
  const nul = (where: string) => ({
    statusCode: '400',
    code: 'InvalidRequest',
    error: 'Error',
    message: `${where} must not contain a NUL character`,
  })

  it('in a list search or a bucket search', async () => {
    expect(await send('POST', '/object/list/avatars', { prefix: '', search: 'a\u0000' })).toEqual({
      status: 400,
      body: nul('body/search'),
    })
    expect(await send('GET', '/bucket?search=a%00')).toEqual({
      status: 400,
      body: nul('querystring/search'),
    })
  })

  it('in the metadata of an upload or a copy, and nothing stored', async () => {
    const before = await stored()
    const metadata = { note: 'a\u0000b' }
    const upload = await storageFetch(stack, '/object/avatars/meta.txt', {
      method: 'POST',
      token: stack.serviceRoleKey,
      headers: {
        'content-type': 'text/plain',
        'x-metadata': Buffer.from(JSON.stringify(metadata)).toString('base64'),
      },
      body: 'x',
    })
    expect(upload.status).toBe(400)
    expect(await upload.json()).toEqual(nul('metadata'))
    const copy = await send('POST', '/object/copy', {
      bucketId: 'avatars',
      sourceKey: 'keep/original.txt',
      destinationKey: 'copy.txt',
      copyMetadata: false,
      metadata: { [`k\u0000`]: 1 },
    })
    expect(copy).toEqual({ status: 400, body: nul('body/metadata') })
    expect(await stored()).toEqual(before)
    // A backslash and "u0000" as text is storable.
    const literal = await send('POST', '/object/copy', {
      bucketId: 'avatars',
      sourceKey: 'keep/original.txt',
      destinationKey: 'copy.txt',
      copyMetadata: false,
      metadata: { note: '\\u0000' },
    })
    expect(literal.status).toBe(200)
  })
})

describe('other names no object can have, on read routes', () => {
  it.each([
    ['an empty segment', 'keep//original.txt'],
    ['a trailing slash', 'keep/'],
    ['a percent sign', 'keep/100%25.txt'],
    ['an accented letter', 'keep/caf%C3%A9.txt'],
  ])('%s: InvalidKey', async (_label, key) => {
    const response = await send('GET', `/object/info/avatars/${key}`)
    expect(response).toEqual({ status: 400, body: invalidKey(decodeURIComponent(key)) })
  })

  it('a list prefix may be empty or end with "/"', async () => {
    for (const prefix of ['', 'keep/', 'keep']) {
      const response = await send('POST', '/object/list/avatars', { prefix })
      expect([prefix, response.status]).toEqual([prefix, 200])
    }
  })
})
