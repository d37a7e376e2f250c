// GoTrue's updateMFASessionAndClaims: a verified factor becomes a sign-in method of the caller's
// session, the session's refresh token is swapped for a new one (the aal1 token cannot mint aal2
// sessions), the session's aal and factor are recorded, and a new access token carries both.
import { ERRORS } from '../errors.ts'
import type { Tx } from '../db.ts'
import { rotate } from '../sessions/refresh-store.ts'
import type { AuthRuntime } from '../runtime.ts'
import { aalOf, amrOf } from '../sessions/session-store.ts'
import type { ClientInfo, RefreshTokenRow } from '../sessions/session-store.ts'
import { accessToken, sessionResponse } from '../sessions/tokens.ts'
import type { SessionResponse } from '../sessions/tokens.ts'
import { findUserById } from '../users/user-store.ts'
import { addClaimToSession, setSessionAal } from './factor-store.ts'

async function currentToken(tx: Tx, sessionId: string): Promise<RefreshTokenRow | null> {
  const rows = await tx<RefreshTokenRow[]>`
    select id::text as id, token, user_id, revoked, parent, session_id, updated_at
    from auth.refresh_tokens where session_id = ${sessionId}
    order by revoked asc, id desc limit 1`
  return rows[0] ?? null
}

export async function upgradeSession(
  rt: AuthRuntime,
  tx: Tx,
  call: { userId: string; sessionId: string; factorId: string; method: string },
  client: ClientInfo,
  now: Date
): Promise<SessionResponse> {
  await addClaimToSession(tx, call.sessionId, call.method, now)
  const token = await currentToken(tx, call.sessionId)
  if (!token) throw ERRORS.unexpectedFailure('Database error granting user')
  const refreshToken = await rotate(tx, token, call.sessionId, client, now)
  const amr = await amrOf(tx, call.sessionId)
  await setSessionAal(tx, call.sessionId, aalOf(amr), call.factorId)
  const user = await findUserById(tx, call.userId)
  if (!user) throw ERRORS.unexpectedFailure('Database error finding user')
  const signed = await accessToken(rt, tx, user, call.sessionId, now, call.method, amr)
  return sessionResponse(rt, user, signed, refreshToken)
}
