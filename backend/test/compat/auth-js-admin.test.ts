// auth-js's suite, continued (see auth-js.test.ts): the admin API and the server endpoints under
// the Supabase CLI's auth configuration, then a project with email confirmations and anonymous
// sign-ins on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import {
  claimsOf,
  cliConfig,
  latestMailTo,
  linkOf,
  uniqueEmail,
  PASSWORD,
  signUpUser,
} from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ config: cliConfig('auth-js') })
})

afterAll(async () => {
  await stack?.stop()
})

const password = PASSWORD

const signedUp = (prefix: string) => signUpUser(stack, prefix)

describe('admin API', () => {
  it('createUser, getUserById, updateUserById, listUsers, deleteUser', async () => {
    // Two people signed up already, so that a page of two has a next page.
    await signedUp('listed')
    await signedUp('listed')
    const admin = stack.client(stack.serviceRoleKey).auth.admin
    const email = uniqueEmail('admin')
    const created = await admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { name: 'Admin Made' },
      app_metadata: { plan: 'pro' },
    })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    expect(created.data.user).toMatchObject({
      email,
      email_confirmed_at: expect.any(String),
      user_metadata: { name: 'Admin Made' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    })
    expect((await admin.getUserById(id)).data.user?.email).toBe(email)
    const updated = await admin.updateUserById(id, { user_metadata: { name: 'Renamed' } })
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Renamed' })

    const page = await admin.listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    if (!('total' in page.data)) throw new Error('listUsers returned no pagination')
    expect(page.data.users).toHaveLength(2)
    expect(page.data).toMatchObject({ aud: 'authenticated', nextPage: 2 })
    expect(page.data.total).toBeGreaterThanOrEqual(3)
    expect(page.data.lastPage).toBe(Math.ceil(page.data.total / 2))

    const deleted = await admin.deleteUser(id)
    expect(deleted.error).toBeNull()
    const gone = await admin.getUserById(id)
    expect(gone.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User not found',
    })
  })

  it('generateLink() returns the link properties; the hashed token verifies', async () => {
    const { email, user } = await signedUp('generate')
    const client = stack.client(stack.serviceRoleKey)
    const { data, error } = await client.auth.admin.generateLink({ type: 'magiclink', email })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.properties).toEqual({
      action_link: expect.stringContaining(`${stack.url}/auth/v1/verify?token=`),
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.any(String),
      redirect_to: 'http://127.0.0.1:3000',
      verification_type: 'magiclink',
    })
    const verified = await stack
      .client()
      .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.id).toBe(user.id)
  })

  it('inviteUserByEmail() creates an invited user and mails the invitation', async () => {
    const email = uniqueEmail('invite')
    const { data, error } = await stack
      .client(stack.serviceRoleKey)
      .auth.admin.inviteUserByEmail(email, { data: { team: 'blue' } })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email,
      invited_at: expect.any(String),
      user_metadata: { team: 'blue' },
    })
    const mail = await latestMailTo(stack, email)
    expect(mail.Subject).toBe('You have been invited')
  })

  it('the admin API refuses a non-admin token with 403 not_admin', async () => {
    const { session } = await signedUp('notadmin')
    const asUser = stack.client(stack.anonKey, {
      global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    })
    const { data, error } = await asUser.auth.admin.listUsers()
    expect(data).toEqual({ users: [] })
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })
  })
})

describe('server endpoints', () => {
  it('GET /health and /settings', async () => {
    const health = await fetch(`${stack.url}/auth/v1/health`, {
      headers: { apikey: stack.anonKey },
    })
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ name: 'GoTrue', version: expect.any(String) })
    const settings = await fetch(`${stack.url}/auth/v1/settings`, {
      headers: { apikey: stack.anonKey },
    })
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false, anonymous_users: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    })
    // phone_autoconfirm is left out: the CLI sets GOTRUE_SMS_AUTOCONFIRM from
    // ![auth.sms] enable_confirmations (so true by default, we believe); the stack answers false.
  })
})

describe('with email confirmations and anonymous sign-ins on (a common config.toml)', () => {
  let confirming: TestStack
  beforeAll(async () => {
    confirming = await startTestStack({
      config: cliConfig('auth-js-confirm')
        .replace('enable_confirmations = false', 'enable_confirmations = true')
        .replace('enable_anonymous_sign_ins = false', 'enable_anonymous_sign_ins = true'),
    })
  })
  afterAll(async () => {
    await confirming?.stop()
  })

  it('signUp() returns a user without session; sign-in waits for the emailed confirmation', async () => {
    const email = uniqueEmail('confirm')
    const client = confirming.client()
    const { data, error } = await client.auth.signUp({ email, password })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({
      email,
      confirmation_sent_at: expect.any(String),
      user_metadata: { email, email_verified: false },
    })
    expect(data.user).not.toHaveProperty('email_confirmed_at')
    const early = await client.auth.signInWithPassword({ email, password })
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    })

    const mail = await latestMailTo(confirming, email)
    expect(mail.Subject).toBe('Confirm Your Email')
    const response = await fetch(linkOf(mail), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('access_token')).toEqual(expect.any(String))
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull()

    // Signing up a confirmed address again gives an obfuscated user: no session, no identities.
    const again = await confirming.client().auth.signUp({ email, password })
    expect(again.error).toBeNull()
    expect(again.data.session).toBeNull()
    expect(again.data.user?.identities).toEqual([])
    expect(again.data.user?.id).not.toBe(data.user!.id)
  })

  it('signInAnonymously() returns an anonymous session', async () => {
    const { data, error } = await confirming.client().auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', identities: [] })
    expect(claimsOf(data.session!.access_token)).toMatchObject({
      role: 'authenticated',
      is_anonymous: true,
      amr: [{ method: 'anonymous', timestamp: expect.any(Number) }],
    })
  })
})
