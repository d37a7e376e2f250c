// Supabase Auth as an OAuth 2.1 server (GoTrue's oauthserver: authorize.go, handlers.go): GET
// /oauth/authorize checks the client and redirect URI and sends the browser to the project's
// consent page (site_url + [auth.oauth_server] authorization_url_path ?authorization_id=…); the
// signed-in user's app reads /oauth/authorizations/{id} and approves or denies it; POST
// /oauth/token exchanges the code (PKCE) or a refresh token; GET /oauth/userinfo answers the
// claims of the session's scopes. Everything answers 404 feature_disabled while the server is off.
import type { FastifyInstance } from 'fastify'
import { authTx } from '../db.ts'
import { ERRORS, OAuthError } from '../errors.ts'
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
import { exchangeCode } from '../oauth-server/code-exchange.ts'
import { sendDiscovery } from '../oauth-server/discovery.ts'
import { refreshForClient } from '../oauth-server/refresh-grant.ts'
import { userinfoClaims } from '../oauth-server/userinfo.ts'
import type { AuthorizationRow } from '../oauth-server/authorizations.ts'
import { authenticateClient } from '../oauth-server/client-auth.ts'
import { credentialsOf, tokenParams } from '../oauth-server/client-credentials.ts'
import { clientDetails, findClient } from '../oauth-server/clients.ts'
import type { ClientRow } from '../oauth-server/clients.ts'
import { isUuid, queryParam, rawBody, requireUser } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'

const DEFAULT_SCOPE = 'email'

export function registerOAuthServer(app: FastifyInstance, rt: AuthRuntime): void {
  const settings = rt.ctx.config.auth.oauthServer
  const guard = () => {
    if (!settings.enabled) throw ERRORS.featureDisabled('OAuth server is disabled')
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
    const fail = (message: string) => ERRORS.validationFailed(message)
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
    if (!client) throw ERRORS.oauthClientNotFound('invalid client_id', 400)
    if (!client.redirect_uris.split(',').includes(p.redirectUri)) {
      throw fail('invalid redirect_uri')
    }
    const id = await authTx(rt.ctx.db, (tx) => createAuthorization(tx, p))
    if (settings.authorizationUrlPath === '') {
      throw ERRORS.unexpectedFailure('oauth authorization path not configured')
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
    if (!found) throw ERRORS.oauthAuthorizationNotFound('authorization not found')
    if (found.expired) {
      await authTx(rt.ctx.db, (tx) => markExpired(tx, found.id))
      throw ERRORS.oauthAuthorizationNotFound('authorization not found')
    }
    if (found.status !== 'pending') {
      throw ERRORS.validationFailed('authorization request cannot be processed')
    }
    return found
  }
  const notTheirs = () => ERRORS.oauthAuthorizationNotFound('authorization not found')
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
        throw ERRORS.badJson('invalid JSON body')
      }
      if (action !== 'approve' && action !== 'deny') {
        throw ERRORS.validationFailed("action must be 'approve' or 'deny'")
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
      return reply.send(await refreshForClient(rt, request, client, params))
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
    return reply.send({ ...info, ...userinfoClaims(user, parseScopes(rows[0]?.scopes ?? '')) })
  })

  app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
    guard()
    return sendDiscovery(rt, reply)
  })
}
