// Passwordless and recovery flows through supabase-js: magic links and email codes (signInWithOtp),
// create_user: false, password recovery followed by a password change, and POST /verify with a
// token hash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authFetch,
  codeOf,
  follow,
  fragmentOf,
  inboxFor,
  latestMail,
  linkOf,
  signedUpClient,
  startAuthStack,
  uniqueEmail,
} from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startAuthStack()
})

afterAll(async () => {
  await stack?.stop()
})

describe('magic link and email OTP', () => {
  it('emails an existing user a magic link that signs them in', async () => {
    const { email, user } = await signedUpClient(stack)
    const { data, error } = await stack.client().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'https://app.example.com/after-login' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ user: null, session: null })
    const mail = await latestMail(stack, email)
    expect(mail.Subject).toBe('Your Magic Link')
    const link = new URL(linkOf(mail))
    expect(link.searchParams.get('type')).toBe('magiclink')
    const { status, location } = await follow(link.toString())
    expect(status).toBe(303)
    expect(location.origin).toBe('https://app.example.com')
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('magiclink')
    const { data: me } = await stack.client().auth.getUser(fragment.get('access_token')!)
    expect(me.user?.id).toBe(user.id)
  })

  it('signs in with the code of the email (type email)', async () => {
    const { email, user } = await signedUpClient(stack)
    await stack.client().auth.signInWithOtp({ email })
    const client = stack.client()
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeOf(await latestMail(stack, email)),
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    const claims = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()
    )
    expect(claims.amr[0].method).toBe('otp')
    // A code works once.
    const again = await stack.client().auth.verifyOtp({
      email,
      token: codeOf(await latestMail(stack, email)),
      type: 'email',
    })
    expect(again.error?.code).toBe('otp_expired')
  })

  it('signs up an unknown address (create_user defaults to true)', async () => {
    const email = uniqueEmail('otp-new')
    const { error } = await stack
      .client()
      .auth.signInWithOtp({ email, options: { data: { plan: 'free' } } })
    expect(error).toBeNull()
    const [row] =
      await stack.sql`select raw_user_meta_data, email_confirmed_at from auth.users where email = ${email}`
    expect(row?.raw_user_meta_data).toMatchObject({ plan: 'free' })
    // Confirmations are off here, so the address is confirmed and a magic link is sent.
    const { location } = await follow(linkOf(await latestMail(stack, email)))
    expect(fragmentOf(location).get('access_token')).toBeTruthy()
  })

  it('refuses to create a user when create_user is false', async () => {
    const email = uniqueEmail('nobody')
    const { error } = await stack
      .client()
      .auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('otp_disabled')
    expect(error?.message).toBe('Signups not allowed for otp')
    const rows = await stack.sql`select 1 from auth.users where email = ${email}`
    expect(rows).toHaveLength(0)
    expect(await inboxFor(stack, email)).toHaveLength(0)
  })

  it('limits how often one address is emailed (max_frequency)', async () => {
    const { email, user } = await signedUpClient(stack)
    await stack.sql`update auth.users set recovery_sent_at = now() where id = ${user.id}`
    const { error } = await stack.client().auth.signInWithOtp({ email })
    expect(error?.status).toBe(429)
    expect(error?.code).toBe('over_email_send_rate_limit')
  })
})

describe('password recovery', () => {
  it('emails a recovery link whose session can set a new password', async () => {
    const { email } = await signedUpClient(stack)
    const { data, error } = await stack.client().auth.resetPasswordForEmail(email, {
      redirectTo: 'https://app.example.com/reset',
    })
    expect(error).toBeNull()
    expect(data).toEqual({})
    const mail = await latestMail(stack, email)
    expect(mail.Subject).toBe('Reset Your Password')
    const { location } = await follow(linkOf(mail))
    expect(location.pathname).toBe('/reset')
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('recovery')
    const client = stack.client()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    const { error: updateError } = await client.auth.updateUser({ password: 'recovered-pass' })
    expect(updateError).toBeNull()
    expect(events).toContain('USER_UPDATED')
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'recovered-pass' })
    expect(signIn.error).toBeNull()
  })

  it('recovers with the emailed code (verifyOtp type recovery emits PASSWORD_RECOVERY)', async () => {
    const { email } = await signedUpClient(stack)
    await stack.client().auth.resetPasswordForEmail(email)
    const client = stack.client()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const { error } = await client.auth.verifyOtp({
      email,
      token: codeOf(await latestMail(stack, email)),
      type: 'recovery',
    })
    expect(error).toBeNull()
    expect(events).toContain('PASSWORD_RECOVERY')
  })

  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('unknown')
    const { error } = await stack.client().auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    expect(await inboxFor(stack, email)).toHaveLength(0)
  })

  it('requires a valid email', async () => {
    const response = await authFetch(stack, '/recover', { body: { email: '' } })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'validation_failed',
      message: 'Password recovery requires an email',
    })
  })
})

describe('POST /verify', () => {
  it('accepts a token hash and refuses extra fields with it', async () => {
    const { email, user } = await signedUpClient(stack)
    await stack.client().auth.signInWithOtp({ email })
    const hash = new URL(linkOf(await latestMail(stack, email))).searchParams.get('token')!
    const extra = await authFetch(stack, '/verify', {
      body: { type: 'magiclink', token_hash: hash, email },
    })
    expect(extra.status).toBe(400)
    expect(extra.body).toEqual({
      code: 'validation_failed',
      message: 'Only the token_hash and type should be provided',
    })
    const { data, error } = await stack
      .client()
      .auth.verifyOtp({ token_hash: hash, type: 'magiclink' })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
  })

  it('validates its parameters', async () => {
    const noType = await authFetch(stack, '/verify', { body: { token: '123456', email: 'a@b.co' } })
    expect(noType.body).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    })
    const both = await authFetch(stack, '/verify', {
      body: { type: 'email', token: '1', token_hash: 'x' },
    })
    expect(both.body.message).toBe('Verify requires either a token or a token hash')
    const badType = await authFetch(stack, '/verify', {
      body: { type: 'telepathy', token_hash: 'abc' },
    })
    expect(badType.status).toBe(400)
    expect(badType.body.message).toBe('Invalid email verification type')
    const unknownHash = await authFetch(stack, '/verify', {
      body: { type: 'magiclink', token_hash: 'f'.repeat(56) },
    })
    expect(unknownHash.status).toBe(403)
    expect(unknownHash.body).toEqual({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    })
  })

  it('redirects a bad GET /verify link to the app with the error', async () => {
    const response = await fetch(
      `${stack.url}/auth/v1/verify?token=${'a'.repeat(56)}&type=signup&redirect_to=${encodeURIComponent('https://app.example.com/x?keep=1')}`,
      { redirect: 'manual' }
    )
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('https://app.example.com/x')
    expect(location.searchParams.get('keep')).toBe('1')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('error_code')).toBe('otp_expired')
    expect(fragmentOf(location).get('error_description')).toBe(
      'Email link is invalid or has expired'
    )
  })
})
