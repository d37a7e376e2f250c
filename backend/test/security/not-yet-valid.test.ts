// Tokens that are not valid yet (issue 14, finding 5): a signature-valid token whose `nbf` or
// `iat` lies more than the shared clock-skew allowance ahead is refused by every service, each in
// its own wire format; within the allowance it is accepted everywhere alike.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLOCK_SKEW_SECONDS } from '../../src/jwt/jwt-keys.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { RawClient } from '../realtime/raw-client.ts'

let stack: TestStack
let userId: string

const now = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  // Refused joins are answered after Realtime's backoff: none here (read when the stack starts).
  process.env.CHANNEL_ERROR_BACKOFF_MS = '0'
  try {
    stack = await startTestStack({
      config: 'project_id = "nbf"\n[auth.email]\nenable_confirmations = false\n',
      files: { 'functions/hello/index.ts': `export default () => new Response('hello')` },
    })
  } finally {
    delete process.env.CHANNEL_ERROR_BACKOFF_MS
  }
  const { data, error } = await stack.client().auth.signUp({
    email: `nbf-${randomUUID().slice(0, 8)}@example.com`,
    password: 'secret-pass-1',
  })
  if (error) throw error
  userId = data.user!.id
})

afterAll(async () => {
  await stack?.stop()
})

function token(claims: Record<string, unknown>): Promise<string> {
  return stack.keys.sign({
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    exp: now() + 3600,
    ...claims,
  })
}

const bearer = (t: string) => ({ apikey: stack.anonKey, authorization: `Bearer ${t}` })

async function answers(t: string) {
  const auth = await fetch(`${stack.url}/auth/v1/user`, { headers: bearer(t) })
  const rest = await fetch(`${stack.url}/rest/v1/`, { headers: bearer(t) })
  const storage = await fetch(`${stack.url}/storage/v1/bucket`, { headers: bearer(t) })
  const broadcast = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { ...bearer(t), 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] }),
  })
  const fn = await fetch(`${stack.url}/functions/v1/hello`, { headers: bearer(t) })
  const body = async (r: Response) => {
    const text = await r.text()
    return text === '' ? null : (JSON.parse(text) as unknown)
  }
  return {
    auth: { status: auth.status, body: await body(auth) },
    rest: { status: rest.status, body: await body(rest) },
    storage: { status: storage.status, body: await body(storage) },
    broadcast: { status: broadcast.status, body: await body(broadcast) },
    functions: { status: fn.status, body: await fn.text() },
  }
}

async function joinReason(t: string): Promise<string> {
  const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`
  const client = await RawClient.connect(url)
  try {
    const joinRef = client.nextRef()
    const ref = client.push(joinRef, `realtime:nbf-${randomUUID()}`, 'phx_join', {
      config: {},
      access_token: t,
    })
    const reply = await client.frame((f) => f[1] === ref && f[3] === 'phx_reply')
    const payload = reply[4] as { status: string; response: { reason?: string } }
    return payload.status === 'ok' ? 'ok' : (payload.response.reason ?? '')
  } finally {
    client.close()
  }
}

describe('tokens that are not valid yet', () => {
  it('refuses nbf in the future in Auth, REST, Storage, Realtime and functions', async () => {
    const early = await token({ nbf: now() + CLOCK_SKEW_SECONDS + 120 })
    expect(await answers(early)).toEqual({
      auth: {
        status: 403,
        body: {
          code: 403,
          error_code: 'bad_jwt',
          msg: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is not valid yet',
        },
      },
      rest: {
        status: 401,
        body: { code: 'PGRST303', details: null, hint: null, message: 'JWT not yet valid' },
      },
      storage: {
        status: 400,
        body: {
          statusCode: '403',
          code: 'AccessDenied',
          error: 'Unauthorized',
          message: '"nbf" claim timestamp check failed',
        },
      },
      broadcast: { status: 401, body: { message: 'Unauthorized' } },
      functions: { status: 401, body: JSON.stringify({ msg: 'Invalid JWT' }) },
    })
    expect(await joinReason(early)).toBe('InvalidJWTToken: Token is not valid yet')
  })

  it('refuses iat in the future the same way', async () => {
    const future = await token({ iat: now() + CLOCK_SKEW_SECONDS + 120 })
    const result = await answers(future)
    expect(result.auth.status).toBe(403)
    expect((result.auth.body as { msg: string }).msg).toBe(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token used before issued'
    )
    expect(result.rest).toMatchObject({ status: 401, body: { message: 'JWT issued at future' } })
    expect(result.storage.body).toMatchObject({
      message: '"iat" claim timestamp check failed (in the future)',
    })
    expect(result.broadcast.status).toBe(401)
    expect(result.functions.status).toBe(401)
    expect(await joinReason(future)).toBe('InvalidJWTToken: Token was issued in the future')
  })

  it('accepts nbf and iat within the clock-skew allowance everywhere', async () => {
    const skewed = await token({ nbf: now() + 5, iat: now() + 5 })
    const result = await answers(skewed)
    expect(result.auth.status).toBe(200)
    expect(result.rest.status).toBe(200)
    expect(result.storage.status).toBe(200)
    expect(result.broadcast.status).toBe(202)
    expect(result.functions).toEqual({ status: 200, body: 'hello' })
    expect(await joinReason(skewed)).toBe('ok')
  })
})
