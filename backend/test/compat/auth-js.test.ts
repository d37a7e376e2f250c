// auth-js's suite (test/GoTrueClient.test.ts and test/GoTrueApi.test.ts upstream) as far as it
// applies to GoTrue under the Supabase CLI's configuration: email sign-up with autoconfirm,
// password sign-in, sessions and refresh, user updates, sign-out, and the errors auth-js
// classifies. Email links and codes: auth-js-email.test.ts; the admin API: auth-js-admin.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AuthApiError, AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js'
import type { AuthChangeEvent } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { claimsOf, cliConfig, uniqueEmail, PASSWORD, signUpUser } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ config: cliConfig('auth-js') })
})

afterAll(async () => {
  await stack?.stop()
})

const password = PASSWORD

const signedUp = (prefix: string) => signUpUser(stack, prefix)

describe('sign-up and sign-in', () => {
  it('signUp() with autoconfirm returns a session and a confirmed user', async () => {
    const email = uniqueEmail('signup')
    const { data, error } = await stack.client().auth.signUp({
      email,
      password,
      options: { data: { full_name: 'Ada' } },
    })
    expect(error).toBeNull()
    expect(data.session).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
      expires_at: expect.any(Number),
      token_type: 'bearer',
    })
    expect(data.user).toMatchObject({
      id: expect.any(String),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      email_confirmed_at: expect.any(String),
      confirmed_at: expect.any(String),
      last_sign_in_at: expect.any(String),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        email,
        email_verified: true,
        phone_verified: false,
        full_name: 'Ada',
        sub: data.user!.id,
      },
      is_anonymous: false,
    })
    expect(data.user!.identities).toEqual([
      expect.objectContaining({
        id: data.user!.id,
        user_id: data.user!.id,
        provider: 'email',
        email,
        identity_id: expect.any(String),
        identity_data: expect.objectContaining({ email, sub: data.user!.id }),
      }),
    ])
    const claims = claimsOf(data.session!.access_token)
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600)
  })

  it('signing up an existing email is 422 user_already_exists', async () => {
    const { email } = await signedUp('twice')
    const { data, error } = await stack.client().auth.signUp({ email, password })
    expect(data).toEqual({ user: null, session: null })
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    })
  })

  it('a short password is AuthWeakPasswordError with reasons', async () => {
    const { error } = await stack
      .client()
      .auth.signUp({ email: uniqueEmail('weak'), password: '123' })
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    })
  })

  it('signInWithPassword() returns the session; wrong password is invalid_credentials', async () => {
    const { email, user } = await signedUp('signin')
    const client = stack.client()
    const { data, error } = await client.auth.signInWithPassword({ email, password })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.session?.user.id).toBe(user.id)

    const wrong = await stack.client().auth.signInWithPassword({ email, password: 'nope-nope' })
    expect(wrong.data).toEqual({ user: null, session: null })
    expect(isAuthApiError(wrong.error)).toBe(true)
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    const unknown = await stack
      .client()
      .auth.signInWithPassword({ email: uniqueEmail('ghost'), password })
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
  })

  it('anonymous sign-ins are off in the CLI config', async () => {
    const { data, error } = await stack.client().auth.signInAnonymously()
    expect(data).toEqual({ user: null, session: null })
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    })
  })
})

describe('sessions', () => {
  it('getSession, getUser, getClaims, refreshSession, setSession', async () => {
    const { client, session, user } = await signedUp('session')
    expect((await client.auth.getSession()).data.session?.access_token).toBe(session.access_token)
    const got = await client.auth.getUser()
    expect(got.error).toBeNull()
    expect(got.data.user).toMatchObject({ id: user.id, email: user.email })
    const claims = await client.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data?.claims).toMatchObject({ sub: user.id, role: 'authenticated' })

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token)
    expect(claimsOf(refreshed.data.session!.access_token).session_id).toBe(
      claimsOf(session.access_token).session_id
    )

    const other = stack.client()
    const set = await other.auth.setSession({
      access_token: refreshed.data.session!.access_token,
      refresh_token: refreshed.data.session!.refresh_token,
    })
    expect(set.error).toBeNull()
    expect(set.data.user?.id).toBe(user.id)
  })

  it('a revoked refresh token reused after the reuse interval is refused; garbage is not found', async () => {
    const { session } = await signedUp('reuse')
    const fresh = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'not-a-token' }),
    })
    expect(fresh.status).toBe(400)
    expect(await fresh.json()).toEqual({
      code: 400,
      error_code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    })
    // Within the 10 s reuse interval a parallel refresh with the same token still succeeds.
    const client = stack.client()
    await client.auth.setSession(session)
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    const second = await stack
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token })
    expect(first.error).toBeNull()
    expect(second.error).toBeNull()
  })

  it('onAuthStateChange reports sign-in, refresh, update and sign-out', async () => {
    const client = stack.client()
    const events: AuthChangeEvent[] = []
    client.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    const email = uniqueEmail('events')
    await client.auth.signUp({ email, password })
    await client.auth.refreshSession()
    await client.auth.updateUser({ data: { hello: 'world' } })
    await client.auth.signOut()
    // The events are told asynchronously: the last one is the sign-out.
    await vi.waitFor(() => expect(events.at(-1)).toBe('SIGNED_OUT'))
    expect(events).toEqual([
      'INITIAL_SESSION',
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'SIGNED_OUT',
    ])
  })

  it('updateUser() changes metadata and password', async () => {
    const { client, email } = await signedUp('update')
    const { data, error } = await client.auth.updateUser({ data: { hello: 'world' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ hello: 'world', email })
    const changed = await client.auth.updateUser({ password: 'another-password' })
    expect(changed.error).toBeNull()
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'another-password' })
    expect(signIn.error).toBeNull()
  })

  it('after signOut() the old access token is session_not_found', async () => {
    const { client, session } = await signedUp('signout')
    const { error } = await client.auth.signOut()
    expect(error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()
    const stale = await stack.client().auth.getUser(session.access_token)
    expect(stale.data.user).toBeNull()
    expect(stale.error).toMatchObject({
      name: 'AuthSessionMissingError',
      status: 400,
    })
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${session.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(raw.status).toBe(403)
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
  })

  it('getUser() with the anon key alone is 403 bad_jwt (no sub claim)', async () => {
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
    })
    expect(raw.status).toBe(403)
    expect(await raw.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    })
  })
})
