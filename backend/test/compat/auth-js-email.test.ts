// auth-js's suite, continued (see auth-js.test.ts): magic links and codes, password recovery and
// PKCE, with the mail read from the inbox through Mailpit's API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { cliConfig, latestMailTo, linkOf, otpOf, signUpUser } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ config: cliConfig('auth-js') })
})

afterAll(async () => {
  await stack?.stop()
})

const signedUp = (prefix: string) => signUpUser(stack, prefix)

describe('email flows through the inbox', () => {
  it('signInWithOtp() mails a magic link and a code; verifyOtp() signs in', async () => {
    const { email, user } = await signedUp('otp')
    const client = stack.client()
    const sent = await client.auth.signInWithOtp({ email })
    expect(sent).toEqual({ data: { user: null, session: null }, error: null })
    const mail = await latestMailTo(stack, email)
    expect(mail.Subject).toBe('Your Magic Link')
    expect(mail.From).toEqual({ Name: 'Admin', Address: 'admin@email.com' })
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: otpOf(mail),
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.session?.access_token).toEqual(expect.any(String))
    const again = await stack.client().auth.verifyOtp({ email, token: otpOf(mail), type: 'email' })
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    })
  })

  it('the magic link redirects to the site URL with the session in the fragment', async () => {
    const { email } = await signedUp('link')
    await stack.client().auth.signInWithOtp({ email })
    const link = linkOf(await latestMailTo(stack, email))
    expect(link.startsWith(`${stack.url}/auth/v1/verify?token=`)).toBe(true)
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('type')).toBe('magiclink')
    expect(fragment.get('expires_in')).toBe('3600')
    expect(fragment.get('access_token')).toEqual(expect.any(String))
    expect(fragment.get('refresh_token')).toEqual(expect.any(String))
  })

  it('resetPasswordForEmail() mails a recovery code that signs in', async () => {
    const { email } = await signedUp('recover')
    const client = stack.client()
    const { error } = await client.auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    const mail = await latestMailTo(stack, email)
    expect(mail.Subject).toBe('Reset Your Password')
    const verified = await client.auth.verifyOtp({ email, token: otpOf(mail), type: 'recovery' })
    expect(verified.error).toBeNull()
    expect((await client.auth.updateUser({ password: 'recovered-pass' })).error).toBeNull()
  })

  it('PKCE: the emailed link returns a code that exchangeCodeForSession() trades', async () => {
    const { email, user } = await signedUp('pkce')
    const client = stack.client(undefined, { auth: { flowType: 'pkce' } })
    await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://127.0.0.1:3000/cb' },
    })
    const response = await fetch(linkOf(await latestMailTo(stack, email)), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/cb')
    const code = location.searchParams.get('code')!
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
  })
})
