// The PKCE variants (supabase-js with flowType 'pkce'): the emailed link redirects with ?code=,
// which the client exchanges for a session with its stored code verifier.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import {
  authConfig,
  authFetch,
  confirmedClient,
  follow,
  latestMail,
  linkOf,
  uniqueEmail,
} from './support.ts'
import type { TestStack } from './support.ts'

// A timestamp as GoTrue writes it (toBeDefined would pass for null).
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ config: authConfig('', 'enable_confirmations = true') })
})

afterAll(async () => {
  await stack?.stop()
})

function pkceClient() {
  return stack.client(undefined, { auth: { flowType: 'pkce' } })
}

/** Follows the latest emailed link and returns the ?code= it redirects with. */
async function codeFromMail(email: string, expectedPath: string): Promise<string> {
  const link = new URL(linkOf(await latestMail(stack, email)))
  expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)
  const { status, location } = await follow(link.toString())
  expect(status).toBe(303)
  expect(location.pathname).toBe(expectedPath)
  expect(location.hash).toBe('')
  const code = location.searchParams.get('code')
  expect(code).toMatch(/^[0-9a-f-]{36}$/)
  return code!
}

function amrOf(accessToken: string): string {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).amr[0].method
}

describe('PKCE flows', () => {
  it('confirms a sign-up through ?code= and exchangeCodeForSession', async () => {
    const client = pkceClient()
    const email = uniqueEmail('pkce')
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret-pass-1',
      options: { emailRedirectTo: 'https://app.example.com/callback' },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    const code = await codeFromMail(email, '/callback')
    const exchanged = await client.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe(email)
    expect(exchanged.data.user?.email_confirmed_at).toMatch(TIMESTAMP)
    expect(amrOf(exchanged.data.session!.access_token)).toBe('email/signup')
    // A code is exchanged once.
    const again = await authFetch(stack, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(43) },
    })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('flow_state_not_found')
  })

  it('signs in with a magic link through ?code=', async () => {
    const { email, user } = await confirmedClient(stack)
    const client = pkceClient()
    const { error } = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'https://app.example.com/magic' },
    })
    expect(error).toBeNull()
    const code = await codeFromMail(email, '/magic')
    const { data, error: exchangeError } = await client.auth.exchangeCodeForSession(code)
    expect(exchangeError).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(amrOf(data.session!.access_token)).toBe('magiclink')
  })

  it('recovers a password through ?code= (redirectType recovery)', async () => {
    const { email } = await confirmedClient(stack)
    const client = pkceClient()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    await client.auth.resetPasswordForEmail(email, { redirectTo: 'https://app.example.com/reset' })
    const code = await codeFromMail(email, '/reset')
    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect((data as { redirectType?: string | null }).redirectType).toBe('recovery')
    expect(events).toContain('PASSWORD_RECOVERY')
    const { error: updateError } = await client.auth.updateUser({ password: 'pkce-new-pass' })
    expect(updateError).toBeNull()
  })

  it('confirms an email change through ?code=', async () => {
    // auth-js 2.109 drops its stored verifier when updateUser succeeds, so this one is driven
    // with raw requests and a verifier of our own.
    const { email, session } = await confirmedClient(stack)
    const verifier = 'v3rifier-'.repeat(6)
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const newEmail = uniqueEmail('pkce-change')
    const update = await authFetch(stack, '/user?redirect_to=https://app.example.com/changed', {
      method: 'PUT',
      token: session.access_token,
      body: { email: newEmail, code_challenge: challenge, code_challenge_method: 's256' },
    })
    expect(update.status).toBe(200)
    // First leg (new address): acknowledged with a message, in the query as well in PKCE.
    const first = await follow(linkOf(await latestMail(stack, newEmail)))
    expect(first.location.searchParams.get('message')).toMatch(/^Confirmation link accepted/)
    const code = await codeFromMail(email, '/changed')
    const exchanged = await authFetch(stack, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    })
    expect(exchanged.status).toBe(200)
    expect((exchanged.body.user as { email: string }).email).toBe(newEmail)
  })

  it('refuses a wrong verifier, an unknown code and an expired flow', async () => {
    const client = pkceClient()
    const email = uniqueEmail('pkce-bad')
    await client.auth.signUp({ email, password: 'secret-pass-1' })
    const code = await codeFromMail(email, '/')
    const wrong = await authFetch(stack, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'not-the-verifier-'.repeat(3) },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    })
    const unknown = await authFetch(stack, '/token?grant_type=pkce', {
      body: { auth_code: '00000000-0000-4000-8000-000000000000', code_verifier: 'v'.repeat(43) },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    })
    const empty = await authFetch(stack, '/token?grant_type=pkce', { body: { auth_code: code } })
    expect(empty.status).toBe(400)
    expect(empty.body.code).toBe('validation_failed')
    await stack.sql`update auth.flow_state set created_at = now() - interval '10 minutes' where auth_code = ${code}`
    const expired = await client.auth.exchangeCodeForSession(code)
    expect(expired.error?.status).toBe(422)
    expect(expired.error?.code).toBe('flow_state_expired')
  })

  it('validates PKCE parameters', async () => {
    const noMethod = await authFetch(stack, '/signup', {
      body: { email: uniqueEmail(), password: 'secret-pass-1', code_challenge: 'c'.repeat(43) },
    })
    expect(noMethod.status).toBe(400)
    expect(noMethod.body).toEqual({
      code: 'validation_failed',
      message: 'PKCE flow requires code_challenge_method and code_challenge',
    })
    const short = await authFetch(stack, '/otp', {
      body: { email: uniqueEmail(), code_challenge: 'short', code_challenge_method: 's256' },
    })
    expect(short.body.message).toBe('code challenge has to be between 43 and 128 characters')
    const method = await authFetch(stack, '/recover', {
      body: {
        email: uniqueEmail(),
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'md5',
      },
    })
    expect(method.status).toBe(400)
    expect(method.body.code).toBe('validation_failed')
  })
})
