// The RLS matrix's cases for the audit log, spread into MATRIX by matrix.ts: read by the
// workspace's owners only, written by nobody through any API (its triggers write it), and never
// changed or deleted, by any role.
import type { Sql } from 'postgres'
import type { World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

/** An entry of the workspace of `channel` (set up as the superuser, as a trigger would write it). */
const entryIn =
  (channel: (w: World) => string) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.audit_log (workspace_id, actor_role, action, target_type, target_label)
      select c.workspace_id, 'system', 'matrix.entry', 'channel', c.name
      from public.channels c where c.id = ${channel(world)}
      returning id::text`
    return row!.id
  }

// prettier-ignore
export const AUDIT_CASES = [
  { kind: 'row' as const, table: 'public.audit_log', what: "an entry of the workspace", op: 'select' as const, allowed: ['owner'] as const, row: entryIn((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.audit_log', what: 'an entry of another workspace (its owner is the outsider)', op: 'select' as const, allowed: ['outsider'] as const, row: entryIn((w) => w.ch.outside) },
  { kind: 'row' as const, table: 'public.audit_log', what: 'a forged entry', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ workspace_id: world.ws, actor_role: 'system', action: 'forged.entry' }) },
  { kind: 'row' as const, table: 'public.audit_log', what: "an entry's action", op: 'update' as const, allowed: [] as const, row: entryIn((w) => w.ch.plaza), patch: () => ({ action: 'rewritten.history' }) },
  { kind: 'row' as const, table: 'public.audit_log', what: 'an entry', op: 'delete' as const, allowed: [] as const, row: entryIn((w) => w.ch.plaza) },
]
