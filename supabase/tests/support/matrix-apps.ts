// The RLS matrix's cases for third-party apps' grants (public.app_access): each person reads
// their own, and changes them only through set_app_access() and revoke_app(). One line per case.
import { randomUUID } from 'node:crypto'
import { one } from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'

/** member's grant of read to a fresh app in the matrix workspace. */
const membersGrant = ({ sql, world }: MatrixContext) =>
  one(sql`
    insert into public.app_access (user_id, client_id, workspace_id, access)
    values (${world.people.member.id}, ${randomUUID()}, ${world.ws}, 'read') returning id`)

/** A fresh app holding a session of member's, with a grant; its client id. */
const membersApp = async (ctx: MatrixContext) => {
  const id = await membersGrant(ctx)
  const [row] = await ctx.sql<{ client_id: string }[]>`
    select client_id from public.app_access where id = ${id}`
  await ctx.sql`
    insert into auth.oauth_clients (id, registration_type, redirect_uris, grant_types, client_name)
    values (${row!.client_id}, 'manual', 'http://127.0.0.1:8765/cb', 'authorization_code,refresh_token', 'Matrix app')`
  await ctx.sql`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, oauth_client_id)
    values (${randomUUID()}, ${ctx.world.people.member.id}, now(), now(), 'aal1', ${row!.client_id})`
  return row!.client_id
}

// prettier-ignore
export const APP_CASES: readonly MatrixCase[] = [
  { kind: 'row', table: 'public.app_access', what: "member's grant to an app", op: 'select', allowed: ['member'], row: membersGrant },
  { kind: 'row', table: 'public.app_access', what: 'a grant of your own', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), client_id: randomUUID(), workspace_id: world.ws, access: 'write' }) },
  { kind: 'row', table: 'public.app_access', what: "member's grant widened", op: 'update', allowed: [], row: membersGrant, patch: () => ({ access: 'write' }) },
  { kind: 'row', table: 'public.app_access', what: "member's grant", op: 'delete', allowed: [], row: membersGrant },
  { kind: 'call', table: 'public.revoke_app', what: "member's app revoked", op: 'call', allowed: ['member'], row: membersApp, args: (key) => ({ p_client_id: key }), done: async (sql, key) => (await sql`select 1 from auth.sessions where oauth_client_id = ${key}`).length === 0 && (await sql`select 1 from public.app_access where client_id = ${key}`).length === 0 },
]
