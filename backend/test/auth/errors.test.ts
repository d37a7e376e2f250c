// Errors as GoTrue renders them (versioned and legacy), and bad input: malformed and enormous
// bodies, tampered, expired, alg:none and wrong-key JWTs. Each gets the right code, never a 500,
// and no account changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_JWT_SECRET } from '../../src/config/project-config.ts'
import { signHs256 } from '../../src/jwt/jwt-keys.ts'
import { authFetch, decodeJwt, signedUpClient, startAuthStack, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startAuthStack()
})

afterAll(async () => {
  await stack?.stop()
})

const wrongCredentials = { email: 'nobody@example.com', password: 'whatever-1' }

describe('error formats', () => {
  it('answers auth-js (X-Supabase-Api-Version) with {code, message} and echoes the version', async () => {
    const response = await authFetch(stack, '/token?grant_type=password', {
      body: wrongCredentials,
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(response.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
  })

  it('answers callers without the header in the legacy format', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-supabase-api-version': '2023-05-01' },
      { 'x-supabase-api-version': 'latest' },
    ]
    for (const headers of variants) {
      const response = await authFetch(stack, '/token?grant_type=password', {
        body: wrongCredentials,
        versioned: false,
        headers,
      })
      expect(response.status).toBe(400)
      expect(response.headers.get('x-supabase-api-version')).toBeNull()
      expect(response.body).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      })
    }
  })

  it('maps a later version date to 2024-01-01', async () => {
    const response = await authFetch(stack, '/token?grant_type=password', {
      body: wrongCredentials,
      versioned: false,
      headers: { 'x-supabase-api-version': '2025-06-30' },
    })
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.body.code).toBe('invalid_credentials')
  })

  it('exposes the version header to browsers', async () => {
    const response = await fetch(`${stack.url}/auth/v1/settings`)
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'X-Supabase-Api-Version'
    )
  })

  it('refuses unknown grant types', async () => {
    const response = await authFetch(stack, '/token?grant_type=magic', { body: {} })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    })
  })
})

describe('malformed and enormous bodies', () => {
  it('answers malformed JSON with bad_json', async () => {
    for (const rawBody of ['{"email": ', 'not json', '']) {
      const response = await authFetch(stack, '/signup', { rawBody })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('bad_json')
      expect(response.body.message).toMatch(/^Could not parse request body as JSON: /)
    }
  })

  it('answers JSON of the wrong shape with Go-style type errors', async () => {
    const array = await authFetch(stack, '/signup', { rawBody: '[1,2]' })
    expect(array.status).toBe(400)
    expect(array.body.message).toBe(
      'Could not parse request body as JSON: json: cannot unmarshal array into Go value of type api.SignupParams'
    )
    const field = await authFetch(stack, '/signup', {
      body: { email: 42, password: 'secret-pass-1' },
    })
    expect(field.body).toEqual({
      code: 'bad_json',
      message:
        'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
    })
    const data = await authFetch(stack, '/signup', {
      body: { email: uniqueEmail(), password: 'secret-pass-1', data: 'x' },
    })
    expect(data.status).toBe(400)
    expect(data.body.code).toBe('bad_json')
  })

  it('refuses a body over 1 MiB without touching the account', async () => {
    const { session, user } = await signedUpClient(stack)
    const response = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { data: { blob: 'x'.repeat(2 * 1024 * 1024) } },
    })
    expect(response.status).toBe(413)
    expect(response.body.code).toBe('validation_failed')
    const [row] = await stack.sql`select raw_user_meta_data from auth.users where id = ${user.id}`
    expect(row?.raw_user_meta_data).not.toHaveProperty('blob')
  })

  it('reads JSON whatever the content type says, as GoTrue does', async () => {
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'text/plain' },
      body: JSON.stringify(wrongCredentials),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error_code: string }).error_code).toBe(
      'invalid_credentials'
    )
  })
})

describe('bad tokens', () => {
  async function tokens() {
    const { session, user } = await signedUpClient(stack)
    const { payload } = decodeJwt(session.access_token)
    const [header, body, signature] = session.access_token.split('.') as [string, string, string]
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...payload, role: 'service_role' })
    ).toString('base64url')
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    return {
      user,
      valid: session.access_token,
      tampered: `${header}.${tamperedPayload}.${signature}`,
      expired: signHs256(DEFAULT_JWT_SECRET, {
        ...payload,
        exp: Math.floor(Date.now() / 1000) - 60,
      }),
      algNone: `${none}.${body}.`,
      wrongKey: signHs256('another-secret-that-is-at-least-32-characters', payload),
      garbage: 'not-a-jwt',
    }
  }

  it('answers each bad token on GET /user with 403 bad_jwt', async () => {
    const t = await tokens()
    const expected: Record<string, string> = {
      tampered:
        'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
      expired:
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      algNone:
        'invalid JWT: unable to parse or verify signature, token signature is invalid: signing method none is invalid',
      wrongKey:
        'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
      garbage:
        'invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments',
    }
    for (const [name, message] of Object.entries(expected)) {
      const response = await authFetch(stack, '/user', {
        token: t[name as keyof typeof t] as string,
      })
      expect(response.status, name).toBe(403)
      expect(response.body, name).toEqual({ code: 'bad_jwt', message })
    }
    const ok = await authFetch(stack, '/user', { token: t.valid })
    expect(ok.status).toBe(200)
  })

  it('refuses writes with bad tokens and changes nothing', async () => {
    const t = await tokens()
    for (const token of [t.tampered, t.expired, t.algNone, t.wrongKey]) {
      const response = await authFetch(stack, '/user', {
        method: 'PUT',
        token,
        body: { data: { hacked: true }, password: 'hacked-pass-1' },
      })
      expect(response.status).toBe(403)
      const admin = await authFetch(stack, '/admin/users', { token })
      expect(admin.status).toBe(403)
    }
    const [row] =
      await stack.sql`select raw_user_meta_data, encrypted_password from auth.users where id = ${t.user.id}`
    expect(row?.raw_user_meta_data).not.toHaveProperty('hacked')
    const stillWorks = await stack
      .client()
      .auth.signInWithPassword({ email: t.user.email!, password: 'secret-pass-1' })
    expect(stillWorks.error).toBeNull()
  })

  it('answers a missing token with 401 and a token without sub with 403', async () => {
    const none = await authFetch(stack, '/user', { token: null, headers: { apikey: '' } })
    expect(none.status).toBe(401)
    expect(none.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
    const anon = await authFetch(stack, '/user', { token: stack.anonKey })
    expect(anon.status).toBe(403)
    expect(anon.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' })
    // supabase-js: no session means no request at all.
    const { error } = await stack.client().auth.getUser()
    expect(error?.name).toBe('AuthSessionMissingError')
  })

  it('treats an expired token in supabase-js as a failed getUser', async () => {
    const t = await tokens()
    const { data, error } = await stack.client().auth.getUser(t.expired)
    expect(data.user).toBeNull()
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
  })
})
