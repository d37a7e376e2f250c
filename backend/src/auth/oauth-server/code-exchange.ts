// The token endpoint's authorization_code grant (GoTrue's handleAuthorizationCodeGrant): the code
// must be live and approved, issued to this client (and redirect URI, when one is given), PKCE
// must match; then, in one transaction, the authorization is deleted (single use: of requests
// racing with one code, the first delete wins and the others find nothing) and the session
// issued. With the `openid` scope the answer carries an ID token (id-token.ts).
import type { FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import { ERRORS, OAuthError } from '../errors.ts'
import { clientInfo } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { issueSession } from '../sessions/tokens.ts'
import type { SessionResponse } from '../sessions/tokens.ts'
import { findUserById } from '../users/user-store.ts'
import { isBanned } from '../users/user-json.ts'
import { findByCode, parseScopes, pkceProblem } from './authorizations.ts'
import type { ClientRow } from './clients.ts'
import { idTokenClaims, signIdToken } from './id-token.ts'

/** The OAuth answer: no user, as GoTrue leaves it out for OAuth clients. */
export function oauthAnswer(session: SessionResponse) {
  return {
    access_token: session.access_token,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  }
}

const invalidCode = () => new OAuthError('invalid_grant', 'Invalid authorization code')

export async function exchangeCode(
  rt: AuthRuntime,
  request: FastifyRequest,
  client: ClientRow,
  params: Record<string, string>
) {
  const code = params.code ?? ''
  if (code === '') {
    throw new OAuthError('invalid_request', 'code is required for authorization_code grant')
  }
  const authorization = await authTx(rt.ctx.db, (tx) => findByCode(tx, code))
  if (!authorization) throw invalidCode()
  if (authorization.expired) throw new OAuthError('invalid_grant', 'Authorization code has expired')
  if (authorization.client_id !== client.id) {
    throw new OAuthError('invalid_grant', 'Authorization code was not issued for this client')
  }
  const redirectUri = params.redirect_uri ?? ''
  if (redirectUri !== '' && redirectUri !== authorization.redirect_uri) {
    throw new OAuthError('invalid_grant', 'Invalid redirect_uri')
  }
  const problem = pkceProblem(authorization, params.code_verifier ?? '')
  if (problem) throw new OAuthError('invalid_grant', `PKCE verification failed: ${problem}`)
  if (authorization.user_id === null) {
    throw new OAuthError('invalid_grant', 'Authorization code has no associated user')
  }
  const userId = authorization.user_id
  const issued = await authTx(rt.ctx.db, async (tx) => {
    // Used up first: a request racing this one waits on the row, then finds it gone.
    const used = await tx`
      delete from auth.oauth_authorizations
      where id = ${authorization.id} and authorization_code = ${code} and status = 'approved'
      returning id`
    if (used.length === 0) throw invalidCode()
    const user = await findUserById(tx, userId)
    if (!user) throw new OAuthError('invalid_grant', 'User not found for authorization code')
    if (isBanned(user)) throw new OAuthError('access_denied', 'User is banned')
    // The session names the client and its scopes, and so does every access token of it.
    const session = await issueSession(
      rt,
      tx,
      userId,
      'oauth_provider/authorization_code',
      clientInfo(request),
      new Date(),
      { clientId: client.id, scopes: authorization.scope }
    )
    return { session, user }
  })
  const answer: Record<string, unknown> = oauthAnswer(issued.session)
  const scopes = parseScopes(authorization.scope)
  if (scopes.includes('openid')) {
    const claims = idTokenClaims(rt, {
      user: issued.user,
      clientId: client.id,
      nonce: authorization.nonce,
      scopes,
      now: new Date(),
    })
    // GoTrue: "HS256 is not supported for ID token signing", answered after the code is used.
    const idToken = await signIdToken(rt, claims)
    if (idToken === null) throw ERRORS.unexpectedFailure('Error generating ID token')
    answer.id_token = idToken
  }
  return answer
}
