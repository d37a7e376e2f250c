// What apps and tests written for `supabase start` see below the client libraries, continued (see
// wire.test.ts): status codes, headers and raw bodies of /storage/v1 and /auth/v1 over plain fetch.
import { beforeAll, describe, expect, it } from 'vitest'
import { CLI } from './support.ts'
import { anon, service, startWireStack } from './wire-support.ts'
import { useTestStack } from '../support/use-stack.ts'

const t = useTestStack(startWireStack)

describe('Storage over HTTP', () => {
  const bucket = 'wire'
  beforeAll(async () => {
    await t.stack.client(CLI.serviceRoleKey).storage.createBucket(bucket, { public: true })
    await t.stack
      .client(CLI.serviceRoleKey)
      .storage.from(bucket)
      .upload('hello.txt', Buffer.from('hello world'), { contentType: 'text/plain' })
  })

  it('downloads with type, length, cache-control, etag and last-modified', async () => {
    const response = await fetch(`${t.stack.url}/storage/v1/object/${bucket}/hello.txt`, {
      headers: service,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(response.headers.get('content-length')).toBe('11')
    expect(response.headers.get('cache-control')).toBe('max-age=3600')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(response.headers.get('last-modified')).toMatch(/GMT$/)
    expect(await response.text()).toBe('hello world')
  })

  it('serves byte ranges (206) and revalidation (304)', async () => {
    const url = `${t.stack.url}/storage/v1/object/public/${bucket}/hello.txt`
    const partial = await fetch(url, { headers: { range: 'bytes=0-4' } })
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-range')).toBe('bytes 0-4/11')
    expect(await partial.text()).toBe('hello')
    const etag = (await fetch(url)).headers.get('etag')!
    const cached = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(cached.status).toBe(304)
  })

  it('errors are HTTP 400 with the real status as a string', async () => {
    const missing = await fetch(`${t.stack.url}/storage/v1/object/${bucket}/nope.txt`, {
      headers: service,
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
    const noBucket = await fetch(`${t.stack.url}/storage/v1/bucket/nope`, { headers: service })
    expect(noBucket.status).toBe(400)
    expect(await noBucket.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })

  it('a bad JWT is refused with statusCode 403', async () => {
    const response = await fetch(`${t.stack.url}/storage/v1/bucket`, {
      headers: { apikey: CLI.anonKey, authorization: 'Bearer not.a.jwt' },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' })
  })
})

describe('Auth over HTTP', () => {
  it('echoes X-Supabase-Api-Version on errors and uses the {code, message} body', async () => {
    const response = await fetch(`${t.stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        ...anon,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
  })

  it('without the version header the body is the legacy one', async () => {
    const response = await fetch(`${t.stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...anon, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })

  it('a user endpoint without a token is 401 no_authorization', async () => {
    const response = await fetch(`${t.stack.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
  })
})
