// Supabase Auth as an OAuth 2.1 server, end to end: a client registered through the admin API,
// /oauth/authorize sending the browser to the project's consent page, the signed-in user's
// approval or denial through auth-js (auth.oauth.*), the token endpoint (authorization code with
// PKCE, refresh), userinfo and the discovery documents, with GoTrue's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { oauthCalls, pkce, REDIRECT } from './oauth-support.ts'
import { authConfig, authFetch, confirmedClient, decodeJwt } from './support.ts'
import type { TestStack } from './support.ts'

describe('OAuth 2.1 server', () => {
  let stack: TestStack
  let clientId: string
  let clientSecret: string
  beforeAll(async () => {
    stack = await startTestStack({
      config: authConfig(
        '',
        '',
        '[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/oauth/consent"\nallow_dynamic_registration = true'
      ),
    })
    const created = await stack.client(stack.serviceRoleKey).auth.admin.oauth.createClient({
      client_name: 'Chorus desktop',
      redirect_uris: [REDIRECT],
    })
    clientId = created.data!.client_id
    clientSecret = created.data!.client_secret!
  })
  afterAll(async () => {
    await stack?.stop()
  })

  const { authorize, startAuthorization, token } = oauthCalls(() => ({
    stack,
    clientId,
    clientSecret,
  }))

  it('authorizes with consent, exchanges the code with PKCE, refreshes and answers userinfo', async () => {
    const { client, user, email } = await confirmedClient(stack)
    const { id, verifier } = await startAuthorization()

    const details = await client.auth.oauth.getAuthorizationDetails(id)
    expect(details.error).toBeNull()
    expect(details.data).toEqual({
      authorization_id: id,
      redirect_uri: REDIRECT,
      client: { id: clientId, name: 'Chorus desktop', uri: '', logo_uri: '' },
      user: { id: user.id, email },
      scope: 'email',
    })
    const approved = await client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })
    expect(approved.error).toBeNull()
    const callback = new URL(approved.data!.redirect_url)
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT)
    expect(callback.searchParams.get('state')).toBe('xyz')
    const code = callback.searchParams.get('code')!

    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
    })
    expect(wrongVerifier.status).toBe(400)
    expect(wrongVerifier.body.error).toBe('invalid_grant')
    expect(String(wrongVerifier.body.error_description)).toMatch(/^PKCE verification failed: /)

    const exchanged = await token({
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
    ])
    const claims = decodeJwt(exchanged.body.access_token as string).payload
    expect(claims.sub).toBe(user.id)
    expect((claims.amr as { method: string }[])[0]?.method).toBe(
      'oauth_provider/authorization_code'
    )
    const [session] = await stack.sql`
      select oauth_client_id, scopes from auth.sessions where id = ${claims.session_id as string}`
    expect(session).toEqual({ oauth_client_id: clientId, scopes: 'email' })
    // As GoTrue issues them: the token names its client and scopes, for row-level security.
    expect(claims.client_id).toBe(clientId)
    expect(claims.scope).toBe('email')
    expect(Object.keys(claims).slice(-3)).toEqual(['is_anonymous', 'client_id', 'scope'])

    const reused = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    })
    expect(reused.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid authorization code',
    })

    const info = await authFetch(stack, '/oauth/userinfo', {
      token: exchanged.body.access_token as string,
    })
    expect(info.status).toBe(200)
    expect(info.body).toEqual({ sub: user.id, email, email_verified: true })

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: exchanged.body.refresh_token as string,
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token)
    const refreshedClaims = decodeJwt(refreshed.body.access_token as string).payload
    expect(refreshedClaims.session_id).toBe(claims.session_id)
    expect([refreshedClaims.client_id, refreshedClaims.scope]).toEqual([clientId, 'email'])
    // The client's refresh token is no first-party one: /token refuses it without the client.
    const firstParty = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: refreshed.body.refresh_token },
    })
    expect(firstParty.body).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required for OAuth session',
    })
    expect(
      decodeJwt((await client.auth.getSession()).data.session!.access_token).payload
    ).not.toHaveProperty('client_id')

    // A refresh token the client was not granted (the user's own session's) is refused.
    const own = (await client.auth.getSession()).data.session!.refresh_token
    expect(await token({ grant_type: 'refresh_token', refresh_token: own })).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid refresh token' },
    })

    const grants = await client.auth.oauth.listGrants()
    expect(grants.error).toBeNull()
    expect(grants.data).toEqual([
      {
        client: { id: clientId, name: 'Chorus desktop', uri: '', logo_uri: '' },
        scopes: ['email'],
        granted_at: expect.any(String),
      },
    ])

    // The consent is remembered: the next request for the same scopes is approved at once.
    const again = await startAuthorization('second')
    const auto = await client.auth.oauth.getAuthorizationDetails(again.id)
    const autoUrl = new URL((auto.data as unknown as { redirect_url: string }).redirect_url)
    expect(autoUrl.searchParams.get('state')).toBe('second')
    expect(autoUrl.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/)

    // Revoking the grant ends the client's sessions of this user.
    const revoked = await client.auth.oauth.revokeGrant({ clientId })
    expect(revoked.error).toBeNull()
    expect((await client.auth.oauth.listGrants()).data).toEqual([])
    const afterRevoke = await token({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token as string,
    })
    expect(afterRevoke.status).toBe(400)
    const again2 = await client.auth.oauth.revokeGrant({ clientId })
    expect(again2.error?.status).toBe(404)
    expect(again2.error?.code).toBe('oauth_consent_not_found')
  })

  it('registers clients dynamically when allow_dynamic_registration is on', async () => {
    const response = await fetch(`${stack.url}/auth/v1/oauth/clients/register`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'MCP tool',
        redirect_uris: ['http://localhost:7777/cb'],
        token_endpoint_auth_method: 'none',
      }),
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      client_type: 'public',
      registration_type: 'dynamic',
      token_endpoint_auth_method: 'none',
    })
    const oidc = await authFetch(stack, '/.well-known/openid-configuration')
    expect(oidc.body.registration_endpoint).toBe(`${stack.url}/auth/v1/oauth/clients/register`)
  })

  it('denies, and answers GoTrue’s errors', async () => {
    const { client } = await confirmedClient(stack)
    const { id } = await startAuthorization('s1')
    // Not yet opened by this user: GoTrue answers as if it did not exist.
    const early = await client.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true })
    expect(early.error?.code).toBe('oauth_authorization_not_found')
    await client.auth.oauth.getAuthorizationDetails(id)
    const denied = await client.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true })
    expect(denied.error).toBeNull()
    expect(denied.data!.redirect_url).toBe(
      `${REDIRECT}?error=access_denied&error_description=User+denied+the+request&state=s1`
    )
    const twice = await client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })
    expect(twice.error?.status).toBe(400)
    expect(twice.error?.message).toBe('authorization request cannot be processed')
    const unknown = await client.auth.oauth.getAuthorizationDetails('nope')
    expect(unknown.error?.status).toBe(404)
    expect(unknown.error?.code).toBe('oauth_authorization_not_found')

    const { challenge } = pkce()
    const badRedirect = await authorize({
      client_id: clientId,
      redirect_uri: 'https://evil.example.com/cb',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    expect(badRedirect.status).toBe(400)
    expect(await badRedirect.json()).toMatchObject({ msg: 'invalid redirect_uri' })
    const noPkce = await authorize({ client_id: clientId, redirect_uri: REDIRECT })
    expect(await noPkce.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'PKCE flow requires both code_challenge and code_challenge_method',
    })
    const noClient = await authorize({
      client_id: '00000000-0000-0000-0000-000000000001',
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    expect(await noClient.json()).toMatchObject({
      error_code: 'oauth_client_not_found',
      msg: 'invalid client_id',
    })

    const noGrant = await token({})
    expect(noGrant.body).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is required',
    })
    const anonymousClient = await token({ grant_type: 'authorization_code', code: 'x' }, false)
    expect(anonymousClient.body).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required',
    })
    const wrongSecret = await token(
      { grant_type: 'authorization_code', client_id: clientId, client_secret: 'wrong' },
      false
    )
    expect(wrongSecret.status).toBe(400)
    expect(wrongSecret.body.error_code).toBe('invalid_credentials')
  })

  it('serves the discovery documents', async () => {
    const oidc = await authFetch(stack, '/.well-known/openid-configuration')
    const issuer = `${stack.url}/auth/v1`
    expect(oidc.body).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      code_challenge_methods_supported: ['S256', 'plain'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    })
    const metadata = await authFetch(stack, '/.well-known/oauth-authorization-server')
    expect(metadata.body).toEqual(oidc.body)
  })
})
