// [auth] switches from config.toml: enable_signup, [auth.email] enable_signup, password rules,
// jwt_expiry and the anonymous provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch, decodeJwt, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

describe('enable_signup = false', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({
      config: authConfig('enable_signup = false\nenable_anonymous_sign_ins = true'),
    })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('refuses sign-ups, anonymous sign-ins and OTP sign-ups, but not admin-made users', async () => {
    const email = uniqueEmail()
    const signUp = await stack.client().auth.signUp({ email, password: 'secret-pass-1' })
    expect(signUp.error?.status).toBe(422)
    expect(signUp.error?.code).toBe('signup_disabled')
    expect(signUp.error?.message).toBe('Signups not allowed for this instance')
    const anonymous = await stack.client().auth.signInAnonymously()
    expect(anonymous.error?.code).toBe('signup_disabled')
    const otp = await stack.client().auth.signInWithOtp({ email })
    expect(otp.error?.code).toBe('signup_disabled')
    expect(await stack.sql`select 1 from auth.users where email = ${email}`).toHaveLength(0)
    const settings = await authFetch(stack, '/settings')
    expect(settings.body.disable_signup).toBe(true)
    const admin = stack.client(stack.serviceRoleKey)
    const created = await admin.auth.admin.createUser({
      email,
      password: 'secret-pass-1',
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'secret-pass-1' })
    expect(signIn.error).toBeNull()
  })
})

describe('email provider off, password rules and token lifetime', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({
      config: authConfig(
        'minimum_password_length = 10\npassword_requirements = "lower_upper_letters_digits"\njwt_expiry = 600\nenable_anonymous_sign_ins = true',
        'enable_signup = false'
      ),
    })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('refuses email sign-ups and sign-ins when [auth.email] enable_signup is false', async () => {
    const signUp = await authFetch(stack, '/signup', {
      body: { email: uniqueEmail(), password: 'Secret-pass-123' },
    })
    expect(signUp.status).toBe(400)
    expect(signUp.body).toEqual({
      code: 'email_provider_disabled',
      message: 'Email signups are disabled',
    })
    const signIn = await authFetch(stack, '/token?grant_type=password', {
      body: { email: uniqueEmail(), password: 'Secret-pass-123' },
    })
    expect(signIn.status).toBe(422)
    expect(signIn.body.message).toBe('Email logins are disabled')
  })

  it('applies minimum_password_length and password_requirements', async () => {
    const response = await authFetch(stack, '/signup', {
      body: { email: uniqueEmail(), password: 'short' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'weak_password',
      message:
        'Password should be at least 10 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      weak_password: { reasons: ['length', 'characters'] },
    })
  })

  it('issues access tokens for jwt_expiry seconds', async () => {
    const { data, error } = await stack.client().auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.session?.expires_in).toBe(600)
    const { payload } = decodeJwt(data.session!.access_token)
    expect((payload.exp as number) - (payload.iat as number)).toBe(600)
  })
})

describe('features the CLI leaves off', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({ config: authConfig() })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('answers MFA enrolment, identity linking, SSO and OAuth as GoTrue does with them off', async () => {
    const admin = stack.client(stack.serviceRoleKey)
    const email = uniqueEmail('mfa')
    await admin.auth.admin.createUser({ email, password: 'secret-pass-1', email_confirm: true })
    const client = stack.client()
    await client.auth.signInWithPassword({ email, password: 'secret-pass-1' })
    const enroll = await client.auth.mfa.enroll({ factorType: 'totp' })
    expect(enroll.error?.status).toBe(422)
    expect(enroll.error?.code).toBe('mfa_totp_enroll_not_enabled')
    const factors = await client.auth.mfa.listFactors()
    expect(factors.data?.all).toEqual([])
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data?.currentLevel).toBe('aal1')
    const link = await client.auth.linkIdentity({ provider: 'github' })
    expect(link.error?.code).toBe('manual_linking_disabled')
    const sso = await client.auth.signInWithSSO({ domain: 'example.com' })
    expect(sso.error?.status).toBe(400)
    const authorize = await fetch(`${stack.url}/auth/v1/authorize?provider=github`)
    expect(authorize.status).toBe(400)
    expect(await authorize.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    })
  })
})
