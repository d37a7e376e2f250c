// OpenID Connect on the OAuth 2.1 server, as GoTrue's oauthserver issues it: with the `openid`
// scope the code is exchanged for an ID token signed with the project's signing key, verifiable
// through the JWKS the discovery document names (jose's createRemoteJWKSet + jwtVerify); an
// authorization code is redeemed once, even by requests racing each other, and only by the
// client and redirect URI it was issued for. A project on the HS256 secret alone cannot sign one.
import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch, confirmedClient, decodeJwt } from './support.ts'
import type { TestStack } from './support.ts'

const REDIRECT = 'https://client.example.com/callback'
const OAUTH_ON = '[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/oauth/consent"'

interface Client {
  id: string
  secret: string
}

function oauthHelpers(stack: () => TestStack) {
  const createClient = async (name: string): Promise<Client> => {
    const created = await stack()
      .client(stack().serviceRoleKey)
      .auth.admin.oauth.createClient({ client_name: name, redirect_uris: [REDIRECT] })
    return { id: created.data!.client_id, secret: created.data!.client_secret! }
  }
  /** A code approved by a signed-in user for `client`, with its PKCE verifier. */
  const approvedCode = async (client: Client, query: Record<string, string>) => {
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const response = await fetch(
      `${stack().url}/auth/v1/oauth/authorize?${new URLSearchParams({
        client_id: client.id,
        redirect_uri: REDIRECT,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...query,
      })}`,
      { redirect: 'manual', headers: { apikey: stack().anonKey } }
    )
    expect(response.status).toBe(302)
    const id = new URL(response.headers.get('location')!).searchParams.get('authorization_id')!
    const signedIn = await confirmedClient(stack())
    await signedIn.client.auth.oauth.getAuthorizationDetails(id)
    const approved = await signedIn.client.auth.oauth.approveAuthorization(id, {
      skipBrowserRedirect: true,
    })
    expect(approved.error).toBeNull()
    const code = new URL(approved.data!.redirect_url).searchParams.get('code')!
    return { code, verifier, user: signedIn.user, email: signedIn.email }
  }
  const token = async (client: Client, form: Record<string, string>) => {
    const response = await fetch(`${stack().url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams(form).toString(),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  return { createClient, approvedCode, token }
}

describe('OpenID Connect ID tokens', () => {
  let stack: TestStack
  let client: Client
  const { createClient, approvedCode, token } = oauthHelpers(() => stack)
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const jwk = { ...(await exportJWK(privateKey)), kid: 'chorus-oidc-key', alg: 'ES256' }
    stack = await startTestStack({
      config: authConfig('signing_keys_path = "./signing_keys.json"', '', OAUTH_ON),
      files: { 'signing_keys.json': JSON.stringify([jwk]) },
    })
    client = await createClient('Chorus desktop')
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('answers the openid scope with an ID token verifiable through the discovered JWKS', async () => {
    const { code, verifier, user, email } = await approvedCode(client, {
      scope: 'openid email profile',
      nonce: 'n-0S6_WzA2Mj',
    })
    const before = Math.floor(Date.now() / 1000)
    const exchanged = await token(client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    })
    expect(exchanged.status).toBe(200)
    expect(Object.keys(exchanged.body)).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
      'id_token',
    ])

    const discovery = await authFetch(stack, '/.well-known/openid-configuration')
    expect(discovery.body.id_token_signing_alg_values_supported).toEqual(['ES256'])
    const issuer = discovery.body.issuer as string
    const jwks = createRemoteJWKSet(new URL(discovery.body.jwks_uri as string))
    const { payload, protectedHeader } = await jwtVerify(exchanged.body.id_token as string, jwks, {
      issuer,
      audience: client.id,
    })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'chorus-oidc-key' })
    expect(Object.keys(payload)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'nonce',
      'auth_time',
      'email',
      'email_verified',
      'phone_number_verified',
      'name',
      'updated_at',
      'client_id',
    ])
    expect(payload).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      aud: client.id,
      nonce: 'n-0S6_WzA2Mj',
      email,
      email_verified: true,
      phone_number_verified: false,
      name: email,
      client_id: client.id,
    })
    expect(payload.exp! - payload.iat!).toBe(3600)
    expect(payload.auth_time as number).toBeGreaterThanOrEqual(before - 1)
    expect(payload.auth_time as number).toBeLessThanOrEqual(payload.iat!)
  })

  it('leaves the ID token out without the openid scope, and the nonce out without a nonce', async () => {
    const plain = await approvedCode(client, { scope: 'email' })
    const answer = await token(client, {
      grant_type: 'authorization_code',
      code: plain.code,
      code_verifier: plain.verifier,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).not.toHaveProperty('id_token')

    const noNonce = await approvedCode(client, { scope: 'openid' })
    const withId = await token(client, {
      grant_type: 'authorization_code',
      code: noNonce.code,
      code_verifier: noNonce.verifier,
    })
    const claims = decodeJwt(withId.body.id_token as string).payload
    expect(claims).not.toHaveProperty('nonce')
    expect(claims).not.toHaveProperty('email')
    expect(claims.email_verified).toBe(false)
  })

  it('redeems a code once when requests race, and only for its own client and redirect URI', async () => {
    const other = await createClient('Someone else')
    const { code, verifier } = await approvedCode(client, { scope: 'openid' })
    const form = { grant_type: 'authorization_code', code, code_verifier: verifier }

    const stranger = await token(other, form)
    expect(stranger).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'Authorization code was not issued for this client',
      },
    })
    const elsewhere = await token(client, { ...form, redirect_uri: 'https://client.example.com/x' })
    expect(elsewhere.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid redirect_uri',
    })

    // The refusals did not use the code up; of five requests at once, one gets the tokens.
    const answers = await Promise.all(Array.from({ length: 5 }, () => token(client, form)))
    const won = answers.filter((a) => a.status === 200)
    expect(won).toHaveLength(1)
    expect(won[0]!.body.id_token).toEqual(expect.any(String))
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
      })
    }
    const sessions = await stack.sql`
      select count(*)::int as n from auth.sessions where oauth_client_id = ${client.id}
        and user_id = (select user_id from auth.sessions
          where id = ${decodeJwt(won[0]!.body.access_token as string).payload.session_id as string})`
    expect(sessions[0]!.n).toBe(1)
  })
})

describe('OpenID Connect on the HS256 secret alone', () => {
  let stack: TestStack
  const { createClient, approvedCode, token } = oauthHelpers(() => stack)
  beforeAll(async () => {
    stack = await startTestStack({ config: authConfig('', '', OAUTH_ON) })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('advertises no ID token algorithm and fails the openid exchange as GoTrue does', async () => {
    const discovery = await authFetch(stack, '/.well-known/openid-configuration')
    expect(discovery.body.id_token_signing_alg_values_supported).toEqual([])
    const client = await createClient('HS256 project')
    const { code, verifier } = await approvedCode(client, { scope: 'openid' })
    const answer = await token(client, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
    })
    expect(answer.status).toBe(500)
    expect(answer.body).toMatchObject({
      error_code: 'unexpected_failure',
      msg: 'Error generating ID token',
    })
  })
})
