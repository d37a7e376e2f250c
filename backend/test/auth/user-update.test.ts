// GET and PUT /user through supabase-js: metadata, password (other sessions end), email change with
// the confirmation of the new address (and of the old one with double_confirm_changes), and
// anonymous users becoming permanent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import {
  authConfig,
  authFetch,
  codeOf,
  confirmedClient,
  follow,
  fragmentOf,
  inboxFor,
  latestMail,
  linkOf,
  signedUpClient,
  uniqueEmail,
} from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ config: authConfig('enable_anonymous_sign_ins = true') })
})

afterAll(async () => {
  await stack?.stop()
})

describe('GET /user', () => {
  it('returns the user of the access token', async () => {
    const { client, user } = await signedUpClient(stack)
    const { data, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toEqual({ ...user, last_sign_in_at: data.user?.last_sign_in_at })
  })
})

describe('PUT /user', () => {
  it('merges user metadata and removes keys set to null', async () => {
    const { client } = await signedUpClient(stack)
    await client.auth.updateUser({ data: { theme: 'dark', lang: 'en' } })
    const { data, error } = await client.auth.updateUser({ data: { lang: null, tz: 'UTC' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark', tz: 'UTC' })
    expect(data.user?.user_metadata).not.toHaveProperty('lang')
    // New tokens carry the new metadata.
    const { data: refreshed } = await client.auth.refreshSession()
    const claims = JSON.parse(
      Buffer.from(refreshed.session!.access_token.split('.')[1]!, 'base64url').toString()
    )
    expect(claims.user_metadata).toMatchObject({ theme: 'dark', tz: 'UTC' })
  })

  it('does not let a user set their own app_metadata', async () => {
    const { session, user } = await signedUpClient(stack)
    const response = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { app_metadata: { role: 'admin' } },
    })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    })
    const [row] = await stack.sql`select raw_app_meta_data from auth.users where id = ${user.id}`
    expect(row?.raw_app_meta_data).toEqual({ provider: 'email', providers: ['email'] })
  })

  it('changes the password and ends the other sessions', async () => {
    const { client, email, password } = await signedUpClient(stack)
    const other = stack.client()
    await other.auth.signInWithPassword({ email, password })
    const otherSession = (await other.auth.getSession()).data.session!
    const { error } = await client.auth.updateUser({ password: 'brand-new-pass' })
    expect(error).toBeNull()
    expect((await client.auth.getUser()).error).toBeNull()
    const otherUser = await authFetch(stack, '/user', { token: otherSession.access_token })
    expect(otherUser.body.code).toBe('session_not_found')
    const oldPassword = await stack.client().auth.signInWithPassword({ email, password })
    expect(oldPassword.error?.code).toBe('invalid_credentials')
    const newPassword = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'brand-new-pass' })
    expect(newPassword.error).toBeNull()
  })

  it('refuses the same password and a weak one', async () => {
    const { client, password } = await signedUpClient(stack)
    const same = await client.auth.updateUser({ password })
    expect(same.error?.status).toBe(422)
    expect(same.error?.code).toBe('same_password')
    expect(same.error?.message).toBe('New password should be different from the old password.')
    const weak = await client.auth.updateUser({ password: 'x' })
    expect(weak.error?.code).toBe('weak_password')
  })

  it('refuses an email another user has', async () => {
    const alice = await signedUpClient(stack)
    const bob = await signedUpClient(stack)
    const { error } = await bob.client.auth.updateUser({ email: alice.email })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('email_exists')
    expect(await inboxFor(stack, alice.email)).toHaveLength(0)
  })
})

describe('email change with confirmations on (double_confirm_changes)', () => {
  let confirming: TestStack
  beforeAll(async () => {
    confirming = await startTestStack({
      config: authConfig('', 'enable_confirmations = true\ndouble_confirm_changes = true'),
    })
  })
  afterAll(async () => {
    await confirming?.stop()
  })

  it('changes the email after both addresses confirm (double_confirm_changes)', async () => {
    const { client, email, user } = await confirmedClient(confirming)
    const newEmail = uniqueEmail('new')
    const { data, error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: 'https://app.example.com/email-changed' }
    )
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(newEmail)
    expect(data.user?.email_change_sent_at).toBeDefined()
    const toNew = await latestMail(confirming, newEmail)
    const toOld = await latestMail(confirming, email)
    expect(toNew.Subject).toBe('Confirm Email Change')
    expect(toNew.HTML).toContain(`from ${email} to ${newEmail}`)
    // First leg: only acknowledged.
    const first = await follow(linkOf(toNew))
    expect(first.status).toBe(303)
    expect(first.location.origin + first.location.pathname).toBe(
      'https://app.example.com/email-changed'
    )
    expect(fragmentOf(first.location).get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email'
    )
    const [pending] =
      await confirming.sql`select email, email_change from auth.users where id = ${user.id}`
    expect(pending).toEqual({ email, email_change: newEmail })
    // Second leg: the address changes and the user is signed in.
    const second = await follow(linkOf(toOld))
    const fragment = fragmentOf(second.location)
    expect(fragment.get('type')).toBe('email_change')
    const { data: me } = await confirming.client().auth.getUser(fragment.get('access_token')!)
    expect(me.user?.email).toBe(newEmail)
    expect(me.user?.new_email).toBeUndefined()
    expect(me.user?.identities?.[0]?.identity_data?.email).toBe(newEmail)
    const signIn = await confirming
      .client()
      .auth.signInWithPassword({ email: newEmail, password: 'secret-pass-1' })
    expect(signIn.error).toBeNull()
  })

  it('confirms an email change with the emailed codes (verifyOtp type email_change)', async () => {
    const { client, email } = await confirmedClient(confirming)
    const newEmail = uniqueEmail('coded')
    await client.auth.updateUser({ email: newEmail })
    const first = await confirming.client().auth.verifyOtp({
      email,
      token: codeOf(await latestMail(confirming, email)),
      type: 'email_change',
    })
    expect(first.error).toBeNull()
    expect(first.data.session).toBeNull()
    const second = await confirming.client().auth.verifyOtp({
      email: newEmail,
      token: codeOf(await latestMail(confirming, newEmail)),
      type: 'email_change',
    })
    expect(second.error).toBeNull()
    expect(second.data.user?.email).toBe(newEmail)
  })

  it('completes on the first link when confirmations are off (GoTrue skips the second leg)', async () => {
    const { client, email } = await signedUpClient(stack)
    const newEmail = uniqueEmail('quick')
    await client.auth.updateUser({ email: newEmail })
    expect(await inboxFor(stack, email)).toHaveLength(1)
    const { location } = await follow(linkOf(await latestMail(stack, newEmail)))
    const { data } = await stack.client().auth.getUser(fragmentOf(location).get('access_token')!)
    expect(data.user?.email).toBe(newEmail)
  })
})

describe('anonymous users', () => {
  it('signs in anonymously and becomes permanent by adding an email and password', async () => {
    const client = stack.client()
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { n: 1 } } })
    expect(error).toBeNull()
    const user = data.user!
    expect(user.is_anonymous).toBe(true)
    expect(user.email).toBe('')
    expect(user.identities).toEqual([])
    expect(user.app_metadata).toEqual({})
    expect(user.user_metadata).toEqual({ n: 1 })
    const claims = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()
    )
    expect(claims.is_anonymous).toBe(true)
    expect(claims.amr[0].method).toBe('anonymous')
    expect(claims.role).toBe('authenticated')

    const noEmail = await client.auth.updateUser({ password: 'anon-pass-123' })
    expect(noEmail.error?.code).toBe('validation_failed')

    // Confirmations are off in this project, so the address is taken at once.
    const email = uniqueEmail('anon')
    const added = await client.auth.updateUser({ email })
    expect(added.error).toBeNull()
    expect(added.data.user?.email).toBe(email)
    expect(added.data.user?.is_anonymous).toBe(false)
    expect(added.data.user?.app_metadata).toMatchObject({ provider: 'email' })
    const withPassword = await client.auth.updateUser({ password: 'anon-pass-123' })
    expect(withPassword.error).toBeNull()
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'anon-pass-123' })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.id).toBe(user.id)
  })
})

describe('secure password change and reauthentication', () => {
  let secure: TestStack
  beforeAll(async () => {
    secure = await startTestStack({
      config: authConfig('', 'secure_password_change = true\nmax_frequency = "0s"'),
    })
  })
  afterAll(async () => {
    await secure?.stop()
  })

  it('asks an old session for the emailed nonce', async () => {
    const { client, email, session } = await signedUpClient(secure)
    const sessionId = JSON.parse(
      Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()
    ).session_id
    await secure.sql`update auth.sessions set created_at = now() - interval '25 hours' where id = ${sessionId}`
    const refused = await client.auth.updateUser({ password: 'changed-pass-1' })
    expect(refused.error?.status).toBe(400)
    expect(refused.error?.code).toBe('reauthentication_needed')
    const { error } = await client.auth.reauthenticate()
    expect(error).toBeNull()
    const mail = await latestMail(secure, email)
    expect(mail.Subject).toBe('Confirm reauthentication')
    const wrong = await client.auth.updateUser({ password: 'changed-pass-1', nonce: '000000' })
    expect(wrong.error?.code).toBe('reauthentication_not_valid')
    const ok = await client.auth.updateUser({ password: 'changed-pass-1', nonce: codeOf(mail) })
    expect(ok.error).toBeNull()
  })
})
