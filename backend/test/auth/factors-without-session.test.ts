// /factors, /factors/{id}/challenge, /verify and DELETE /factors/{id} without a session, as GoTrue
// answers them (api.go: /factors behind requireAuthentication and requireNotAnonymous; auth.go):
// no bearer token 401 no_authorization; the anon key only (supabase-js signed out) 403 bad_jwt
// "invalid claim: missing sub claim"; a session signed out elsewhere 403 session_not_found, which
// auth-js turns into AuthSessionMissingError (lib/fetch.ts handleError). (Issue 73.)
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'
import { MFA_ON } from './mfa-support.ts'
import { authConfig, authFetch, confirmedClient } from './support.ts'

const t = useTestStack(() => startTestStack({ config: authConfig('', '', MFA_ON) }))

describe('/factors without a session', () => {
  const paths = (factorId: string) => [
    { method: 'POST', path: '/factors', body: { factor_type: 'totp' } },
    { method: 'POST', path: `/factors/${factorId}/challenge`, body: {} },
    {
      method: 'POST',
      path: `/factors/${factorId}/verify`,
      body: { challenge_id: factorId, code: '123456' },
    },
    { method: 'DELETE', path: `/factors/${factorId}` },
  ]

  it('answers no bearer token with 401 no_authorization', async () => {
    for (const { method, path, body } of paths(randomUUID())) {
      // No Authorization and no apikey for the gateway to make one of.
      const raw = await authFetch(t.stack, path, {
        method,
        body,
        token: null,
        headers: { apikey: '' },
      })
      expect(raw.status, `${method} ${path}`).toBe(401)
      expect(raw.body, `${method} ${path}`).toEqual({
        code: 'no_authorization',
        message: 'This endpoint requires a valid Bearer token',
      })
      const legacy = await authFetch(t.stack, path, {
        method,
        body,
        token: null,
        versioned: false,
        headers: { apikey: '' },
      })
      expect(legacy.body).toEqual({
        code: 401,
        error_code: 'no_authorization',
        msg: 'This endpoint requires a valid Bearer token',
      })
    }
  })

  it('answers the anon key alone (supabase-js signed out) with 403 bad_jwt', async () => {
    for (const { method, path, body } of paths(randomUUID())) {
      const raw = await authFetch(t.stack, path, { method, body })
      expect(raw.status, `${method} ${path}`).toBe(403)
      expect(raw.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' })
    }
    const client = t.stack.client()
    const factorId = randomUUID()
    const results = [
      await client.auth.mfa.enroll({ factorType: 'totp' }),
      await client.auth.mfa.challenge({ factorId }),
      await client.auth.mfa.verify({ factorId, challengeId: randomUUID(), code: '123456' }),
      await client.auth.mfa.unenroll({ factorId }),
    ]
    for (const { data, error } of results) {
      expect(data).toBeNull()
      expect(error?.name).toBe('AuthApiError')
      expect(error?.status).toBe(403)
      expect(error?.code).toBe('bad_jwt')
      expect(error?.message).toBe('invalid claim: missing sub claim')
    }
  })

  it('answers a session signed out elsewhere with session_not_found: AuthSessionMissingError', async () => {
    const { client, session, email, password } = await confirmedClient(t.stack)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    expect(enrolled.error).toBeNull()
    const factorId = enrolled.data!.id
    // Another device signs out everywhere; this client still holds its unexpired access token.
    const other = t.stack.client()
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull()
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull()
    const raw = await authFetch(t.stack, '/factors', {
      token: session.access_token,
      body: { factor_type: 'totp' },
    })
    expect(raw.status).toBe(403)
    expect(raw.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
    const calls = [
      () => client.auth.mfa.enroll({ factorType: 'totp' }),
      () => client.auth.mfa.challenge({ factorId }),
      () => client.auth.mfa.verify({ factorId, challengeId: randomUUID(), code: '123456' }),
      () => client.auth.mfa.unenroll({ factorId }),
    ]
    for (const call of calls) {
      const { data, error } = await call()
      expect(data).toBeNull()
      expect(error?.name).toBe('AuthSessionMissingError')
      expect(error?.status).toBe(400)
    }
    const [row] = await t.stack
      .sql`select count(*)::int as n from auth.mfa_factors where id = ${factorId}`
    expect(row?.n).toBe(1)
  })
})
