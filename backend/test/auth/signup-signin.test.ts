// Sign-up (auto-confirmed, the CLI default) and password sign-in through the real supabase-js:
// the session and user objects, the access-token claims, and the rows in auth.users/auth.identities
// that an app's trigger and foreign keys rely on. auth.uid() in row-level security, the new-style
// keys and /settings: session-scope.test.ts.
import { describe, expect, it } from 'vitest'
import { startAppStack } from './signup-app.ts'
import { authFetch, decodeJwt, signedUpClient, uniqueEmail } from './support.ts'
import { useTestStack } from '../support/use-stack.ts'

const t = useTestStack(startAppStack)

describe('sign-up without email confirmation', () => {
  it('returns a session with GoTrue-shaped user and tokens', async () => {
    const email = uniqueEmail('Mixed.Case')
    const client = t.stack.client()
    const before = Math.floor(Date.now() / 1000)
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret-pass-1',
      options: { data: { full_name: 'Ada Lovelace' } },
    })
    expect(error).toBeNull()
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600)
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/)

    const user = data.user!
    expect(user.email).toBe(email.toLowerCase())
    expect(user.aud).toBe('authenticated')
    expect(user.role).toBe('authenticated')
    expect(user.phone).toBe('')
    expect(user.is_anonymous).toBe(false)
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    expect(user.last_sign_in_at).toBeDefined()
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(user.user_metadata).toMatchObject({
      full_name: 'Ada Lovelace',
      email: email.toLowerCase(),
      email_verified: true,
      sub: user.id,
    })
    expect(user.identities).toHaveLength(1)
    expect(user.identities![0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: 'email',
      email: email.toLowerCase(),
      identity_data: { email: email.toLowerCase(), sub: user.id, email_verified: false },
    })
    // Key order as GoTrue's structs emit them.
    expect(Object.keys(user).slice(0, 4)).toEqual(['id', 'aud', 'role', 'email'])
    expect(Object.keys(user).slice(-3)).toEqual(['created_at', 'updated_at', 'is_anonymous'])
  })

  it('signs access tokens with the claims GoTrue emits, in its order', async () => {
    const { session, user } = await signedUpClient(t.stack)
    const { header, payload } = decodeJwt(session.access_token)
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(Object.keys(payload)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ])
    expect(payload).toMatchObject({
      iss: `${t.stack.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      phone: '',
      is_anonymous: false,
    })
    expect(payload.exp).toBe((payload.iat as number) + 3600)
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    const verified = await t.stack.keys.verify(session.access_token)
    expect(verified.ok).toBe(true)
    const [row] = await t.stack
      .sql`select user_id from auth.sessions where id = ${payload.session_id as string}`
    expect(row?.user_id).toBe(user.id)
  })

  it('writes auth.users and auth.identities rows that fire the app trigger', async () => {
    const email = uniqueEmail()
    const { data } = await t.stack
      .client()
      .auth.signUp({ email, password: 'secret-pass-1', options: { data: { full_name: 'Grace' } } })
    const id = data.user!.id
    const [user] = await t.stack.sql`
      select instance_id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
        email_confirmed_at, confirmed_at, is_anonymous, is_sso_user
      from auth.users where id = ${id}`
    expect(user).toMatchObject({
      instance_id: '00000000-0000-0000-0000-000000000000',
      aud: 'authenticated',
      role: 'authenticated',
      email,
      is_anonymous: false,
      is_sso_user: false,
    })
    expect(user?.encrypted_password).toMatch(/^\$2[ab]\$10\$/)
    expect(user?.confirmed_at).toEqual(user?.email_confirmed_at)
    const [identity] = await t.stack
      .sql`select provider, provider_id, email from auth.identities where user_id = ${id}`
    expect(identity).toEqual({ provider: 'email', provider_id: id, email })
    const [profile] = await t.stack.sql`select full_name from public.profiles where id = ${id}`
    expect(profile?.full_name).toBe('Grace')
  })

  it('answers a failing trigger with a 500 and writes nothing', async () => {
    const email = uniqueEmail('boom')
    const { data, error } = await t.stack
      .client()
      .auth.signUp({ email, password: 'secret-pass-1', options: { data: { full_name: 'boom' } } })
    expect(data.user).toBeNull()
    expect(error?.status).toBe(500)
    const raw = await authFetch(t.stack, '/signup', {
      body: { email, password: 'secret-pass-1', data: { full_name: 'boom' } },
    })
    expect(raw.status).toBe(500)
    expect(raw.body).toEqual({
      code: 'unexpected_failure',
      message: 'Database error saving new user',
    })
    const rows = await t.stack.sql`select 1 from auth.users where email = ${email}`
    expect(rows).toHaveLength(0)
    const identities = await t.stack.sql`select 1 from auth.identities where email = ${email}`
    expect(identities).toHaveLength(0)
  })

  it('refuses a second sign-up of a confirmed address with user_already_exists', async () => {
    const { email } = await signedUpClient(t.stack)
    const { data, error } = await t.stack.client().auth.signUp({ email, password: 'other-pass-2' })
    expect(data.user).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
    // The first password still works: nothing was changed.
    const { error: signInError } = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'secret-pass-1' })
    expect(signInError).toBeNull()
  })

  it('creates one account when the same address signs up several times at once', async () => {
    const email = uniqueEmail('double-submit')
    const results = await Promise.all(
      [1, 2, 3].map(() => t.stack.client().auth.signUp({ email, password: 'secret-pass-1' }))
    )
    expect(results.filter((r) => r.error === null)).toHaveLength(1)
    for (const failed of results.filter((r) => r.error !== null)) {
      expect(failed.error?.code).toBe('user_already_exists')
    }
    const rows = await t.stack.sql`select 1 from auth.users where email = ${email}`
    expect(rows).toHaveLength(1)
  })

  it('rejects weak passwords with the reasons, bad emails and missing passwords', async () => {
    const client = t.stack.client()
    const weak = await client.auth.signUp({ email: uniqueEmail(), password: '123' })
    expect(weak.error?.name).toBe('AuthWeakPasswordError')
    expect(weak.error?.status).toBe(422)
    expect(weak.error?.code).toBe('weak_password')
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length'])
    expect(weak.error?.message).toBe('Password should be at least 6 characters.')

    const invalid = await client.auth.signUp({ email: 'not-an-email', password: 'secret-pass-1' })
    expect(invalid.error?.status).toBe(400)
    expect(invalid.error?.code).toBe('validation_failed')
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format')

    const missing = await authFetch(t.stack, '/signup', { body: { email: uniqueEmail() } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    })
    const count = await t.stack
      .sql`select count(*)::int as n from auth.users where email = 'not-an-email'`
    expect(count[0]?.n).toBe(0)
  })
})

describe('password sign-in', () => {
  it('signs in, records a new session and updates last_sign_in_at', async () => {
    const { email, password, user } = await signedUpClient(t.stack)
    const client = t.stack.client()
    const { data, error } = await client.auth.signInWithPassword({ email, password })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.session?.refresh_token).toBeTruthy()
    expect(data.weakPassword).toBeUndefined()
    const sessions = await t.stack.sql`select id from auth.sessions where user_id = ${user.id}`
    expect(sessions).toHaveLength(2)
    const { data: me } = await client.auth.getUser()
    expect(me.user?.email).toBe(email)
  })

  it('signs in case-insensitively on the email', async () => {
    const { email, password } = await signedUpClient(t.stack)
    const { error } = await t.stack
      .client()
      .auth.signInWithPassword({ email: email.toUpperCase(), password })
    expect(error).toBeNull()
  })

  it('answers wrong passwords and unknown users with invalid_credentials', async () => {
    const { email } = await signedUpClient(t.stack)
    const client = t.stack.client()
    for (const credentials of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'secret-pass-1' },
    ]) {
      const { data, error } = await client.auth.signInWithPassword(credentials)
      expect(data.session).toBeNull()
      expect(error?.name).toBe('AuthApiError')
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('reports a weak but correct password alongside the session', async () => {
    const email = uniqueEmail()
    const admin = t.stack.client(t.stack.serviceRoleKey)
    await admin.auth.admin.createUser({ email, password: 'abc', email_confirm: true })
    const { data, error } = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'abc' })
    expect(error).toBeNull()
    expect(data.weakPassword).toEqual({
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    })
  })

  it('verifies bcrypt hashes made elsewhere ($2a$ from pgcrypto)', async () => {
    const email = uniqueEmail('imported')
    const [row] = await t.stack.sql<{ id: string }[]>`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
        ${email}, extensions.crypt('seeded-pass', extensions.gen_salt('bf', 10)), now(),
        '{"provider":"email","providers":["email"]}', '{}', now(), now())
      returning id`
    const { data, error } = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'seeded-pass' })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(row?.id)
  })
})

describe('anonymous sign-in', () => {
  it('is refused while disabled', async () => {
    const { data, error } = await t.stack.client().auth.signInAnonymously()
    expect(data.session).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('anonymous_provider_disabled')
    expect(error?.message).toBe('Anonymous sign-ins are disabled')
  })
})
