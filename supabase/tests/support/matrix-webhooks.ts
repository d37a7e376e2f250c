// The RLS matrix's cases for integrations (incoming webhooks and the messages they post), spread
// into MATRIX by matrix.ts. Plain data typed there (this module imports nothing of matrix.ts, so
// no import circle): the same shapes as its RowCase and CallCase.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { asUser } from './world.ts'
import type { Person, World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const admins = ['owner', 'admin'] as const
const inPlaza = ['owner', 'admin', 'member', 'guest'] as const
const inQuiet = ['owner', 'member'] as const

/** A webhook of the channel made by a workspace admin (the owner can see every channel). */
const webhookIn =
  (channel: (w: World) => string, maker: (w: World) => Person = (w) => w.people.owner) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const [row] = await asUser(
      sql,
      maker(world),
      (tx) => tx<{ id: string }[]>`
        select id from public.create_incoming_webhook(${channel(world)}, ${`hook ${randomUUID().slice(0, 6)}`})`
    )
    return row!.id
  }

/** A message posted through a new webhook of the channel: its integration_messages row's id. */
const postIn =
  (channel: (w: World) => string) =>
  async (ctx: Ctx): Promise<string> => {
    const hook = await webhookIn(channel)(ctx)
    const secret = await asUser(
      ctx.sql,
      ctx.world.people.owner,
      async (tx) =>
        (await tx<{ s: string }[]>`select public.regenerate_incoming_webhook(${hook}) as s`)[0]!.s
    )
    const message = randomUUID()
    await ctx.sql`select public.post_incoming_webhook(${hook}, ${secret}, ${message}, 'from the matrix')`
    const [row] = await ctx.sql<{ id: string }[]>`
      select id from public.integration_messages where message_id = ${message}`
    return row!.id
  }

const stateOf = async (sql: Sql | TransactionSql, id: string) =>
  (
    await sql<
      { revoked_at: Date | null }[]
    >`select revoked_at from public.incoming_webhooks where id = ${id}`
  )[0]

// prettier-ignore
export const INTEGRATION_CASES = [
  // incoming_webhooks: listed to the workspace's owners and admins who can see the channel; written only by the RPCs
  { kind: 'row' as const, table: 'public.incoming_webhooks', what: "a public channel's webhook", op: 'select' as const, allowed: admins, row: webhookIn((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.incoming_webhooks', what: "a private channel's webhook", op: 'select' as const, allowed: ['owner'] as const, row: webhookIn((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.incoming_webhooks', what: 'a webhook of another workspace', op: 'select' as const, allowed: ['outsider'] as const, row: webhookIn((w) => w.ch.outside, (w) => w.people.outsider) },
  { kind: 'row' as const, table: 'public.incoming_webhooks', what: 'a new webhook', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx, actor: Person | null) => ({ id: randomUUID(), workspace_id: world.ws, channel_id: world.ch.plaza, name: 'sneaky', secret_hash: '\\x00', created_by: actor?.id ?? null }) },
  { kind: 'row' as const, table: 'public.incoming_webhooks', what: "a webhook's name", op: 'update' as const, allowed: [] as const, row: webhookIn((w) => w.ch.plaza), patch: () => ({ name: `renamed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.incoming_webhooks', what: 'a webhook', op: 'delete' as const, allowed: [] as const, row: webhookIn((w) => w.ch.plaza) },
  { kind: 'call' as const, table: 'public.create_incoming_webhook', what: 'a webhook for a public channel', op: 'call' as const, allowed: admins, row: async ({ world }: Ctx) => world.ch.plaza, args: (key: string) => ({ p_channel_id: key, p_name: `made ${key.slice(0, 4)}` }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.revoke_incoming_webhook', what: "a public channel's webhook revoked", op: 'call' as const, allowed: admins, row: webhookIn((w) => w.ch.plaza), args: (key: string) => ({ p_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await stateOf(sql, key))?.revoked_at != null, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.regenerate_incoming_webhook', what: "a private channel's webhook's secret", op: 'call' as const, allowed: ['owner'] as const, row: webhookIn((w) => w.ch.quiet), args: (key: string) => ({ p_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.incoming_webhooks where id = ${key} and regenerated_at is not null`).length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.post_incoming_webhook', what: 'a post without the service key', op: 'call' as const, allowed: [] as const, row: webhookIn((w) => w.ch.plaza), args: (key: string) => ({ p_webhook_id: key, p_secret: 'x', p_message_id: randomUUID(), p_body: 'sneaky' }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.integration_messages where webhook_id = ${key}`).length > 0 },

  // integration_messages: readable by exactly those who can read the message; written only by post_incoming_webhook
  { kind: 'row' as const, table: 'public.integration_messages', what: 'an app message in a public channel', op: 'select' as const, allowed: inPlaza, row: postIn((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.integration_messages', what: 'an app message in a private channel', op: 'select' as const, allowed: inQuiet, row: postIn((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.integration_messages', what: 'a forged app message', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ id: randomUUID(), message_id: randomUUID(), channel_id: world.ch.plaza, app_name: 'Alice' }) },
  { kind: 'row' as const, table: 'public.integration_messages', what: "an app message's name", op: 'update' as const, allowed: [] as const, row: postIn((w) => w.ch.plaza), patch: () => ({ app_name: `Alice ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.integration_messages', what: 'an app message', op: 'delete' as const, allowed: [] as const, row: postIn((w) => w.ch.plaza) },
]
