// What apps and tests written for `supabase start` see below the client libraries: status codes,
// headers and raw bodies of /rest/v1 over plain fetch, errors raised from SQL, and CORS as a
// browser meets it at the front door. /storage/v1 and /auth/v1: wire-storage-auth.test.ts.
import { describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { anon, service, signed, startWireStack } from './wire-support.ts'
import { useTestStack } from '../support/use-stack.ts'

const t = useTestStack(startWireStack, (stack) => ({ rest: `${stack.url}/rest/v1` }))

describe('REST over HTTP', () => {
  it('a read answers JSON with charset and a Content-Range', async () => {
    const response = await fetch(`${t.rest}/notes?select=body&order=id`, { headers: anon })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('content-range')).toBe('0-1/*')
    expect(await response.json()).toEqual([{ body: 'one' }, { body: 'two' }])
  })

  it('counts go after the slash; an empty page is */0; an offset past the end is 416', async () => {
    const counted = await fetch(`${t.rest}/notes?select=id&limit=1`, {
      headers: { ...anon, prefer: 'count=exact' },
    })
    expect(counted.status).toBe(206)
    expect(counted.headers.get('content-range')).toBe('0-0/2')
    const empty = await fetch(`${t.rest}/notes?id=eq.0`, {
      headers: { ...anon, prefer: 'count=exact' },
    })
    expect(empty.status).toBe(200)
    expect(empty.headers.get('content-range')).toBe('*/0')
    const beyond = await fetch(`${t.rest}/notes?offset=10`, {
      headers: { ...anon, prefer: 'count=exact' },
    })
    expect(beyond.status).toBe(416)
    expect(await beyond.json()).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 2 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    })
  })

  it('writes without return=representation answer 201 / 204 with no body', async () => {
    const created = await fetch(`${t.rest}/notes`, {
      method: 'POST',
      headers: { ...anon, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'three' }),
    })
    expect(created.status).toBe(201)
    expect(await created.text()).toBe('')
    const patched = await fetch(`${t.rest}/notes?body=eq.three`, {
      method: 'PATCH',
      headers: { ...anon, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'three!' }),
    })
    expect(patched.status).toBe(204)
    const deleted = await fetch(`${t.rest}/notes?body=eq.three!`, {
      method: 'DELETE',
      headers: anon,
    })
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
  })

  it('an expired JWT is 401 PGRST303 with a WWW-Authenticate challenge', async () => {
    const token = await signed({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 })
    const response = await fetch(`${t.rest}/notes`, {
      headers: { ...anon, authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await response.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
  })

  it('a token signed with another secret is 401 PGRST301', async () => {
    const token = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
    const response = await fetch(`${t.rest}/notes`, {
      headers: { ...anon, authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'PGRST301' })
  })

  it('a media type it cannot produce is 406 PGRST107', async () => {
    const response = await fetch(`${t.rest}/notes`, { headers: { ...anon, accept: 'image/png' } })
    expect(response.status).toBe(406)
    expect(await response.json()).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: image/png',
    })
  })

  it('a role claim naming no role is refused; the rows stay', async () => {
    const token = await signed({ role: 'nobody', exp: Math.floor(Date.now() / 1000) + 60 })
    const response = await fetch(`${t.rest}/notes`, {
      headers: { ...anon, authorization: `Bearer ${token}` },
    })
    // Unsure of the exact status across PostgREST versions (400 from SQLSTATE 22023 in v12); the
    // point is that a client error comes back and nothing is touched.
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(((await response.json()) as { code: string }).code).toBe('22023')
    const rows = await fetch(`${t.rest}/notes?select=id`, { headers: service })
    expect(await rows.json()).toHaveLength(2)
  })
})

describe('errors and responses raised from SQL (PostgREST docs)', () => {
  const call = (fn: string) =>
    fetch(`${t.rest}/rpc/${fn}`, {
      method: 'POST',
      headers: { ...anon, 'content-type': 'application/json' },
      body: '{}',
    })

  it('RAISE EXCEPTION is 400 P0001 with its detail and hint', async () => {
    const response = await call('boom')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'P0001',
      details: 'd',
      hint: 'h',
      message: 'custom',
    })
  })

  it('SQLSTATE PTnnn sets the status; response.status and response.headers are honoured', async () => {
    const pay = await call('pay')
    expect(pay.status).toBe(402)
    expect(await pay.json()).toMatchObject({ code: 'PT402', message: 'Payment Required' })
    const teapot = await call('teapot')
    expect(teapot.status).toBe(418)
    expect(teapot.headers.get('x-tea')).toBe('earl grey')
    expect(await teapot.json()).toBe(1)
  })

  it("RAISE SQLSTATE 'PGRST' gives full control of body, status and headers", async () => {
    const response = await call('custom_error')
    expect(response.status).toBe(409)
    expect(response.headers.get('x-a')).toBe('b')
    expect(await response.json()).toEqual({
      code: '123',
      details: 'D',
      hint: 'H',
      message: 'Custom',
    })
  })

  it('invalid JSON bodies are 400 PGRST102', async () => {
    const bad = await fetch(`${t.rest}/notes`, {
      method: 'POST',
      headers: { ...anon, 'content-type': 'application/json' },
      body: '{bad',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    })
    const mismatched = await fetch(`${t.rest}/notes`, {
      method: 'POST',
      headers: { ...anon, 'content-type': 'application/json' },
      body: '[{"body":"a"},{"bodyx":"b"}]',
    })
    expect(mismatched.status).toBe(400)
    expect(await mismatched.json()).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    })
  })
})

describe('CORS at the front door', () => {
  it('answers preflights for every service, allowing the requested headers', async () => {
    for (const path of [
      '/rest/v1/notes',
      '/auth/v1/token',
      '/storage/v1/object/b/x',
      '/functions/v1/f',
    ]) {
      const response = await fetch(`${t.stack.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,apikey,x-client-info,content-type',
        },
      })
      expect(response.status, path).toBeLessThan(300)
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase(), path).toContain(
        'x-client-info'
      )
      expect(response.headers.get('access-control-allow-methods'), path).toContain('POST')
    }
  })

  it('exposes the headers the clients read', async () => {
    const response = await fetch(`${t.rest}/notes`, {
      headers: { ...anon, origin: 'http://localhost:3000', prefer: 'count=exact' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase()
    for (const header of ['content-range', 'x-supabase-api-version', 'x-total-count', 'link']) {
      expect(exposed).toContain(header)
    }
  })
})
