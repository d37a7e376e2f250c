// auth.sessions, auth.refresh_tokens and auth.mfa_amr_claims as GoTrue keeps them: a session per
// sign-in, a chain of refresh tokens (each new one's parent is the token it replaced), and the
// authentication methods that go into the access token's amr claim.
import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import { NIL_UUID } from '../db.ts'
import { generateRefreshToken } from '../secrets.ts'

export interface RefreshTokenRow {
  id: string
  token: string
  user_id: string
  revoked: boolean
  parent: string | null
  session_id: string | null
  updated_at: Date
}

export interface AmrEntry {
  method: string
  timestamp: number
}

export interface ClientInfo {
  userAgent: string | null
  ip: string | null
}

/** The OAuth client a session was granted to, and the scopes it was granted (GoTrue's grant params). */
export interface OAuthGrant {
  clientId: string
  scopes: string
}

/**
 * Starts a session for a user, in one statement: the session, its first refresh token, the sign-in
 * method (for the amr claim) and the user's last_sign_in_at. Foreign keys are checked at the end of
 * the statement, so the token and claim may refer to the session inserted beside them.
 */
export async function createSession(
  tx: Tx,
  userId: string,
  method: string,
  client: ClientInfo,
  now: Date,
  oauth: OAuthGrant | null = null
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID()
  const refreshToken = generateRefreshToken()
  const at = now.toISOString()
  await tx`
    with session as (
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip,
        oauth_client_id, scopes)
      values (${sessionId}, ${userId}, ${at}, ${at}, 'aal1', ${client.userAgent}, ${client.ip},
        ${oauth?.clientId ?? null}, ${oauth?.scopes ?? null})
    ), token as (
      insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
      values (${NIL_UUID}, ${refreshToken}, ${userId}, false, ${at}, ${at}, null, ${sessionId})
    ), claim as (
      insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
      values (${randomUUID()}, ${sessionId}, ${at}, ${at}, ${method})
    )
    update auth.users set last_sign_in_at = ${at}, updated_at = ${at} where id = ${userId}
  `
  return { sessionId, refreshToken }
}

/** Sign-in methods that are a second factor (GoTrue's AMRClaim.IsAAL2Claim). */
const SECOND_FACTORS = new Set(['totp', 'mfa/phone', 'mfa/webauthn'])

/** GoTrue's CalculateAALAndAMR: aal2 once any second factor is among the session's methods. */
export function aalOf(amr: AmrEntry[]): 'aal1' | 'aal2' {
  return amr.some((entry) => SECOND_FACTORS.has(entry.method)) ? 'aal2' : 'aal1'
}

/** The amr claim of a session, most recent method first. */
export async function amrOf(tx: Tx, sessionId: string): Promise<AmrEntry[]> {
  const rows = await tx<{ method: string; timestamp: string }[]>`
    select authentication_method as method, floor(extract(epoch from updated_at))::bigint::text as timestamp
    from auth.mfa_amr_claims where session_id = ${sessionId}
    order by updated_at desc
  `
  return rows.map((r) => ({ method: r.method, timestamp: Number(r.timestamp) }))
}

/**
 * Locks the session row so that concurrent refreshes of one session run one after another; the
 * OAuth client it was granted to (null for a first-party session), or false when there is none.
 */
export async function lockSession(
  tx: Tx,
  sessionId: string
): Promise<{ oauthClientId: string | null } | false> {
  const rows = await tx<{ client: string | null }[]>`
    select oauth_client_id::text as client from auth.sessions where id = ${sessionId} for update`
  return rows[0] ? { oauthClientId: rows[0].client } : false
}

/** The OAuth client and scopes of a session (GoTrue's session.OAuthClientID and Scopes). */
export async function oauthGrantOf(tx: Tx, sessionId: string): Promise<OAuthGrant | null> {
  const rows = await tx<{ client: string | null; scopes: string | null }[]>`
    select oauth_client_id::text as client, scopes from auth.sessions where id = ${sessionId}`
  const row = rows[0]
  return row?.client ? { clientId: row.client, scopes: row.scopes ?? '' } : null
}

/** GoTrue's RevokeTokenFamily: every token of the session stops being valid. */
export async function revokeTokenFamily(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx`
    update auth.refresh_tokens set revoked = true, updated_at = ${now.toISOString()}
    where session_id = ${sessionId} and revoked = false
  `
}

export async function touchSession(tx: Tx, sessionId: string, client: ClientInfo, now: Date) {
  const at = now.toISOString()
  await tx`
    update auth.sessions
    set refreshed_at = ${at}::timestamptz at time zone 'UTC', updated_at = ${at},
        user_agent = ${client.userAgent}, ip = ${client.ip}
    where id = ${sessionId}
  `
}

/** Sign-out: one session, every session of the user, or all but one. */
export async function deleteSessions(
  tx: Tx,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | null
): Promise<void> {
  if (scope === 'local' && sessionId) {
    await tx`delete from auth.sessions where id = ${sessionId}`
  } else if (scope === 'others' && sessionId) {
    await tx`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`
  } else {
    await tx`delete from auth.sessions where user_id = ${userId}`
  }
  // Refresh tokens of legacy sessionless grants have no cascade.
  if (scope === 'global' || !sessionId) {
    await tx`delete from auth.refresh_tokens where user_id = ${userId} and session_id is null`
  }
}
