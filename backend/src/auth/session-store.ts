// auth.sessions, auth.refresh_tokens and auth.mfa_amr_claims as GoTrue keeps them: a session per
// sign-in, a chain of refresh tokens (each new one's parent is the token it replaced), and the
// authentication methods that go into the access token's amr claim.
import { randomUUID } from 'node:crypto'
import type { Tx } from './db.ts'
import { generateRefreshToken } from './secrets.ts'

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

/** Starts a session for a user: its first refresh token and the sign-in method. */
export async function createSession(
  tx: Tx,
  userId: string,
  method: string,
  client: ClientInfo,
  now: Date
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID()
  const at = now.toISOString()
  await tx`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
    values (${sessionId}, ${userId}, ${at}, ${at}, 'aal1', ${client.userAgent}, ${client.ip})
  `
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null, now)
  await addAmrClaim(tx, sessionId, method, now)
  await tx`update auth.users set last_sign_in_at = ${at}, updated_at = ${at} where id = ${userId}`
  return { sessionId, refreshToken }
}

export async function insertRefreshToken(
  tx: Tx,
  userId: string,
  sessionId: string,
  parent: string | null,
  now: Date
): Promise<string> {
  const token = generateRefreshToken()
  const at = now.toISOString()
  await tx`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${token}, ${userId}, false, ${at}, ${at}, ${parent}, ${sessionId})
  `
  return token
}

/** Records (or refreshes) a sign-in method of a session. */
export async function addAmrClaim(tx: Tx, sessionId: string, method: string, now: Date) {
  const at = now.toISOString()
  await tx`
    insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
    values (${randomUUID()}, ${sessionId}, ${at}, ${at}, ${method})
    on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at
  `
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

export async function sessionExists(tx: Tx, sessionId: string): Promise<boolean> {
  const rows = await tx`select 1 from auth.sessions where id = ${sessionId}`
  return rows.length > 0
}

export async function findRefreshToken(tx: Tx, token: string): Promise<RefreshTokenRow | null> {
  const rows = await tx<RefreshTokenRow[]>`
    select id::text, token, user_id, revoked, parent, session_id, updated_at
    from auth.refresh_tokens where token = ${token}
  `
  return rows[0] ?? null
}

/** Locks the session row so that concurrent refreshes of one session run one after another. */
export async function lockSession(tx: Tx, sessionId: string): Promise<boolean> {
  const rows = await tx`select id from auth.sessions where id = ${sessionId} for update`
  return rows.length > 0
}

export async function activeRefreshToken(
  tx: Tx,
  sessionId: string
): Promise<RefreshTokenRow | null> {
  const rows = await tx<RefreshTokenRow[]>`
    select id::text, token, user_id, revoked, parent, session_id, updated_at
    from auth.refresh_tokens where session_id = ${sessionId} and revoked = false
    order by id desc limit 1
  `
  return rows[0] ?? null
}

/** Rotation: revokes `token` and issues its child in the same session. */
export async function swapRefreshToken(tx: Tx, token: RefreshTokenRow, now: Date): Promise<string> {
  const at = now.toISOString()
  await tx`update auth.refresh_tokens set revoked = true, updated_at = ${at} where id = ${token.id}`
  return insertRefreshToken(tx, token.user_id, token.session_id as string, token.token, now)
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
