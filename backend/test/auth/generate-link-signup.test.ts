// POST /admin/generate_link {type: "signup"} answered as GoTrue answers it (internal/api/mail.go
// adminGenerateLink, signup.go validateSignupParams): the user created unconfirmed with its
// password, the user object followed by action_link, email_otp, hashed_token, verification_type,
// redirect_to; an unconfirmed user gets a new link (its metadata merged, no password needed), a
// confirmed one 422 email_exists; no password 400 validation_failed, a weak one 422 weak_password.
// (Issue 73; the other link types: admin-links.test.ts, exact-answers.test.ts.)
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'
import { TIMESTAMP } from './admin-support.ts'
import { authConfig, authFetch, follow, fragmentOf, uniqueEmail } from './support.ts'

const t = useTestStack(
  () => startTestStack({ config: authConfig() }),
  (stack) => ({ admin: stack.client(stack.serviceRoleKey) })
)

const sha224 = (text: string) => createHash('sha224').update(text).digest('hex')

function generateLink(body: Record<string, unknown>, token = t.stack.serviceRoleKey) {
  return authFetch(t.stack, '/admin/generate_link', { token, body })
}

describe('generate_link type signup', () => {
  it('creates the user unconfirmed and answers the user with the link fields', async () => {
    const email = uniqueEmail('Signup-Link').toUpperCase()
    const raw = await generateLink({
      type: 'signup',
      email,
      password: 'link-pass-1',
      data: { team: 'blue' },
      redirect_to: 'https://app.example.com/welcome',
    })
    expect(raw.status).toBe(200)
    const body = raw.body
    const lower = email.toLowerCase()
    expect(Object.keys(body).slice(0, 4)).toEqual(['id', 'aud', 'role', 'email'])
    expect(Object.keys(body).slice(-5)).toEqual([
      'action_link',
      'email_otp',
      'hashed_token',
      'verification_type',
      'redirect_to',
    ])
    expect(body).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: lower,
      verification_type: 'signup',
      redirect_to: 'https://app.example.com/welcome',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { team: 'blue' },
      is_anonymous: false,
    })
    // Unconfirmed: no email_confirmed_at (omitted, as GoTrue's omitempty), the link just "sent".
    expect(body).not.toHaveProperty('email_confirmed_at')
    expect(body.confirmation_sent_at).toMatch(TIMESTAMP)
    const identities = body.identities as { provider: string; identity_data: object }[]
    expect(identities).toHaveLength(1)
    expect(identities[0]).toMatchObject({
      provider: 'email',
      identity_data: { email: lower, sub: body.id },
    })
    expect(body.email_otp).toMatch(/^\d{6}$/)
    expect(body.hashed_token).toBe(sha224(lower + String(body.email_otp)))
    const link = new URL(body.action_link as string)
    expect(`${link.origin}${link.pathname}`).toBe(`${t.stack.url}/auth/v1/verify`)
    expect(link.searchParams.get('token')).toBe(body.hashed_token)
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('redirect_to')).toBe('https://app.example.com/welcome')

    const [row] = await t.stack.sql`
      select email_confirmed_at, confirmation_token, encrypted_password
        from auth.users where id = ${body.id as string}`
    expect(row?.email_confirmed_at).toBeNull()
    expect(row?.confirmation_token).toBe(body.hashed_token)
    expect(row?.encrypted_password).toMatch(/^\$2[aby]\$/)
    const [token] = await t.stack.sql`
      select token_type::text, relates_to from auth.one_time_tokens where user_id = ${body.id as string}`
    expect(token).toEqual({ token_type: 'confirmation_token', relates_to: lower })

    // Not confirmed yet: the password does not sign in until the link is followed.
    const early = await t.stack
      .client()
      .auth.signInWithPassword({ email: lower, password: 'link-pass-1' })
    expect(early.error?.code).toBe('email_not_confirmed')
    const { location } = await follow(link.toString())
    expect(fragmentOf(location).get('type')).toBe('signup')
    const signIn = await t.stack
      .client()
      .auth.signInWithPassword({ email: lower, password: 'link-pass-1' })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.email_confirmed_at).toMatch(TIMESTAMP)
  })

  it('answers supabase-js with the user and the properties apart', async () => {
    const email = uniqueEmail('signup-js')
    const { data, error } = await t.admin.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'link-pass-2',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user).not.toHaveProperty('action_link')
    expect(Object.keys(data.properties ?? {}).sort()).toEqual([
      'action_link',
      'email_otp',
      'hashed_token',
      'redirect_to',
      'verification_type',
    ])
    expect(data.properties?.verification_type).toBe('signup')
    // No redirect asked for: the site URL, as GoTrue's referrer.
    expect(data.properties?.redirect_to).toBe('http://127.0.0.1:3000')
    // The email OTP confirms the sign-up as the link does.
    const verified = await t.stack.client().auth.verifyOtp({
      email,
      token: data.properties!.email_otp,
      type: 'signup',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.id).toBe(data.user?.id)
  })

  it('gives an unconfirmed user a new link without a password and merges its data', async () => {
    const email = uniqueEmail('signup-again')
    const first = await generateLink({
      type: 'signup',
      email,
      password: 'link-pass-3',
      data: { a: 1, b: 1 },
    })
    expect(first.status).toBe(200)
    const again = await generateLink({ type: 'signup', email, data: { b: 2 } })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(again.body.user_metadata).toMatchObject({ a: 1, b: 2 })
    expect(again.body.hashed_token).not.toBe(first.body.hashed_token)
    // The first link is spent by the second (one confirmation token at a time).
    const stale = await follow(first.body.action_link as string)
    expect(fragmentOf(stale.location).get('error_code')).toBe('otp_expired')
    const fresh = await follow(again.body.action_link as string)
    expect(fragmentOf(fresh.location).get('type')).toBe('signup')
    // Confirmed now: a third signup link is refused.
    const confirmed = await generateLink({ type: 'signup', email, password: 'link-pass-3' })
    expect(confirmed.status).toBe(422)
    expect(confirmed.body).toEqual({
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    })
    const viaClient = await t.admin.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'link-pass-3',
    })
    expect(viaClient.error?.name).toBe('AuthApiError')
    expect(viaClient.error?.status).toBe(422)
    expect(viaClient.error?.code).toBe('email_exists')
  })

  it('refuses bad input with GoTrue’s codes and statuses', async () => {
    const refusedEmail = uniqueEmail('refused')
    const noPassword = await generateLink({ type: 'signup', email: refusedEmail })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    })
    const weak = await generateLink({ type: 'signup', email: refusedEmail, password: 'abc' })
    expect(weak.status).toBe(422)
    expect(weak.body).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    })
    const weakJs = await t.admin.auth.admin.generateLink({
      type: 'signup',
      email: uniqueEmail(),
      password: 'abc',
    })
    expect(weakJs.error?.name).toBe('AuthWeakPasswordError')
    const noEmail = await generateLink({ type: 'signup', password: 'link-pass-4' })
    expect(noEmail.status).toBe(400)
    expect(noEmail.body).toEqual({
      code: 'validation_failed',
      message: 'An email address is required',
    })
    const badEmail = await generateLink({ type: 'signup', email: 'not-an-email', password: 'x1' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.code).toBe('validation_failed')
    expect(badEmail.body.message).toMatch(/^Unable to validate email address: /)
    const badJson = await authFetch(t.stack, '/admin/generate_link', {
      token: t.stack.serviceRoleKey,
      rawBody: '{"type": "signup", "email": ',
    })
    expect(badJson.status).toBe(400)
    expect(badJson.body.code).toBe('bad_json')
    const wrongType = await generateLink({ type: 'signup', email: 42, password: 'link-pass-4' })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.code).toBe('bad_json')
    // Not an admin: the anon key and a user's own token are refused.
    const anon = await generateLink(
      { type: 'signup', email: uniqueEmail(), password: 'link-pass-4' },
      t.stack.anonKey
    )
    expect(anon.status).toBe(403)
    expect(anon.body).toEqual({ code: 'not_admin', message: 'User not allowed' })
    // Nothing refused left a user behind.
    const [row] = await t.stack
      .sql`select count(*)::int as n from auth.users where email = ${refusedEmail}`
    expect(row?.n).toBe(0)
  })
})
