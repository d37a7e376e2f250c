// The RLS matrix's cases for bots (their table, their RPCs and the profile's is_bot mark), spread
// into MATRIX by matrix.ts. Plain data typed there (this module imports nothing of matrix.ts, so
// no import circle): the same shapes as its RowCase and CallCase.
import { createHash, randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { asUser } from './world.ts'
import type { Person, World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const admins = ['owner', 'admin'] as const

/** A new bot of the workspace made by its owner: the bot's user id, or its token. */
const made = async ({ sql, world }: Ctx, ws: (w: World) => string, maker: (w: World) => Person) =>
  (
    await asUser(
      sql,
      maker(world),
      (tx) => tx<{ id: string; token: string }[]>`
        select * from public.create_bot(${ws(world)}, ${`bot ${randomUUID().slice(0, 6)}`})`
    )
  )[0]!

const botIn =
  (ws: (w: World) => string = (w) => w.ws, maker: (w: World) => Person = (w) => w.people.owner) =>
  async (ctx: Ctx): Promise<string> =>
    (await made(ctx, ws, maker)).id

const tokenOf = async (ctx: Ctx): Promise<string> =>
  (
    await made(
      ctx,
      (w) => w.ws,
      (w) => w.people.owner
    )
  ).token

const bot = async (sql: Sql | TransactionSql, id: string) =>
  (
    await sql<{ revoked_at: Date | null; regenerated_at: Date | null }[]>`
      select revoked_at, regenerated_at from public.bots where id = ${id}`
  )[0]

// prettier-ignore
export const BOT_CASES = [
  // bots: listed to the workspace's owners and admins; written only by the RPCs
  { kind: 'row' as const, table: 'public.bots', what: "a workspace's bot", op: 'select' as const, allowed: admins, row: botIn() },
  { kind: 'row' as const, table: 'public.bots', what: 'a bot of another workspace', op: 'select' as const, allowed: ['outsider'] as const, row: botIn((w) => w.ws2, (w) => w.people.outsider) },
  { kind: 'row' as const, table: 'public.bots', what: 'a new bot', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx, actor: Person | null) => ({ id: world.people.member2.id, workspace_id: world.ws2, name: 'sneaky', token_hash: '\\x00', created_by: actor?.id ?? null }) },
  { kind: 'row' as const, table: 'public.bots', what: "a bot's name", op: 'update' as const, allowed: [] as const, row: botIn(), patch: () => ({ name: `renamed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.bots', what: "a bot's revocation undone", op: 'update' as const, allowed: [] as const, row: botIn(), patch: () => ({ revoked_at: null, name: `kept ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.bots', what: 'a bot', op: 'delete' as const, allowed: [] as const, row: botIn() },

  // profiles.is_bot: set only by create_bot; nobody makes a bot a person or a person a bot
  { kind: 'row' as const, table: 'public.profiles', what: "a bot's is_bot mark", op: 'update' as const, allowed: [] as const, row: botIn(), patch: () => ({ is_bot: false, display_name: `person ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.profiles', what: "a person's is_bot mark", op: 'update' as const, allowed: [] as const, row: async ({ world }: Ctx) => world.people.member.id, patch: () => ({ is_bot: true, display_name: `bot ${randomUUID().slice(0, 6)}` }) },

  { kind: 'call' as const, table: 'public.create_bot', what: 'a bot of the workspace', op: 'call' as const, allowed: admins, row: async ({ world }: Ctx) => world.ws, args: (key: string) => ({ p_workspace_id: key, p_name: `made ${randomUUID().slice(0, 4)}` }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1 },
  { kind: 'call' as const, table: 'public.revoke_bot', what: 'a bot revoked', op: 'call' as const, allowed: admins, row: botIn(), args: (key: string) => ({ p_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await bot(sql, key))?.revoked_at != null, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.regenerate_bot_token', what: "a bot's token replaced", op: 'call' as const, allowed: admins, row: botIn(), args: (key: string) => ({ p_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await bot(sql, key))?.regenerated_at != null, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.workspace_bots', what: "a workspace's bots listed", op: 'call' as const, allowed: admins, row: async (ctx: Ctx) => (await botIn()(ctx), ctx.world.ws), args: (key: string) => ({ p_workspace_id: key }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length > 0 },
  { kind: 'call' as const, table: 'public.authenticate_bot', what: "a bot's token checked without the service key", op: 'call' as const, allowed: [] as const, row: tokenOf, args: (key: string) => ({ p_token: key }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.bots where token_hash = ${createHash('sha256').update(key).digest()} and last_used_at is not null`).length === 1 },
]
