// The RLS matrix's cases for exports, spread into MATRIX by matrix.ts: owners read the workspace's
// workspace exports and download their zip; each person reads and downloads only their own
// personal exports; nobody writes the table but through request_export (workspace exports:
// owners; personal ones: anyone in the workspace, the guest included); only owners let private
// channels and DMs into the workspace's exports (set_export_scope).
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { makeStoredObject } from './world.ts'
import type { Person, World } from './world.ts'

const owner = (w: World) => w.people.owner
const member = (w: World) => w.people.member
const member2 = (w: World) => w.people.member2

/** A finished export of `who`'s in W (its zip stored when `stored`); its row's or object's id. */
const exportOf =
  (kind: 'workspace' | 'personal', who: (w: World) => Person, stored = false) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const id = randomUUID()
    const path = `${world.ws}/${id}.zip`
    await sql`
      insert into public.exports (id, workspace_id, requested_by, kind, status, size, storage_path,
        finished_at, expires_at)
      values (${id}, ${world.ws}, ${who(world).id}, ${kind}, 'done', 12, ${path}, now(),
        now() + interval '7 days')`
    if (!stored) return id
    return makeStoredObject(sql, 'exports', path, who(world), 'application/zip')
  }

/** W, with none of its exports of that kind left (so each call starts afresh). */
const noExports =
  (kind: 'workspace' | 'personal') =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    await sql`delete from public.exports where workspace_id = ${world.ws} and kind = ${kind}`
    return world.ws
  }

/** A queued export of `who`'s (none other of theirs unfinished): its id. */
const queuedOf = (who: (w: World) => Person) => async (ctx: MatrixContext) => {
  await ctx.sql`delete from public.exports where requested_by = ${who(ctx.world).id} and status in ('queued', 'running')`
  const id = await exportOf('personal', who)(ctx)
  await ctx.sql`update public.exports set status = 'queued', finished_at = null where id = ${id}`
  return id
}

const asked = (kind: string) => async (sql: Sql | TransactionSql, key: string) =>
  (await sql`select 1 from public.exports where workspace_id = ${key} and kind = ${kind}`).length >
  0

/** W with its export scope back at the default (public channels only). */
const publicScope = async ({ sql, world }: MatrixContext): Promise<string> => {
  await sql`update public.workspaces set export_scope = 'public' where id = ${world.ws}`
  return world.ws
}
const scopeIsAll = async (sql: Sql | TransactionSql, key: string) =>
  (await sql`select 1 from public.workspaces where id = ${key} and export_scope = 'all'`).length > 0

// prettier-ignore
export const EXPORT_CASES: readonly MatrixCase[] = [
  { kind: 'row', table: 'public.exports', what: 'a workspace export', op: 'select', allowed: ['owner'], row: exportOf('workspace', owner) },
  { kind: 'row', table: 'public.exports', what: "member's personal export", op: 'select', allowed: ['member'], row: exportOf('personal', member) },
  { kind: 'row', table: 'public.exports', what: "the owner's personal export", op: 'select', allowed: ['owner'], row: exportOf('personal', owner) },
  { kind: 'row', table: 'public.exports', what: 'a forged export', op: 'insert', allowed: [], values: ({ world }, actor) => ({ id: randomUUID(), workspace_id: world.ws, requested_by: actor?.id ?? randomUUID(), kind: 'personal', status: 'done' }) },
  { kind: 'row', table: 'public.exports', what: "member's personal export", op: 'update', allowed: [], row: exportOf('personal', member), patch: () => ({ storage_path: `${randomUUID()}/forged.zip` }) },
  { kind: 'row', table: 'public.exports', what: "member's personal export", op: 'delete', allowed: [], row: exportOf('personal', member) },
  { kind: 'row', table: 'storage.objects', what: "a workspace export's zip", op: 'select', allowed: ['owner'], row: exportOf('workspace', owner, true) },
  { kind: 'row', table: 'storage.objects', what: "member's personal export's zip", op: 'select', allowed: ['member'], row: exportOf('personal', member, true) },
  { kind: 'call', table: 'public.request_export', what: 'a workspace export asked for', op: 'call', allowed: ['owner'], row: noExports('workspace'), args: (key) => ({ p_workspace: key, p_kind: 'workspace' }), done: asked('workspace'), refusals: ['22023'] },
  { kind: 'call', table: 'public.request_export', what: 'a personal export asked for', op: 'call', allowed: ['owner', 'admin', 'member', 'guest'], row: noExports('personal'), args: (key) => ({ p_workspace: key, p_kind: 'personal' }), done: asked('personal'), refusals: ['22023'] },
  { kind: 'call', table: 'public.set_export_scope', what: 'private channels and DMs let into exports', op: 'call', allowed: ['owner'], row: publicScope, args: (key) => ({ p_workspace_id: key, p_scope: 'all' }), done: scopeIsAll, refusals: ['22023'] },
  { kind: 'call', table: 'public.claim_export', what: 'an export claimed without the service key', op: 'call', allowed: [], row: queuedOf(member2), args: (key) => ({ p_export_id: key }), done: async (sql, key) => (await sql`select 1 from public.exports where id = ${key} and status = 'running'`).length === 1 },
]
