// Access tokens and the session object (GoTrue's AccessTokenResponse): the claims in the order
// GoTrue emits them, signed with the project's key, and the response auth-js stores.
import type { Tx } from '../db.ts'
import { customAccessTokenClaims } from './hooks.ts'
import type { AuthRuntime } from '../runtime.ts'
import { authUrl } from '../runtime.ts'
import { aalOf, amrOf, createSession, oauthGrantOf } from './session-store.ts'
import type { AmrEntry, ClientInfo, OAuthGrant } from './session-store.ts'
import { findUserById } from '../users/user-store.ts'
import { sortKeysDeep, userJson } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'

export interface SessionResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
  weak_password?: { message: string; reasons: string[] }
}

/** Signs an access token for a user's session. */
export async function accessToken(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  sessionId: string,
  now: Date,
  /** How this token was obtained (GoTrue's authentication_method: password, otp, token_refresh…). */
  authenticationMethod: string,
  /** The session's amr claim when the caller already read it. */
  amr?: AmrEntry[],
  /** The session's OAuth client and scopes when the caller knows them (null: a first-party one). */
  oauth?: OAuthGrant | null
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000)
  const exp = iat + rt.settings.jwtExpiry
  const methods = amr ?? (await amrOf(tx, sessionId))
  const grant = oauth === undefined ? await oauthGrantOf(tx, sessionId) : oauth
  const claims = {
    iss: authUrl(rt),
    sub: user.id,
    aud: user.aud ?? '',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: sortKeysDeep(user.raw_app_meta_data ?? {}),
    user_metadata: sortKeysDeep(user.raw_user_meta_data ?? {}),
    role: user.role ?? '',
    aal: aalOf(methods),
    amr: methods,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
    // GoTrue's omitempty client_id and scope: a session an OAuth client was granted names the
    // client, so that row-level security can tell a third-party app from the person.
    ...(grant ? { client_id: grant.clientId } : {}),
    ...(grant && grant.scopes !== '' ? { scope: grant.scopes } : {}),
  }
  const hook = rt.settings.customAccessTokenHook
  const signed = hook
    ? await customAccessTokenClaims(tx, hook, {
        user_id: user.id,
        claims,
        authentication_method: authenticationMethod,
      })
    : claims
  return { token: await rt.ctx.keys.sign(signed), expiresAt: exp }
}

export function sessionResponse(
  rt: AuthRuntime,
  user: User,
  token: { token: string; expiresAt: number },
  refreshToken: string
): SessionResponse {
  return {
    access_token: token.token,
    token_type: 'bearer',
    expires_in: rt.settings.jwtExpiry,
    expires_at: token.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

/** GoTrue's issueRefreshToken: a new session for the user, signed in with `method`. */
export async function issueSession(
  rt: AuthRuntime,
  tx: Tx,
  userId: string,
  method: string,
  client: ClientInfo,
  now = new Date(),
  /** The OAuth client the session is granted to, with its scopes (the authorization code grant). */
  oauth: OAuthGrant | null = null
): Promise<SessionResponse> {
  const { sessionId, refreshToken } = await createSession(tx, userId, method, client, now, oauth)
  const user = (await findUserById(tx, userId)) as User
  // The only sign-in method of a new session is the one just recorded.
  const amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }]
  const token = await accessToken(rt, tx, user, sessionId, now, method, amr, oauth)
  return sessionResponse(rt, user, token, refreshToken)
}

/** The implicit-flow redirect: the session in the URL fragment (GoTrue's AsRedirectURL). */
export function sessionRedirect(redirectTo: string, session: SessionResponse, type: string) {
  const params = new URLSearchParams()
  params.set('access_token', session.access_token)
  params.set('expires_at', String(session.expires_at))
  params.set('expires_in', String(session.expires_in))
  params.set('refresh_token', session.refresh_token)
  params.set('token_type', session.token_type)
  params.set('type', type)
  return `${redirectTo}#${params.toString()}&sb=`
}
