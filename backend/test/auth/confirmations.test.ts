// Sign-up with email confirmation (enable_confirmations = true): the bare user answer, the
// confirmation email in the local inbox, its link followed end to end and its code entered, resend,
// the per-address frequency limit and the answer to a repeated sign-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authConfig,
  authFetch,
  codeOf,
  follow,
  fragmentOf,
  inboxFor,
  latestMail,
  linkOf,
  SITE_URL,
  uniqueEmail,
} from './support.ts'
import type { TestStack } from './support.ts'
import { startTestStack } from '../support/stack.ts'

// A timestamp as GoTrue writes it (toBeDefined would pass for null).
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    config: authConfig('', 'enable_confirmations = true\nmax_frequency = "1s"'),
  })
})

afterAll(async () => {
  await stack?.stop()
})

async function signUp(email = uniqueEmail(), redirectTo?: string) {
  const { data, error } = await stack.client().auth.signUp({
    email,
    password: 'secret-pass-1',
    options: { data: { full_name: 'Mary' }, emailRedirectTo: redirectTo },
  })
  expect(error).toBeNull()
  return { email, user: data.user!, session: data.session }
}

describe('sign-up with confirmation', () => {
  it('answers the user without a session and emails a confirmation', async () => {
    const { email, user, session } = await signUp()
    expect(session).toBeNull()
    expect(user.email).toBe(email)
    expect(user.email_confirmed_at).toBeUndefined()
    expect(user.confirmation_sent_at).toMatch(TIMESTAMP)
    const mail = await latestMail(stack, email)
    expect(mail.Subject).toBe('Confirm Your Email')
    expect(mail.HTML).toContain('Confirm your email address')
    expect(codeOf(mail)).toMatch(/^\d{6}$/)
    const link = new URL(linkOf(mail))
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.url}/auth/v1/verify`)
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('redirect_to')).toBe(SITE_URL)
    const [row] = await stack.sql`
      select confirmation_token, confirmation_sent_at, email_confirmed_at from auth.users where id = ${user.id}`
    expect(row?.confirmation_token).toBe(link.searchParams.get('token'))
    expect(row?.email_confirmed_at).toBeNull()
    const [ott] = await stack.sql`
      select token_type::text, relates_to from auth.one_time_tokens where user_id = ${user.id}`
    expect(ott).toEqual({ token_type: 'confirmation_token', relates_to: email })
  })

  it('refuses password sign-in until the address is confirmed', async () => {
    const { email } = await signUp()
    const { error } = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'secret-pass-1' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('email_not_confirmed')
    expect(error?.message).toBe('Email not confirmed')
  })

  it('confirms through the emailed link: 303 to the app with the session in the fragment', async () => {
    const { email, user } = await signUp(undefined, 'https://app.example.com/welcome')
    const { status, location } = await follow(linkOf(await latestMail(stack, email)))
    expect(status).toBe(303)
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example.com/welcome')
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('expires_in')).toBe('3600')
    const accessToken = fragment.get('access_token')!
    const refreshToken = fragment.get('refresh_token')!
    // What auth-js does with such a URL: getUser with the token, then keep the session.
    const client = stack.client()
    const { data, error } = await client.auth.setSession({
      access_token: accessToken,
      refresh_token: refreshToken,
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.user?.email_confirmed_at).toMatch(TIMESTAMP)
    expect(data.user?.user_metadata.email_verified).toBe(true)
    expect(data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true)
    // The link is spent.
    const again = await follow(linkOf(await latestMail(stack, email)))
    expect(fragmentOf(again.location).get('error_code')).toBe('otp_expired')
    expect(again.location.searchParams.get('error')).toBe('access_denied')
    expect(again.location.searchParams.get('error_description')).toBe(
      'Email link is invalid or has expired'
    )
    // And the password now works.
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'secret-pass-1' })
    expect(signIn.error).toBeNull()
  })

  it('confirms with the code from the email (verifyOtp type signup and type email)', async () => {
    for (const type of ['signup', 'email'] as const) {
      const { email, user } = await signUp()
      const client = stack.client()
      const { data, error } = await client.auth.verifyOtp({
        email,
        token: codeOf(await latestMail(stack, email)),
        type,
      })
      expect(error).toBeNull()
      expect(data.session?.access_token).toBeTruthy()
      expect(data.user?.id).toBe(user.id)
      expect(data.user?.email_confirmed_at).toMatch(TIMESTAMP)
    }
  })

  it('refuses a wrong code with otp_expired and leaves the user unconfirmed', async () => {
    const { email, user } = await signUp()
    const { error } = await stack
      .client()
      .auth.verifyOtp({ email, token: '000000', type: 'signup' })
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('otp_expired')
    expect(error?.message).toBe('Token has expired or is invalid')
    const [row] = await stack.sql`select email_confirmed_at from auth.users where id = ${user.id}`
    expect(row?.email_confirmed_at).toBeNull()
  })

  it('confirms with the token hash (verifyOtp token_hash)', async () => {
    const { email } = await signUp()
    const hash = new URL(linkOf(await latestMail(stack, email))).searchParams.get('token')!
    const { data, error } = await stack
      .client()
      .auth.verifyOtp({ token_hash: hash, type: 'signup' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
  })

  it('falls back to the site URL for a redirect outside the allow list', async () => {
    const { email } = await signUp(undefined, 'https://evil.example.net/steal')
    const link = new URL(linkOf(await latestMail(stack, email)))
    expect(link.searchParams.get('redirect_to')).toBe(SITE_URL)
    const { location } = await follow(link.toString())
    expect(location.origin).toBe(SITE_URL)
  })

  it('expires links after otp_expiry', async () => {
    const { email, user } = await signUp()
    await stack.sql`update auth.users set confirmation_sent_at = now() - interval '2 hours' where id = ${user.id}`
    const { location } = await follow(linkOf(await latestMail(stack, email)))
    expect(fragmentOf(location).get('error_code')).toBe('otp_expired')
    const [row] = await stack.sql`select email_confirmed_at from auth.users where id = ${user.id}`
    expect(row?.email_confirmed_at).toBeNull()
  })
})

describe('resend and repeated sign-ups', () => {
  it('resends the confirmation after max_frequency, and refuses sooner with 429', async () => {
    const { email, user } = await signUp()
    const client = stack.client()
    const tooSoon = await client.auth.resend({ type: 'signup', email })
    expect(tooSoon.error?.status).toBe(429)
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit')
    expect(tooSoon.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/
    )
    // max_frequency (1s) later:
    await stack.sql`update auth.users set confirmation_sent_at = confirmation_sent_at - interval '2 seconds' where id = ${user.id}`
    const { error } = await client.auth.resend({ type: 'signup', email })
    expect(error).toBeNull()
    const mails = await inboxFor(stack, email)
    expect(mails).toHaveLength(2)
    // Only the newest link works.
    const old = await follow(linkOf(mails[1]!))
    expect(fragmentOf(old.location).get('error_code')).toBe('otp_expired')
    const fresh = await follow(linkOf(mails[0]!))
    expect(fragmentOf(fresh.location).get('access_token')).toBeTruthy()
  })

  it('answers resend for unknown or confirmed addresses with {} and sends nothing', async () => {
    const unknown = uniqueEmail('ghost')
    const { error } = await stack.client().auth.resend({ type: 'signup', email: unknown })
    expect(error).toBeNull()
    expect(await inboxFor(stack, unknown)).toHaveLength(0)
  })

  it('answers a repeated sign-up of a confirmed address with a made-up user', async () => {
    const { email, user } = await signUp()
    await stack.client().auth.verifyOtp({
      email,
      token: codeOf(await latestMail(stack, email)),
      type: 'signup',
    })
    const { data, error } = await stack.client().auth.signUp({ email, password: 'another-pass-2' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.id).not.toBe(user.id)
    expect(data.user?.identities).toEqual([])
    expect(data.user?.email).toBe(email)
    // The real account is untouched: the old password still signs in.
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'secret-pass-1' })
    expect(signIn.error).toBeNull()
  })

  it('validates resend parameters', async () => {
    const response = await authFetch(stack, '/resend', {
      body: { type: 'nope', email: uniqueEmail() },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      code: 'validation_failed',
      message: 'Missing one of these types: signup, email_change, sms, phone_change',
    })
  })
})
