// The refresh_token grant with Supabase's rotation rules: each use revokes the token and issues
// its child. A revoked token replayed within the reuse interval (10 s by default) is accepted:
// the parent of the active token gets the active token back (a client that lost the response, or
// two tabs refreshing at once), an older one a new child. Replayed later, it revokes the whole
// session's tokens, as the issue specifies (GoTrue itself exempts the active token's parent).
// Concurrent refreshes of one session are serialized by a row lock on the session.
import { authTx } from '../db.ts'
import { ERRORS, OAuthError } from '../errors.ts'
import type { AuthRuntime } from '../runtime.ts'
import { readRefreshState, rotate, tokenOwner } from './refresh-store.ts'
import { lockSession, revokeTokenFamily, touchSession } from './session-store.ts'
import type { ClientInfo } from './session-store.ts'
import { accessToken, sessionResponse } from './tokens.ts'
import type { SessionResponse } from './tokens.ts'
import { isBanned } from '../users/user-json.ts'

export async function refreshTokenGrant(
  rt: AuthRuntime,
  refreshToken: string,
  client: ClientInfo,
  /** The OAuth client that authenticated at /oauth/token; null at /token (GoTrue's ClientID). */
  oauthClientId: string | null = null
): Promise<SessionResponse> {
  if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required')
  const result = await authTx(rt.ctx.db, async (tx): Promise<SessionResponse | 'already_used'> => {
    const owner = await tokenOwner(tx, refreshToken)
    if (!owner) {
      throw ERRORS.refreshTokenNotFound('Invalid Refresh Token: Refresh Token Not Found')
    }
    const locked = owner.sessionId === null ? false : await lockSession(tx, owner.sessionId)
    if (owner.sessionId === null || locked === false) {
      throw ERRORS.sessionNotFound('Invalid Refresh Token: No Valid Session Found', 400)
    }
    const sessionId = owner.sessionId
    // GoTrue: an OAuth client's session is refreshed only by that client, a first-party one
    // never by a client.
    if (locked.oauthClientId !== null) {
      if (oauthClientId === null) {
        throw new OAuthError('invalid_client', 'Client authentication required for OAuth session')
      }
      if (oauthClientId !== locked.oauthClientId) {
        throw new OAuthError('invalid_client', "Client does not match the session's OAuth client")
      }
    } else if (oauthClientId !== null) {
      throw new OAuthError(
        'invalid_client',
        'Client authentication not allowed for non-OAuth session'
      )
    }
    // Read under the lock: a concurrent refresh of this session has committed by now.
    const state = await readRefreshState(tx, refreshToken, sessionId, owner.userId)
    const { token, user } = state
    if (!token || !user) {
      throw ERRORS.refreshTokenNotFound('Invalid Refresh Token: Refresh Token Not Found')
    }
    if (isBanned(user)) throw ERRORS.userBanned('Invalid Refresh Token: User Banned')
    const now = new Date()
    let issued: string | null = null
    if (token.revoked) {
      const reuseUntil = token.updated_at.getTime() + rt.settings.refreshTokenReuseInterval * 1000
      if (now.getTime() > reuseUntil) {
        // Committed although the request fails: the family stays revoked.
        if (rt.settings.refreshTokenRotation) await revokeTokenFamily(tx, sessionId, now)
        return 'already_used'
      }
      if (state.active && state.active.parent === token.token) issued = state.active.token
    }
    if (issued === null) {
      issued = await rotate(tx, token, sessionId, client, now)
    } else {
      await touchSession(tx, sessionId, client, now)
    }
    const signed = await accessToken(
      rt,
      tx,
      user,
      sessionId,
      now,
      'token_refresh',
      state.amr,
      locked.oauthClientId === null ? null : undefined
    )
    return sessionResponse(rt, user, signed, issued)
  })
  if (result === 'already_used') {
    throw ERRORS.refreshTokenAlreadyUsed('Invalid Refresh Token: Already Used')
  }
  return result
}
