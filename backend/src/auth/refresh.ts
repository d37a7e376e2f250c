// The refresh_token grant with GoTrue's rotation rules: each use revokes the token and issues its
// child; replaying the parent of the active token returns the active token (a client that lost the
// response); replaying any other revoked token is allowed within the reuse interval and otherwise
// revokes the whole session's tokens. Concurrent refreshes of one session are serialized by a row
// lock on the session.
import { authTx } from './db.ts'
import { badRequest, OAuthError } from './errors.ts'
import type { AuthRuntime } from './runtime.ts'
import {
  activeRefreshToken,
  findRefreshToken,
  lockSession,
  revokeTokenFamily,
  swapRefreshToken,
  touchSession,
} from './session-store.ts'
import type { ClientInfo } from './session-store.ts'
import { accessToken, sessionResponse } from './tokens.ts'
import type { SessionResponse } from './tokens.ts'
import { findUserById } from './user-store.ts'
import { isBanned } from './user-json.ts'

export async function refreshTokenGrant(
  rt: AuthRuntime,
  refreshToken: string,
  client: ClientInfo
): Promise<SessionResponse> {
  if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required')
  const result = await authTx(rt.ctx.db, async (tx): Promise<SessionResponse | 'already_used'> => {
    const found = await findRefreshToken(tx, refreshToken)
    if (!found) {
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    }
    const user = await findUserById(tx, found.user_id)
    if (!user) {
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    }
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned')
    if (found.session_id === null || !(await lockSession(tx, found.session_id))) {
      throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found')
    }
    const sessionId = found.session_id
    // Re-read under the lock: a concurrent refresh may have rotated it meanwhile.
    const token = (await findRefreshToken(tx, refreshToken)) ?? found
    const now = new Date()
    let issued: string | null = null
    if (token.revoked) {
      const active = await activeRefreshToken(tx, sessionId)
      if (active && active.parent === token.token) {
        issued = active.token
      } else {
        const reuseUntil =
          new Date(token.updated_at).getTime() + rt.settings.refreshTokenReuseInterval * 1000
        if (now.getTime() > reuseUntil) {
          // Committed although the request fails: the family stays revoked.
          if (rt.settings.refreshTokenRotation) {
            await revokeTokenFamily(tx, sessionId, now)
          }
          return 'already_used'
        }
      }
    }
    if (issued === null) issued = await swapRefreshToken(tx, token, now)
    const signed = await accessToken(rt, tx, user, sessionId, now)
    await touchSession(tx, sessionId, client, now)
    return sessionResponse(rt, user, signed, issued)
  })
  if (result === 'already_used') {
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  return result
}
