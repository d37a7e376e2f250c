// Rows of auth.users and auth.identities, read and written as GoTrue's models do.
import { randomUUID } from 'node:crypto'
import type { Tx, ColumnValue } from '../db.ts'
import { NIL_UUID, runStatement, updateStatement } from '../db.ts'
import type { FactorRow, IdentityRow, User, UserRow } from './user-json.ts'

const USER_SELECT = `
  select to_json(u) as "user",
    coalesce((
      select json_agg(to_json(i) order by i.created_at, i.id)
      from auth.identities i where i.user_id = u.id
    ), '[]'::json) as identities,
    coalesce((
      select json_agg(to_json(f) order by f.created_at, f.id)
      from auth.mfa_factors f where f.user_id = u.id
    ), '[]'::json) as factors
  from auth.users u`

// Seed scripts often leave instance_id NULL; GoTrue's own rows carry the nil UUID.
const OWN_INSTANCE = `(u.instance_id = '${NIL_UUID}' or u.instance_id is null)`

type UserSelectRow = { user: UserRow; identities: IdentityRow[]; factors: FactorRow[] }

function toUser(row: UserSelectRow | undefined): User | null {
  if (!row) return null
  return { ...row.user, identities: row.identities, factors: row.factors }
}

export async function findUserById(tx: Tx, id: string): Promise<User | null> {
  const rows = await tx.unsafe(`${USER_SELECT} where u.id = $1`, [id])
  return toUser(rows[0] as UserSelectRow | undefined)
}

/** A user and whether a session of theirs exists (null session id: no session to check). */
export async function findUserAndSession(
  tx: Tx,
  userId: string,
  sessionId: string | null
): Promise<{ user: User | null; sessionFound: boolean }> {
  const [row] = await tx<
    { user: UserRow | null; identities: IdentityRow[]; factors: FactorRow[]; session: boolean }[]
  >`
    select
      (select to_json(u) from auth.users u where u.id = ${userId}) as "user",
      coalesce((select json_agg(to_json(i) order by i.created_at, i.id)
        from auth.identities i where i.user_id = ${userId}), '[]'::json) as identities,
      coalesce((select json_agg(to_json(f) order by f.created_at, f.id)
        from auth.mfa_factors f where f.user_id = ${userId}), '[]'::json) as factors,
      ${sessionId}::uuid is null or exists (select 1 from auth.sessions where id = ${sessionId}::uuid) as session
  `
  return {
    user: row?.user ? { ...row.user, identities: row.identities, factors: row.factors } : null,
    sessionFound: row?.session ?? false,
  }
}

/** GoTrue's FindUserByEmailAndAudience (SSO users excluded). */
export async function findUserByEmail(tx: Tx, email: string, aud: string): Promise<User | null> {
  const rows = await tx.unsafe(
    `${USER_SELECT} where ${OWN_INSTANCE} and lower(u.email) = lower($1) and u.aud = $2
       and u.is_sso_user = false
     limit 1`,
    [email, aud]
  )
  return toUser(rows[0] as UserSelectRow | undefined)
}

/** Another user of the audience that owns `email` (as user email or email identity), or null. */
export async function findDuplicateEmail(
  tx: Tx,
  email: string,
  aud: string,
  exceptUserId: string | null
): Promise<string | null> {
  const rows = await tx<{ id: string }[]>`
    select u.id from auth.users u
    where u.aud = ${aud} and u.id <> ${exceptUserId ?? NIL_UUID} and u.deleted_at is null
      and (
        (lower(u.email) = lower(${email}) and u.is_sso_user = false)
        or exists (
          select 1 from auth.identities i
          where i.user_id = u.id and i.email = lower(${email}) and i.provider not like 'sso:%'
        )
      )
    limit 1
  `
  return rows[0]?.id ?? null
}

export interface NewUser {
  id?: string
  aud: string
  role: string
  email: string | null
  phone?: string | null
  encryptedPassword: string
  userMetadata: Record<string, unknown>
  appMetadata: Record<string, unknown>
  isAnonymous?: boolean
  now: Date
}

/** Inserts a user row (an app's triggers on auth.users fire here). Returns the id. */
export async function insertUser(tx: Tx, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID()
  const now = user.now.toISOString()
  await tx`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, confirmation_token, recovery_token,
      email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
      created_at, updated_at, phone, phone_change, phone_change_token,
      email_change_token_current, email_change_confirm_status, reauthentication_token,
      is_sso_user, is_anonymous
    ) values (
      ${NIL_UUID}, ${id}, ${user.aud}, ${user.role}, ${user.email}, ${user.encryptedPassword},
      '', '', '', '', ${tx.json(user.appMetadata as never)}, ${tx.json(user.userMetadata as never)},
      ${now}, ${now}, ${user.phone ?? null}, '', '', '', 0, '', false, ${user.isAnonymous ?? false}
    )
  `
  return id
}

export async function insertIdentity(
  tx: Tx,
  userId: string,
  provider: string,
  providerId: string,
  identityData: Record<string, unknown>,
  now: Date
): Promise<void> {
  const at = now.toISOString()
  await tx`
    insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (${randomUUID()}, ${providerId}, ${userId}, ${tx.json(identityData as never)}, ${provider}, ${at}, ${at}, ${at})
  `
}

/** Updates the given columns of a user (and updated_at, as GoTrue's UpdateOnly does). */
export async function patchUser(
  tx: Tx,
  userId: string,
  patch: Record<string, ColumnValue>,
  now: Date
): Promise<void> {
  await runStatement(tx, updateStatement('auth.users', { ...patch, updated_at: now }, 'id', userId))
}

export async function patchIdentity(
  tx: Tx,
  identityId: string,
  patch: Record<string, ColumnValue>,
  now: Date
): Promise<void> {
  await runStatement(
    tx,
    updateStatement('auth.identities', { ...patch, updated_at: now }, 'id', identityId)
  )
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: top-level merge, null removes a key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/** The distinct providers of a user's identities, in the order GoTrue lists them. */
export function providersOf(user: User): string[] {
  return [...new Set(user.identities.map((i) => i.provider))]
}

export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx`delete from auth.users where id = ${userId}`
}

export async function countUsers(tx: Tx, aud: string, filter: string): Promise<number> {
  const [row] = await tx<{ count: string }[]>`
    select count(*)::text as count from auth.users u
    where ${tx.unsafe(OWN_INSTANCE)} and u.aud = ${aud}
      and (${filter} = '' or u.email like ${'%' + filter + '%'}
           or u.raw_user_meta_data ->> 'full_name' ilike ${'%' + filter + '%'})
  `
  return Number(row?.count ?? 0)
}

export async function listUsers(
  tx: Tx,
  aud: string,
  filter: string,
  limit: number,
  offset: number,
  ascending: boolean
): Promise<User[]> {
  const direction = ascending ? 'asc' : 'desc'
  const rows = await tx.unsafe(
    `${USER_SELECT} where ${OWN_INSTANCE} and u.aud = $1
       and ($2 = '' or u.email like $3 or u.raw_user_meta_data ->> 'full_name' ilike $3)
     order by u.created_at ${direction}, u.id ${direction}
     limit $4 offset $5`,
    [aud, filter, `%${filter}%`, limit, offset]
  )
  return (rows as unknown as UserSelectRow[]).map((row) => toUser(row) as User)
}
