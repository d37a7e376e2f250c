// The RLS matrix's cases for forwarded messages (*_chorus_message_forwards.sql): a forward's
// snapshot, readable by exactly those who read the forward (its destination's members), written
// only by forward_message; its files, read through it; forwarding a message one reads into a
// channel one posts in.
import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import { inPlaza, inQuiet, members } from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { asUser, makeMessage, makeMessageWithFile } from './world.ts'
import type { Person, World } from './world.ts'

/** A forward by `by` of a new message of theirs in `from` into `to`; returns the forward's id. */
const forwardIn =
  (by: (w: World) => Person, from: (w: World) => string, to: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const source = await makeMessage(sql, by(world), from(world), 'worth sharing')
    const id = randomUUID()
    await asUser(
      sql,
      by(world),
      (tx) => tx`select public.forward_message(${id}, ${source}, ${to(world)}, ${'look'})`
    )
    return id
  }

/** A file of quiet (owner and member) that the owner forwards into general; the object's id. */
const forwardedFile = async ({ sql, world }: MatrixContext): Promise<string> => {
  const { message, path } = await makeMessageWithFile(sql, world.people.owner, world.ch.quiet)
  await asUser(
    sql,
    world.people.owner,
    (tx) => tx`select public.forward_message(${randomUUID()}, ${message}, ${world.ch.general}, '')`
  )
  const [row] = await sql<{ id: string }[]>`
    select id from storage.objects where bucket_id = 'attachments' and name = ${path}`
  return row!.id
}

const forwardsOf = async (sql: Sql, key: string) =>
  (
    await sql`select 1 from public.message_forwards
      where source_message_id = ${key.split('|')[0]!}`
  ).length

/** A new message of `author` in `from`, keyed with where it is forwarded to: "message|channel". */
const toForward =
  (author: (w: World) => Person, from: (w: World) => string, to: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> =>
    `${await makeMessage(sql, author(world), from(world), 'share me')}|${to(world)}`

const forwardArgs = (key: string) => {
  const [message, channel] = key.split('|')
  return { p_id: randomUUID(), p_message_id: message, p_channel_id: channel, p_comment: 'fyi' }
}

// prettier-ignore
export const FORWARD_CASES: readonly MatrixCase[] = [
  // message_forwards: read by the destination's members; nobody writes it but forward_message
  { kind: 'row', table: 'public.message_forwards', what: 'a forward into a public channel', op: 'select', allowed: inPlaza, row: forwardIn((w) => w.people.owner, (w) => w.ch.quiet, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.message_forwards', what: 'a forward into a private channel', op: 'select', allowed: inQuiet, row: forwardIn((w) => w.people.member, (w) => w.ch.plaza, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.message_forwards', what: 'a forward into a direct message', op: 'select', allowed: inQuiet, row: forwardIn((w) => w.people.member, (w) => w.ch.plaza, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.message_forwards', what: 'a forged forward', op: 'insert', allowed: [], row: ({ sql, world }) => makeMessage(sql, world.people.member, world.ch.plaza, 'forged'), values: ({ world }, _a, message) => ({ id: message, workspace_id: world.ws, channel_id: world.ch.plaza, source_channel_kind: 'private', source_created_at: new Date().toISOString(), body: 'words nobody wrote' }) },
  { kind: 'row', table: 'public.message_forwards', what: "a forward's snapshot", op: 'update', allowed: [], row: forwardIn((w) => w.people.member, (w) => w.ch.plaza, (w) => w.ch.general), patch: () => ({ body: `changed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row', table: 'public.message_forwards', what: "member's own forward", op: 'delete', allowed: [], row: forwardIn((w) => w.people.member, (w) => w.ch.plaza, (w) => w.ch.general) },
  // storage: a forward's files, read through it by its destination's members (general: not the guest)
  { kind: 'row', table: 'storage.objects', what: 'a private file forwarded into general', op: 'select', allowed: members, row: forwardedFile },
  // forwarding: a message one reads (plaza), into a channel one posts in (general: not the guest)
  { kind: 'call', table: 'public.forward_message', what: 'a public message forwarded into general', op: 'call', allowed: members, row: toForward((w) => w.people.member, (w) => w.ch.plaza, (w) => w.ch.general), args: forwardArgs, done: async (sql, key) => (await forwardsOf(sql as Sql, key)) > 0, refusals: ['22023'] },
  { kind: 'call', table: 'public.forward_message', what: 'a private message forwarded into a DM', op: 'call', allowed: inQuiet, row: toForward((w) => w.people.owner, (w) => w.ch.quiet, (w) => w.ch.dm), args: forwardArgs, done: async (sql, key) => (await forwardsOf(sql as Sql, key)) > 0, refusals: ['22023'] },
]
