// The RLS matrix's cases for outgoing events (event_subscriptions, event_deliveries and their
// RPCs), spread into MATRIX by matrix.ts. Plain data typed there (this module imports nothing of
// matrix.ts, so no import circle): the same shapes as its RowCase and CallCase. The signing
// secret's table (private.event_subscription_secrets) is outside the API: events-security
// .test.ts checks that no API role has any privilege on it.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { asUser, makeMessage } from './world.ts'
import type { Person, World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const admins = ['owner', 'admin'] as const

/**
 * A subscription of the maker's workspace (the owner's W, or the outsider's W2), marked verified.
 * Its URL is in TEST-NET-1 (192.0.2.0/24, reserved): should the cron job pick one of its
 * deliveries, the function refuses the address before any connection.
 */
const subscriptionBy =
  (
    maker: (w: World) => Person = (w) => w.people.owner,
    privateChannels: (w: World) => string[] = () => []
  ) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const person = maker(world)
    const ws = person === world.people.outsider ? world.ws2 : world.ws
    // A workspace holds 20 subscriptions at most: the earlier checks' go first.
    await sql`delete from public.event_subscriptions where workspace_id = ${ws}`
    const [row] = await asUser(
      sql,
      person,
      (tx) => tx<{ id: string }[]>`
        select id from public.create_event_subscription(${ws}, ${`https://192.0.2.10/${randomUUID()}`},
          ${['message', 'team_join']}, ${privateChannels(world)})`
    )
    await sql`update public.event_subscriptions set url_verified = true where id = ${row!.id}`
    return row!.id
  }

/** A delivery of a message posted in the channel, to a new verified subscription. */
const deliveryIn =
  (channel: (w: World) => string, author: (w: World) => Person = (w) => w.people.member) =>
  async (ctx: Ctx): Promise<string> => {
    const sub = await subscriptionBy(
      (w) => w.people.owner,
      (w) => [w.ch.quiet]
    )(ctx)
    await makeMessage(ctx.sql, author(ctx.world), channel(ctx.world), 'for the matrix')
    const [row] = await ctx.sql<{ id: string }[]>`
      select id::text from public.event_deliveries where subscription_id = ${sub} order by id desc limit 1`
    return row!.id
  }

/** A delivery that failed for good (the one "Retry now" acts on). */
const failedDelivery = async (ctx: Ctx): Promise<string> => {
  const id = await deliveryIn((w) => w.ch.plaza)(ctx)
  await ctx.sql`update public.event_deliveries set status = 'failed', attempts = 4 where id = ${id}`
  return id
}

const subscriptionState = async (sql: Sql | TransactionSql, id: string) =>
  (
    await sql<{ active: boolean; secret_rotated_at: Date | null }[]>`
      select active, secret_rotated_at from public.event_subscriptions where id = ${id}`
  )[0]

// prettier-ignore
export const EVENT_CASES = [
  // event_subscriptions: listed to the workspace's owners and admins; written only by the RPCs; the secret in no API table
  { kind: 'row' as const, table: 'public.event_subscriptions', what: 'an event subscription', op: 'select' as const, allowed: admins, row: subscriptionBy() },
  { kind: 'row' as const, table: 'public.event_subscriptions', what: 'a subscription of another workspace', op: 'select' as const, allowed: ['outsider'] as const, row: subscriptionBy((w) => w.people.outsider) },
  { kind: 'row' as const, table: 'public.event_subscriptions', what: 'a new subscription', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx, actor: Person | null) => ({ id: randomUUID(), workspace_id: world.ws, url: 'https://sneaky.example.com/', event_types: ['message'], created_by: actor?.id ?? null, url_verified: true }) },
  { kind: 'row' as const, table: 'public.event_subscriptions', what: "a subscription's URL", op: 'update' as const, allowed: [] as const, row: subscriptionBy(), patch: () => ({ url: `https://other.example.com/${randomUUID()}` }) },
  { kind: 'row' as const, table: 'public.event_subscriptions', what: 'a subscription', op: 'delete' as const, allowed: [] as const, row: subscriptionBy() },
  { kind: 'call' as const, table: 'public.create_event_subscription', what: 'a subscription of the workspace', op: 'call' as const, allowed: admins, row: async ({ sql, world }: Ctx) => { await sql`delete from public.event_subscriptions where workspace_id = ${world.ws}`; return world.ws }, args: (key: string) => ({ p_workspace_id: key, p_url: 'https://192.0.2.10/hook', p_event_types: ['message'] }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1 },
  { kind: 'call' as const, table: 'public.set_event_subscription_active', what: 'a subscription paused', op: 'call' as const, allowed: admins, row: subscriptionBy(), args: (key: string) => ({ p_id: key, p_active: false }), done: async (sql: Sql | TransactionSql, key: string) => (await subscriptionState(sql, key))?.active === false, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.rotate_event_subscription_secret', what: "a subscription's secret", op: 'call' as const, allowed: admins, row: subscriptionBy(), args: (key: string) => ({ p_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await subscriptionState(sql, key))?.secret_rotated_at != null, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.update_event_subscription', what: "a subscription's events", op: 'call' as const, allowed: admins, row: subscriptionBy(), args: (key: string) => ({ p_id: key, p_event_types: ['reaction_added'] }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.event_subscriptions where id = ${key} and event_types = '{reaction_added}'`).length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.delete_event_subscription', what: 'a subscription deleted', op: 'call' as const, allowed: admins, row: subscriptionBy(), args: (key: string) => ({ p_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.event_subscriptions where id = ${key}`).length === 0, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.event_subscription_target', what: "a subscription's URL and secret without the service key", op: 'call' as const, allowed: [] as const, row: subscriptionBy(), args: (key: string) => ({ p_id: key }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.some((r) => Object.values(r).some((v) => v != null)) },
  { kind: 'call' as const, table: 'public.record_event_verification', what: 'a URL marked verified without the service key', op: 'call' as const, allowed: [] as const, row: async (ctx: Ctx) => { const id = await subscriptionBy()(ctx); await ctx.sql`update public.event_subscriptions set url_verified = false where id = ${id}`; return id }, args: (key: string) => ({ p_id: key, p_verified: true }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.event_subscriptions where id = ${key} and url_verified`).length === 1 },

  // event_deliveries: the workspace's owners and admins, for the conversations they can see; written only by the triggers and the function's RPCs
  { kind: 'row' as const, table: 'public.event_deliveries', what: 'a delivery of a public channel', op: 'select' as const, allowed: admins, row: deliveryIn((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.event_deliveries', what: 'a delivery of a chosen private channel', op: 'select' as const, allowed: ['owner'] as const, row: deliveryIn((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.event_deliveries', what: 'a forged delivery', op: 'insert' as const, allowed: [] as const, row: subscriptionBy(), values: ({ world }: Ctx, _actor: Person | null, sub: string) => ({ id: 999_999_999, subscription_id: sub, workspace_id: world.ws, event_id: 'EvFORGED', event_type: 'message', payload: {} }) },
  { kind: 'row' as const, table: 'public.event_deliveries', what: "a delivery's status", op: 'update' as const, allowed: [] as const, row: deliveryIn((w) => w.ch.plaza), patch: () => ({ last_error: `forged ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.event_deliveries', what: 'a delivery', op: 'delete' as const, allowed: [] as const, row: deliveryIn((w) => w.ch.plaza) },
  { kind: 'call' as const, table: 'public.retry_event_delivery', what: 'a failed delivery retried', op: 'call' as const, allowed: admins, row: failedDelivery, args: (key: string) => ({ p_id: Number(key) }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.event_deliveries where id = ${key} and status = 'retrying'`).length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.claim_event_deliveries', what: 'due deliveries and their secrets without the service key', op: 'call' as const, allowed: [] as const, row: deliveryIn((w) => w.ch.plaza), args: () => ({ p_limit: 200 }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.event_deliveries where id = ${key} and attempts > 0`).length === 1 },
  { kind: 'call' as const, table: 'public.record_event_delivery', what: 'a delivery recorded without the service key', op: 'call' as const, allowed: [] as const, row: async (ctx: Ctx) => { const id = await deliveryIn((w) => w.ch.plaza)(ctx); await ctx.sql`update public.event_deliveries set lease_until = now() + interval '1 minute' where id = ${id}`; return id }, args: (key: string) => ({ p_id: Number(key), p_status_code: 200 }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.event_deliveries where id = ${key} and status = 'delivered'`).length === 1 },
]
