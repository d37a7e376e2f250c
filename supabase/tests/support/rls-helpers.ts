// The reference for rls-helpers.test.ts: the SQL definitions of the helpers that
// 20261209100000_chorus_rls_helpers_plpgsql.sql and 20261209100100_chorus_messages_fanout_by_key.sql
// made plpgsql, created again as they were in a schema `was` inside a transaction that is rolled
// back, and each helper's answer from both, as text, for the comparison.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { claimsOf } from './world.ts'
import type { Person, World } from './world.ts'

/** The SQL definitions before 20261209100000 and 20261209100100, calling each other. */
const REFERENCE = `
create schema was;

create function was.oauth_client_id() returns uuid
language sql stable set search_path = '' as $$
  select case
    when c is null or c = '' then null
    when c ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then c::uuid
    else '00000000-0000-0000-0000-000000000000'::uuid
  end
  from (select auth.jwt() ->> 'client_id' as c) t
$$;

create function was.session_aal2() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
$$;

create function was.mfa_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select was.session_aal2() or not exists (
    select 1 from auth.mfa_factors f
    where f.user_id = (select auth.uid()) and f.status = 'verified'
  )
$$;

create function was.oauth_session_live() returns boolean
language sql stable security definer set search_path = '' as $$
  select (select was.oauth_client_id()) is null or exists (
    select 1 from auth.sessions s
    where s.id::text = (select auth.jwt()) ->> 'session_id'
      and s.user_id = (select auth.uid())
      and s.oauth_client_id = (select was.oauth_client_id())
      and (s.not_after is null or s.not_after > now())
  )
$$;

create function was.oauth_client_may(p_workspace_id uuid, p_write boolean) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select was.oauth_client_id()) is null or (
    (select was.oauth_session_live())
    and coalesce((
      select a.access from public.app_access a
      where a.user_id = (select auth.uid()) and a.client_id = (select was.oauth_client_id())
        and a.workspace_id = p_workspace_id
    ), 'read') = any (case when p_write then array['write'] else array['read', 'write'] end)
  )
$$;

create function was.workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and wm.suspended_at is null
    and (select was.mfa_ok()) and (not w.require_mfa or (select was.session_aal2()))
    and ((select was.oauth_client_id()) is null
      or was.oauth_client_may(wm.workspace_id, false))
$$;

create function was.member_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select cm.channel_id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.workspace_id in (select was.workspace_ids())
$$;

create function was.postable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.archived_at is null
    and c.workspace_id in (select was.workspace_ids())
$$;

create function was.is_channel_member(p_channel_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_channel_id in (select was.member_channel_ids())
$$;

create function was.guests_of_channel(p_channel_id uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select cm.user_id
  from public.channel_members cm
  join public.workspace_members wm
    on wm.workspace_id = cm.workspace_id and wm.user_id = cm.user_id
  where cm.channel_id = p_channel_id and wm.left_at is null and wm.role = 'guest'
$$;
`

/** The caller's helpers, one text each. */
function callerQuery(schema: 'private' | 'was'): string {
  const list = (fn: string) =>
    `(select coalesce(string_agg(id::text, ',' order by id), '') from ${schema}.${fn}() as id)`
  return `select
    coalesce(${schema}.oauth_client_id()::text, 'null') as oauth_client_id,
    ${schema}.session_aal2()::text as session_aal2,
    ${schema}.mfa_ok()::text as mfa_ok,
    ${schema}.oauth_session_live()::text as oauth_session_live,
    ${list('workspace_ids')} as workspace_ids,
    ${list('member_channel_ids')} as member_channel_ids,
    ${list('postable_channel_ids')} as postable_channel_ids,
    (select string_agg(coalesce(c::text, 'null') || '=' ||
        coalesce(${schema}.is_channel_member(c)::text, 'null'), ' ' order by ord)
      from unnest($1::uuid[]) with ordinality as t(c, ord)) as is_channel_member`
}

/** Each channel's guests (only the database calls it). */
function guestsQuery(schema: 'private' | 'was'): string {
  return `select string_agg(coalesce(c::text, 'null') || '=' || (
      select coalesce(string_agg(g::text, ',' order by g), '') from ${schema}.guests_of_channel(c) g
    ), ' ' order by ord) as guests_of_channel
    from unnest($1::uuid[]) with ordinality as t(c, ord)`
}

export type Answers = Record<string, string>

export interface Compared {
  now: Answers
  was: Answers
}

class Rollback extends Error {
  constructor(readonly value: Compared) {
    super('rollback')
  }
}

/**
 * Both answers for `person`'s claims with `claims` added (no person: anon's), after `setup` (as
 * superuser): the new helpers called as `role` (the API's role for those claims; anon may not
 * call them, so as superuser) and guests_of_channel, which only the database calls, as
 * superuser; the reference as superuser. All rolled back.
 */
export function comparer(sql: Sql, world: World) {
  return async function compare(
    person: Person | null,
    claims: Record<string, unknown> = {},
    setup: (tx: TransactionSql) => Promise<unknown> = async () => {},
    role: 'authenticated' | 'service_role' | null = person ? 'authenticated' : null
  ): Promise<Compared> {
    const channels = [...Object.values(world.ch), randomUUID(), null]
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(REFERENCE)
        await setup(tx)
        await tx`
        select set_config('request.jwt.claims',
          ${JSON.stringify({ ...claimsOf(person), ...claims })}, true)`
        const [was] = await tx.unsafe<Answers[]>(callerQuery('was'), [channels as never])
        const [wasGuests] = await tx.unsafe<Answers[]>(guestsQuery('was'), [channels as never])
        const [guests] = await tx.unsafe<Answers[]>(guestsQuery('private'), [channels as never])
        if (role) await tx`select set_config('role', ${role}, true)`
        const [now] = await tx.unsafe<Answers[]>(callerQuery('private'), [channels as never])
        throw new Rollback({ now: { ...now, ...guests }, was: { ...was, ...wasGuests } })
      })
    } catch (error) {
      if (error instanceof Rollback) return error.value
      throw error
    }
    throw new Error('unreachable')
  }
}

export async function addFactor(tx: TransactionSql, person: Person): Promise<void> {
  await tx`
    insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
    values (${randomUUID()}, ${person.id}, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`
}

export async function requireMfa(tx: TransactionSql, workspace: string): Promise<void> {
  await tx`update public.workspaces set require_mfa = true where id = ${workspace}`
}

/** A third-party app with a session of the person's (ended: not_after passed) and a grant in W. */
export async function appSession(
  tx: TransactionSql,
  workspace: string,
  person: Person,
  clientId: string,
  session: string,
  access: 'read' | 'write' | null,
  ended = false
): Promise<void> {
  await tx`
    insert into auth.oauth_clients (id, registration_type, redirect_uris, grant_types, client_name)
    values (${clientId}, 'manual', 'http://127.0.0.1:8765/cb', 'authorization_code,refresh_token', 'Helper app')`
  await tx`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, oauth_client_id, not_after)
    values (${session}, ${person.id}, now(), now(), 'aal1', ${clientId},
      ${ended ? new Date(Date.now() - 60_000) : null})`
  if (access) {
    await tx`
      insert into public.app_access (user_id, client_id, workspace_id, access)
      values (${person.id}, ${clientId}, ${workspace}, ${access})`
  }
}
