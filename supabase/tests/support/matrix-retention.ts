// The RLS matrix's cases for retention, spread into MATRIX by matrix.ts: the policies are read by
// the workspace's members (a channel's as they see the channel), changed only through the RPCs by
// its owners; the names of deleted accounts are read by members and written by the trigger
// only; the file queue's RPCs are the service role's (the retention-files Edge Function).
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import type { World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const members = ['owner', 'admin', 'member'] as const
/** The workspace's retention, and plaza's (the guest's channel), concern its guest too. */
const withGuest = ['owner', 'admin', 'member', 'guest'] as const
/** The number of days the last call asked for (its effect is read back by it). */
let asked = 0
const days = () => (asked = 100 + Math.floor(Math.random() * 30000))

/** The workspace policy of the workspace of `channel` (as the superuser). */
const workspacePolicy =
  (channel: (w: World) => string) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.workspace_retention (workspace_id, keep_days)
      select c.workspace_id, 365 from public.channels c where c.id = ${channel(world)}
      on conflict (workspace_id) do update set keep_days = 365
      returning id::text`
    return row!.id
  }

const channelPolicy =
  (channel: (w: World) => string) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.channel_retention (channel_id, workspace_id, keep_days)
      select c.id, c.workspace_id, 30 from public.channels c where c.id = ${channel(world)}
      on conflict (channel_id) do update set keep_days = 30
      returning id::text`
    return row!.id
  }

const deactivatedIn = async ({ sql, world }: Ctx): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    insert into public.deactivated_people (workspace_id, user_id, display_name)
    values (${world.ws}, ${randomUUID()}, 'Gone Person') returning id::text`
  return row!.id
}

const queued = async ({ sql }: Ctx): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    insert into private.retention_files (bucket_id, name)
    values ('attachments', ${`matrix/${randomUUID()}.txt`}) returning id::text`
  return row!.id
}

const policyOf = async (sql: Sql | TransactionSql, channel: string) =>
  (
    await sql<{ keep_days: number | null }[]>`
    select keep_days from public.channel_retention where channel_id = ${channel}`
  )[0]

// prettier-ignore
export const RETENTION_CASES = [
  { kind: 'row' as const, table: 'public.workspace_retention', what: "the workspace's policy", op: 'select' as const, allowed: withGuest, row: workspacePolicy((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.workspace_retention', what: "another workspace's policy (the outsider's)", op: 'select' as const, allowed: ['outsider'] as const, row: workspacePolicy((w) => w.ch.outside) },
  { kind: 'row' as const, table: 'public.workspace_retention', what: 'a forged policy', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ id: randomUUID(), workspace_id: world.ws2, keep_days: 1 }) },
  { kind: 'row' as const, table: 'public.workspace_retention', what: "the workspace's days", op: 'update' as const, allowed: [] as const, row: workspacePolicy((w) => w.ch.plaza), patch: () => ({ keep_days: days() }) },
  { kind: 'row' as const, table: 'public.workspace_retention', what: "the workspace's policy", op: 'delete' as const, allowed: [] as const, row: workspacePolicy((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.channel_retention', what: "a public channel's policy", op: 'select' as const, allowed: withGuest, row: channelPolicy((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.channel_retention', what: "a private channel's policy (the admin is not in it)", op: 'select' as const, allowed: ['owner', 'member'] as const, row: channelPolicy((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.channel_retention', what: 'a forged channel policy', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ id: randomUUID(), channel_id: world.ch.second, workspace_id: world.ws, keep_days: 1 }) },
  { kind: 'row' as const, table: 'public.channel_retention', what: "a channel's days", op: 'update' as const, allowed: [] as const, row: channelPolicy((w) => w.ch.plaza), patch: () => ({ keep_days: days() }) },
  { kind: 'row' as const, table: 'public.channel_retention', what: "a channel's policy", op: 'delete' as const, allowed: [] as const, row: channelPolicy((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.deactivated_people', what: "a deleted account's name", op: 'select' as const, allowed: members, row: deactivatedIn },
  { kind: 'row' as const, table: 'public.deactivated_people', what: 'a forged name', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ id: randomUUID(), workspace_id: world.ws, user_id: randomUUID(), display_name: 'Forged' }) },
  { kind: 'row' as const, table: 'public.deactivated_people', what: "a deleted account's name", op: 'update' as const, allowed: [] as const, row: deactivatedIn, patch: () => ({ display_name: `renamed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.deactivated_people', what: "a deleted account's name", op: 'delete' as const, allowed: [] as const, row: deactivatedIn },
  { kind: 'call' as const, table: 'public.set_workspace_retention', what: "the workspace's days set", op: 'call' as const, allowed: ['owner'] as const, row: async ({ world }: Ctx) => world.ws, args: (key: string) => ({ p_workspace_id: key, p_keep_days: days() }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.workspace_retention where workspace_id = ${key} and keep_days = ${asked}`).length === 1 },
  { kind: 'call' as const, table: 'public.set_channel_retention', what: "a private channel's days set", op: 'call' as const, allowed: ['owner'] as const, row: async ({ world }: Ctx) => world.ch.quiet, args: (key: string) => ({ p_channel_id: key, p_keep_days: days() }), done: async (sql: Sql | TransactionSql, key: string) => (await policyOf(sql, key))?.keep_days === asked, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.clear_channel_retention', what: "a channel's policy cleared", op: 'call' as const, allowed: ['owner'] as const, row: async (ctx: Ctx) => (await channelPolicy((w) => w.ch.plaza)(ctx), ctx.world.ch.plaza), args: (key: string) => ({ p_channel_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await policyOf(sql, key)) === undefined, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.claim_retention_files', what: 'queued files handed out without the service key', op: 'call' as const, allowed: [] as const, row: queued, args: () => ({ p_limit: 1000 }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from private.retention_files where id = ${key} and claimed_at is not null`).length === 1 },
  { kind: 'call' as const, table: 'public.finish_retention_files', what: 'queued files forgotten without the service key', op: 'call' as const, allowed: [] as const, row: queued, args: (key: string) => ({ p_ids: [Number(key)] }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from private.retention_files where id = ${key}`).length === 0 },
]
