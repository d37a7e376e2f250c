// Supabase Auth as an OAuth 2.1 server (GoTrue's oauthserver: authorize.go, handlers.go): GET
// /oauth/authorize checks the client and redirect URI and sends the browser to the project's
// consent page (site_url + [auth.oauth_server] authorization_url_path ?authorization_id=…); the
// signed-in user's app reads /oauth/authorizations/{id} and approves or denies it; POST
// /oauth/token exchanges the code (PKCE) or a refresh token; GET /oauth/userinfo answers the
// claims of the session's scopes. Everything answers 404 feature_disabled while the server is off.
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import { badRequest, internalError, notFound, OAuthError } from '../errors.ts'
import {
  approve,
  consentScopes,
  createAuthorization,
  deny,
  findAuthorization,
  markExpired,
  parseScopes,
  redirectWith,
  setAuthorizationUser,
} from '../oauth-server/authorizations.ts'
import { exchangeCode, oauthAnswer } from '../oauth-server/code-exchange.ts'
import { idTokenAlgorithms } from '../oauth-server/id-token.ts'
import type { AuthorizationRow } from '../oauth-server/authorizations.ts'
import { findClient } from '../oauth-server/clients.ts'
import type { ClientRow } from '../oauth-server/clients.ts'
import { refreshTokenGrant } from '../refresh.ts'
import { clientInfo, isUuid, queryParam, rawBody, requireUser } from '../request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { authUrl } from '../runtime.ts'

const DEFAULT_SCOPE = 'email'


/** Client credentials from Basic auth, else the body (form or JSON), as GoTrue reads them. */
function credentialsOf(request: FastifyRequest, body: Record<string, string>) {
  const header = request.headers.authorization
  if (typeof header === 'string' && header.startsWith('Basic ')) {
    const encoded = header.slice('Basic '.length)
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
      throw badRequest(
        'invalid_credentials',
        'Invalid client credentials: invalid basic auth encoding'
      )
    }
    const decoded = Buffer.from(encoded, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) {
      throw badRequest(
        'invalid_credentials',
        'Invalid client credentials: invalid basic auth format'
      )
    }
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
  }
  const id = body.client_id ?? ''
  const secret = body.client_secret ?? ''
  if (id === '' && secret !== '') {
    throw badRequest('invalid_credentials', 'Invalid client credentials: client_id is required')
  }
  return { id, secret }
}

function tokenParams(request: FastifyRequest): Record<string, string> {
  const raw = rawBody(request)
  const type = request.headers['content-type'] ?? ''
  const out: Record<string, string> = {}
  if (type.includes('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new OAuthError('invalid_request', 'Invalid JSON body')
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === 'string') out[key] = value
      }
    }
    return out
  }
  for (const [key, value] of new URLSearchParams(raw)) out[key] ??= value
  return out
}

async function authenticateClient(rt: AuthRuntime, creds: { id: string; secret: string }) {
  if (creds.id === '') return null
  if (!isUuid(creds.id)) throw badRequest('invalid_credentials', 'Invalid client_id format')
  const client = await authTx(rt.ctx.db, (tx) => findClient(tx, creds.id))
  if (!client) throw badRequest('invalid_credentials', 'Invalid client credentials')
  const hash = createHash('sha256').update(creds.secret).digest('base64url')
  let problem: string | null = null
  if (client.client_type === 'public') {
    if (creds.secret !== '') problem = 'public clients must not provide client_secret'
  } else if (creds.secret === '') {
    problem = 'confidential clients must provide client_secret'
  } else if (hash !== client.client_secret_hash) {
    problem = 'invalid client credentials'
  }
  if (problem) throw badRequest('invalid_credentials', `Invalid client credentials: ${problem}`)
  return client
}

export function registerOAuthServer(app: FastifyInstance, rt: AuthRuntime): void {
  const settings = rt.ctx.config.auth.oauthServer
  const guard = () => {
    if (!settings.enabled) throw notFound('feature_disabled', 'OAuth server is disabled')
  }

  app.get('/oauth/authorize', async (request, reply) => {
    guard()
    const p = {
      clientId: queryParam(request, 'client_id'),
      redirectUri: queryParam(request, 'redirect_uri'),
      responseType: queryParam(request, 'response_type') || 'code',
      scope: queryParam(request, 'scope') || DEFAULT_SCOPE,
      state: queryParam(request, 'state'),
      codeChallenge: queryParam(request, 'code_challenge'),
      codeChallengeMethod: queryParam(request, 'code_challenge_method'),
      nonce: queryParam(request, 'nonce'),
    }
    const fail = (message: string) => badRequest('validation_failed', message)
    if (p.clientId === '') throw fail('client_id is required')
    if (p.redirectUri === '') throw fail('redirect_uri is required')
    if (p.responseType !== 'code') throw fail('Only response_type=code is supported')
    if (p.codeChallenge === '' || p.codeChallengeMethod === '') {
      throw fail('PKCE flow requires both code_challenge and code_challenge_method')
    }
    if (!['s256', 'plain'].includes(p.codeChallengeMethod.toLowerCase())) {
      throw fail("code_challenge_method must be 'S256' or 'plain'")
    }
    if (p.codeChallenge.length < 43 || p.codeChallenge.length > 128) {
      throw fail('code_challenge must be between 43 and 128 characters')
    }
    const client = isUuid(p.clientId)
      ? await authTx(rt.ctx.db, (tx) => findClient(tx, p.clientId))
      : null
    if (!client) throw badRequest('oauth_client_not_found', 'invalid client_id')
    if (!client.redirect_uris.split(',').includes(p.redirectUri)) {
      throw fail('invalid redirect_uri')
    }
    const id = await authTx(rt.ctx.db, (tx) => createAuthorization(tx, p))
    if (settings.authorizationUrlPath === '') {
      throw internalError('oauth authorization path not configured')
    }
    const path = settings.authorizationUrlPath.startsWith('/')
      ? settings.authorizationUrlPath
      : `/${settings.authorizationUrlPath}`
    const target = `${rt.settings.siteUrl.replace(/\/+$/, '')}${path}?authorization_id=${id}`
    return reply.redirect(target, 302)
  })

  /** validateAndFindAuthorization: live, pending; an expired one is marked so and not found. */
  const loadPending = async (authorizationId: string): Promise<AuthorizationRow> => {
    const found = await authTx(rt.ctx.db, (tx) => findAuthorization(tx, authorizationId))
    if (!found) throw notFound('oauth_authorization_not_found', 'authorization not found')
    if (found.expired) {
      await authTx(rt.ctx.db, (tx) => markExpired(tx, found.id))
      throw notFound('oauth_authorization_not_found', 'authorization not found')
    }
    if (found.status !== 'pending') {
      throw badRequest('validation_failed', 'authorization request cannot be processed')
    }
    return found
  }
  const notTheirs = () => notFound('oauth_authorization_not_found', 'authorization not found')
  const successUrl = (a: AuthorizationRow, code: string) =>
    redirectWith(a.redirect_uri, a.state ? { code, state: a.state } : { code })

  app.get<{ Params: { id: string } }>('/oauth/authorizations/:id', async (request, reply) => {
    guard()
    const { user } = await requireUser(rt, request)
    const authorization = await loadPending(request.params.id)
    if (authorization.user_id === null) {
      const remembered = await authTx(rt.ctx.db, async (tx) => {
        await setAuthorizationUser(tx, authorization.id, user.id)
        return consentScopes(tx, user.id, authorization.client_id)
      })
      const wanted = parseScopes(authorization.scope)
      if (remembered && wanted.every((s) => remembered.includes(s))) {
        const code = await authTx(rt.ctx.db, (tx) =>
          approve(tx, { ...authorization, user_id: user.id }, false)
        )
        return reply.send({ redirect_url: successUrl(authorization, code) })
      }
    } else if (authorization.user_id !== user.id) {
      throw notTheirs()
    }
    const client = (await authTx(rt.ctx.db, (tx) =>
      findClient(tx, authorization.client_id)
    )) as ClientRow
    const userOut: Record<string, string> = { id: user.id }
    if (user.email) userOut.email = user.email
    return reply.send({
      authorization_id: authorization.authorization_id,
      redirect_uri: authorization.redirect_uri,
      client: clientDetails(client),
      user: userOut,
      ...(authorization.scope ? { scope: authorization.scope } : {}),
    })
  })

  app.post<{ Params: { id: string } }>(
    '/oauth/authorizations/:id/consent',
    async (request, reply) => {
      guard()
      const { user } = await requireUser(rt, request)
      let action: unknown
      try {
        action = (JSON.parse(rawBody(request)) as { action?: unknown } | null)?.action
      } catch {
        throw badRequest('bad_json', 'invalid JSON body')
      }
      if (action !== 'approve' && action !== 'deny') {
        throw badRequest('validation_failed', "action must be 'approve' or 'deny'")
      }
      const authorization = await loadPending(request.params.id)
      if (authorization.user_id !== user.id) throw notTheirs()
      const url = await authTx(rt.ctx.db, async (tx) => {
        if (action === 'approve')
          return successUrl(authorization, await approve(tx, authorization, true))
        await deny(tx, authorization.id)
        const params: Record<string, string> = {
          error: 'access_denied',
          error_description: 'User denied the request',
        }
        if (authorization.state) params.state = authorization.state
        return redirectWith(authorization.redirect_uri, params)
      })
      return reply.send({ redirect_url: url })
    }
  )

  app.post('/oauth/token', async (request, reply) => {
    guard()
    const params = tokenParams(request)
    const client = await authenticateClient(rt, credentialsOf(request, params))
    const grantType = params.grant_type ?? ''
    if (grantType === '') throw new OAuthError('invalid_request', 'grant_type is required')
    if (!client) throw new OAuthError('invalid_client', 'Client authentication required')
    if (!client.grant_types.split(',').includes(grantType)) {
      throw new OAuthError(
        'unsupported_grant_type',
        `Client is not allowed to use grant type: ${grantType}`
      )
    }
    if (grantType === 'refresh_token') {
      const token = params.refresh_token ?? ''
      if (token === '') {
        throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant')
      }
      // Only a session this client was granted: never a first-party session's refresh token,
      // nor another client's.
      const [owner] = await authTx(
        rt.ctx.db,
        (tx) => tx<{ client: string | null }[]>`
          select s.oauth_client_id::text as client from auth.refresh_tokens r
          join auth.sessions s on s.id = r.session_id
          where r.token = ${token}`
      )
      if (owner !== undefined && owner.client !== client.id) {
        throw new OAuthError('invalid_grant', 'Invalid refresh token')
      }
      return reply.send(oauthAnswer(await refreshTokenGrant(rt, token, clientInfo(request))))
    }
    if (grantType !== 'authorization_code') {
      throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`)
    }
    return reply.send(await exchangeCode(rt, request, client, params))
  })

  app.get('/oauth/userinfo', async (request, reply) => {
    guard()
    const { user, sessionId } = await requireUser(rt, request)
    const info: Record<string, unknown> = { sub: user.id }
    if (sessionId === null) return reply.send(info)
    const rows = await authTx(
      rt.ctx.db,
      (tx) =>
        tx<{ scopes: string | null }[]>`select scopes from auth.sessions where id = ${sessionId}`
    )
    const scopes = parseScopes(rows[0]?.scopes ?? '')
    const meta = user.raw_user_meta_data ?? {}
    const text = (key: string) =>
      typeof meta[key] === 'string' && meta[key] !== '' ? (meta[key] as string) : null
    if (scopes.includes('email')) {
      if (user.email) info.email = user.email
      if (user.email_confirmed_at) info.email_verified = true
    }
    if (scopes.includes('profile')) {
      const name = text('name') ?? (user.email || null)
      if (name) info.name = name
      const picture = text('picture') ?? text('avatar_url')
      if (picture) info.picture = picture
      const username = text('preferred_username') ?? text('username')
      if (username) info.preferred_username = username
      if (user.updated_at) info.updated_at = Math.floor(new Date(user.updated_at).getTime() / 1000)
      info.user_metadata = meta
    }
    if (scopes.includes('phone')) {
      if (user.phone) info.phone = user.phone
      if (user.phone_confirmed_at) info.phone_verified = true
    }
    return reply.send(info)
  })

  app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
    guard()
    return sendDiscovery(rt, reply)
  })
}

/** The client block of the consent page's details and of the user's grants. */
export function clientDetails(client: ClientRow) {
  return {
    id: client.id,
    name: client.client_name ?? '',
    uri: client.client_uri ?? '',
    logo_uri: client.logo_uri ?? '',
  }
}

/** GoTrue's WellKnownOpenID: one document for OIDC discovery and RFC 8414 metadata. */
export function sendDiscovery(rt: AuthRuntime, reply: FastifyReply) {
  const issuer = authUrl(rt)
  const oauth = rt.ctx.config.auth.oauthServer
  return reply.header('cache-control', 'public, max-age=600').send({
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
    ...(oauth.enabled && oauth.allowDynamicRegistration
      ? { registration_endpoint: `${issuer}/oauth/clients/register` }
      : {}),
    scopes_supported: ['openid', 'email', 'profile', 'phone'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    // Only what an ID token can be signed with here: the project's asymmetric keys (none on the
    // HS256 secret alone, where a request with `openid` fails as GoTrue's does).
    id_token_signing_alg_values_supported: idTokenAlgorithms(rt),
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    claims_supported: [
      'sub',
      'aud',
      'iss',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      'name',
      'picture',
      'preferred_username',
      'updated_at',
    ],
    code_challenge_methods_supported: ['S256', 'plain'],
  })
}
