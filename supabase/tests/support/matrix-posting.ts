// The RLS matrix's cases for announcement channels (who may post), spread into MATRIX by
// matrix.ts: the setting and its list of people are read by whoever sees the channel (plaza's by
// its guest too, a private channel's by its members only), written by nobody but through
// set_channel_posting, which the workspace's admins (and the channel's creator) may call.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import type { MatrixContext } from './matrix-kit.ts'
import type { World } from './world.ts'

const inPlaza = ['owner', 'admin', 'member', 'guest'] as const
const inQuiet = ['owner', 'member'] as const

/** The channel's setting ("listed", no replies), made as the superuser; returns its id. */
const settingOf =
  (channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.channel_posting (channel_id, workspace_id, who, replies)
      select c.id, c.workspace_id, 'listed', false from public.channels c
      where c.id = ${channel(world)}
      on conflict (channel_id) do update set who = 'listed'
      returning id::text`
    return row!.id
  }

/** The member listed as allowed to post in the channel; returns the row's id. */
const posterIn =
  (channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.channel_posters (channel_id, workspace_id, user_id)
      select c.id, c.workspace_id, ${world.people.member.id}::uuid from public.channels c
      where c.id = ${channel(world)}
      on conflict (channel_id, user_id) do update set created_at = now()
      returning id::text`
    return row!.id
  }

let asked = false
const flip = () => (asked = !asked)

const whoIn = async (sql: Sql | TransactionSql, channel: string) =>
  (
    await sql<{ replies: boolean }[]>`
      select replies from public.channel_posting where channel_id = ${channel}`
  )[0]

// prettier-ignore
export const POSTING_CASES = [
  { kind: 'row' as const, table: 'public.channel_posting', what: "a public channel's setting", op: 'select' as const, allowed: inPlaza, row: settingOf((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.channel_posting', what: "a private channel's setting (the admin is not in it)", op: 'select' as const, allowed: inQuiet, row: settingOf((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.channel_posting', what: 'a forged setting', op: 'insert' as const, allowed: [] as const, values: ({ world }: MatrixContext) => ({ id: randomUUID(), channel_id: world.ch.second, workspace_id: world.ws, who: 'admins' }) },
  { kind: 'row' as const, table: 'public.channel_posting', what: "a channel's setting", op: 'update' as const, allowed: [] as const, row: settingOf((w) => w.ch.plaza), patch: () => ({ updated_at: new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString() }), changed: (after: Record<string, unknown>, patch: Record<string, unknown>) => new Date(after.updated_at as string).getTime() === new Date(patch.updated_at as string).getTime() },
  { kind: 'row' as const, table: 'public.channel_posting', what: "a channel's setting", op: 'delete' as const, allowed: [] as const, row: settingOf((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a public channel's listed person", op: 'select' as const, allowed: inPlaza, row: posterIn((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a private channel's listed person", op: 'select' as const, allowed: inQuiet, row: posterIn((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.channel_posters', what: 'a forged listed person', op: 'insert' as const, allowed: [] as const, values: ({ world }: MatrixContext, actor: { id: string } | null) => ({ id: randomUUID(), channel_id: world.ch.plaza, workspace_id: world.ws, user_id: actor?.id ?? world.people.member.id }) },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a channel's listed person", op: 'update' as const, allowed: [] as const, row: posterIn((w) => w.ch.plaza), patch: () => ({ created_at: new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString() }), changed: (after: Record<string, unknown>, patch: Record<string, unknown>) => new Date(after.created_at as string).getTime() === new Date(patch.created_at as string).getTime() },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a channel's listed person", op: 'delete' as const, allowed: [] as const, row: posterIn((w) => w.ch.plaza) },
  { kind: 'call' as const, table: 'public.set_channel_posting', what: "plaza's setting changed (made by the owner)", op: 'call' as const, allowed: ['owner', 'admin'] as const, row: async ({ world }: MatrixContext) => world.ch.plaza, args: (key: string) => ({ p_channel_id: key, p_who: 'admins', p_replies: flip() }), done: async (sql: Sql | TransactionSql, key: string) => (await whoIn(sql, key))?.replies === asked, refusals: ['22023'] },
]
