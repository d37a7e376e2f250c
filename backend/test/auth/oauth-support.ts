// Shared by the OAuth 2.1 server flow tests: a PKCE pair, /oauth/authorize requests that stop at
// the project's consent page, and the token endpoint called as a registered client.
import { createHash, randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { TestStack } from './support.ts'

export const REDIRECT = 'https://client.example.com/callback'

export function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The stack and the client registered on it, read when a call is made (after beforeAll). */
export type OAuthSetup = () => { stack: TestStack; clientId: string; clientSecret: string }

/** /oauth/authorize, /oauth/token and the start of a code flow, as the client `setup` names. */
export function oauthCalls(setup: OAuthSetup) {
  const authorize = (query: Record<string, string>) =>
    fetch(`${setup().stack.url}/auth/v1/oauth/authorize?${new URLSearchParams(query)}`, {
      redirect: 'manual',
      headers: { apikey: setup().stack.anonKey },
    })

  async function startAuthorization(state = 'xyz') {
    const { verifier, challenge } = pkce()
    const response = await authorize({
      client_id: setup().clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/oauth/consent')
    const id = location.searchParams.get('authorization_id')!
    expect(id).toMatch(/^[a-z0-9]{32}$/)
    return { id, verifier }
  }

  async function token(form: Record<string, string>, basic = true) {
    const { stack, clientId, clientSecret } = setup()
    const headers: Record<string, string> = {
      apikey: stack.anonKey,
      'content-type': 'application/x-www-form-urlencoded',
    }
    if (basic) {
      headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
    }
    const response = await fetch(`${stack.url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  return { authorize, startAuthorization, token }
}
