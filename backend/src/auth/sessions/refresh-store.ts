// The reads and writes of one refresh-token grant, in as few round trips as the locking allows:
// find the token's session, lock it, then read the token, the session's active token, the user and
// the session's sign-in methods in one statement, and rotate (revoke, insert the child, note the
// refresh on the session) in one more.
import type { Tx } from '../db.ts'
import { NIL_UUID } from '../db.ts'
import { generateRefreshToken } from '../secrets.ts'
import type { AmrEntry, ClientInfo, RefreshTokenRow } from './session-store.ts'
import type { FactorRow, IdentityRow, User, UserRow } from '../users/user-json.ts'

export interface RefreshState {
  token: RefreshTokenRow | null
  active: RefreshTokenRow | null
  user: User | null
  amr: AmrEntry[]
}

interface TokenJson extends Omit<RefreshTokenRow, 'updated_at'> {
  updated_at: string
}

function toTokenRow(json: TokenJson | null): RefreshTokenRow | null {
  return json ? { ...json, id: String(json.id), updated_at: new Date(json.updated_at) } : null
}

/** The token's session and user, before any lock (null when the token is unknown). */
export async function tokenOwner(
  tx: Tx,
  token: string
): Promise<{ sessionId: string | null; userId: string } | null> {
  const rows = await tx<{ session_id: string | null; user_id: string }[]>`
    select session_id, user_id from auth.refresh_tokens where token = ${token}`
  const row = rows[0]
  return row ? { sessionId: row.session_id, userId: row.user_id } : null
}

/** Everything the grant decides on, read after the session lock so it is current. */
export async function readRefreshState(
  tx: Tx,
  token: string,
  sessionId: string,
  userId: string
): Promise<RefreshState> {
  const [row] = await tx<
    {
      token: TokenJson | null
      active: TokenJson | null
      user: UserRow | null
      identities: IdentityRow[]
      factors: FactorRow[]
      amr: AmrEntry[] | null
    }[]
  >`
    select
      (select to_json(t) from (
        select id, token, user_id, revoked, parent, session_id, updated_at
        from auth.refresh_tokens where token = ${token}) t) as token,
      (select to_json(a) from (
        select id, token, user_id, revoked, parent, session_id, updated_at
        from auth.refresh_tokens where session_id = ${sessionId} and revoked = false
        order by id desc limit 1) a) as active,
      (select to_json(u) from auth.users u where u.id::text = ${userId}) as user,
      coalesce((select json_agg(to_json(i) order by i.created_at, i.id)
        from auth.identities i where i.user_id::text = ${userId}), '[]'::json) as identities,
      coalesce((select json_agg(to_json(f) order by f.created_at, f.id)
        from auth.mfa_factors f where f.user_id::text = ${userId}), '[]'::json) as factors,
      (select json_agg(json_build_object(
          'method', c.authentication_method,
          'timestamp', floor(extract(epoch from c.updated_at))::bigint)
        order by c.updated_at desc)
        from auth.mfa_amr_claims c where c.session_id = ${sessionId}) as amr
  `
  return {
    token: toTokenRow(row?.token ?? null),
    active: toTokenRow(row?.active ?? null),
    user: row?.user ? { ...row.user, identities: row.identities, factors: row.factors } : null,
    amr: row?.amr ?? [],
  }
}

/** Revokes `token`, issues its child and notes the refresh on the session, in one statement. */
export async function rotate(
  tx: Tx,
  token: RefreshTokenRow,
  sessionId: string,
  client: ClientInfo,
  now: Date
): Promise<string> {
  const child = generateRefreshToken()
  const at = now.toISOString()
  await tx`
    with revoked as (
      update auth.refresh_tokens set revoked = true, updated_at = ${at} where id = ${token.id}
    ), touched as (
      update auth.sessions
      set refreshed_at = ${at}::timestamptz at time zone 'UTC', updated_at = ${at},
          user_agent = ${client.userAgent}, ip = ${client.ip}
      where id = ${sessionId}
    )
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values (${NIL_UUID}, ${child}, ${token.user_id}, false, ${at}, ${at}, ${token.token}, ${sessionId})
  `
  return child
}
