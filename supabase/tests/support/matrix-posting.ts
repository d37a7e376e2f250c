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

/**
 * A channel of its own, as plaza (public, plaza's people) or quiet (private, the owner and the
 * member) are, so that a setting a case makes closes no channel the other cases post in.
 */
const channelLike = async (
  { sql, world }: MatrixContext,
  kind: 'public' | 'private'
): Promise<string> => {
  const { owner, admin, member, guest } = world.people
  const people =
    kind === 'public' ? [owner.id, admin.id, member.id, guest.id] : [owner.id, member.id]
  const [channel] = await sql<{ id: string }[]>`
    insert into public.channels (workspace_id, kind, name, created_by)
    values (${world.ws}, ${kind}, ${'posting-' + randomUUID().slice(0, 8)}, ${owner.id})
    returning id::text`
  await sql`
    insert into public.channel_members (channel_id, workspace_id, user_id)
    select ${channel!.id}, ${world.ws}, unnest(${people}::uuid[])`
  return channel!.id
}

/** A setting ("listed", no replies) of a channel like plaza or quiet, made as the superuser. */
const settingOf =
  (kind: 'public' | 'private') =>
  async (context: MatrixContext): Promise<string> => {
    const channel = await channelLike(context, kind)
    const [row] = await context.sql<{ id: string }[]>`
      insert into public.channel_posting (channel_id, workspace_id, who, replies)
      select c.id, c.workspace_id, 'listed', false from public.channels c where c.id = ${channel}
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

/** When the last call was asked: a call that changed the setting wrote it after then. */
let askedAt = new Date()
const ask = () => {
  askedAt = new Date()
  return 'admins'
}

const changedSince = async (sql: Sql | TransactionSql, channel: string) =>
  (
    await sql<{ changed: boolean }[]>`
      select updated_at >= ${askedAt} as changed from public.channel_posting
      where channel_id = ${channel}`
  )[0]?.changed === true

// prettier-ignore
export const POSTING_CASES = [
  { kind: 'row' as const, table: 'public.channel_posting', what: "a public channel's setting", op: 'select' as const, allowed: inPlaza, row: settingOf('public') },
  { kind: 'row' as const, table: 'public.channel_posting', what: "a private channel's setting (the admin is not in it)", op: 'select' as const, allowed: inQuiet, row: settingOf('private') },
  { kind: 'row' as const, table: 'public.channel_posting', what: 'a forged setting', op: 'insert' as const, allowed: [] as const, values: ({ world }: MatrixContext) => ({ id: randomUUID(), channel_id: world.ch.second, workspace_id: world.ws, who: 'admins' }) },
  { kind: 'row' as const, table: 'public.channel_posting', what: "a channel's setting", op: 'update' as const, allowed: [] as const, row: settingOf('public'), patch: () => ({ updated_at: new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString() }), changed: (after: Record<string, unknown>, patch: Record<string, unknown>) => new Date(after.updated_at as string).getTime() === new Date(patch.updated_at as string).getTime() },
  { kind: 'row' as const, table: 'public.channel_posting', what: "a channel's setting", op: 'delete' as const, allowed: [] as const, row: settingOf('public') },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a public channel's listed person", op: 'select' as const, allowed: inPlaza, row: posterIn((w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a private channel's listed person", op: 'select' as const, allowed: inQuiet, row: posterIn((w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.channel_posters', what: 'a forged listed person', op: 'insert' as const, allowed: [] as const, values: ({ world }: MatrixContext, actor: { id: string } | null) => ({ id: randomUUID(), channel_id: world.ch.plaza, workspace_id: world.ws, user_id: actor?.id ?? world.people.member.id }) },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a channel's listed person", op: 'update' as const, allowed: [] as const, row: posterIn((w) => w.ch.plaza), patch: () => ({ created_at: new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString() }), changed: (after: Record<string, unknown>, patch: Record<string, unknown>) => new Date(after.created_at as string).getTime() === new Date(patch.created_at as string).getTime() },
  { kind: 'row' as const, table: 'public.channel_posters', what: "a channel's listed person", op: 'delete' as const, allowed: [] as const, row: posterIn((w) => w.ch.plaza) },
  { kind: 'call' as const, table: 'public.set_channel_posting', what: "a public channel's setting changed (made by the owner)", op: 'call' as const, allowed: ['owner', 'admin'] as const, row: (context: MatrixContext) => channelLike(context, 'public'), args: (key: string) => ({ p_channel_id: key, p_who: ask(), p_replies: true }), done: changedSince, refusals: ['22023'] },
]
