// The RLS matrix's kit: the shapes of its cases and the helpers that make the rows a case acts
// on (a fresh one for each check). The cases themselves are in matrix-<subject>.ts, gathered by
// matrix.ts.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import {
  asUser,
  attachmentPath,
  makeMessage,
  makeMessageWithFile,
  makeStoredObject,
} from './world.ts'
import type { Person, Role, World } from './world.ts'

export type Op = 'select' | 'insert' | 'update' | 'delete'

export interface MatrixContext {
  sql: Sql
  world: World
}

export interface RowCase {
  kind: 'row'
  /** Schema-qualified table. */
  table: string
  what: string
  op: Op
  allowed: readonly Role[]
  /**
   * select/update/delete: makes the row acted on (fresh for each check) and returns its id.
   * insert: makes a prerequisite whose id `values` receives.
   */
  row?: (ctx: MatrixContext) => Promise<string>
  /** insert: the new row (with an id) this actor tries to add. */
  values?: (
    ctx: MatrixContext,
    actor: Person | null,
    prerequisite: string
  ) => Record<string, unknown>
  /** update: the change (unique values, so "changed" is unambiguous). */
  patch?: () => Record<string, unknown>
  /** update: whether the stored row shows the change (default: every patched column equals). */
  changed?: (after: Record<string, unknown>, patch: Record<string, unknown>) => boolean
  /** SQLSTATEs a refusal may carry besides 42501 (a trigger's clear message). */
  refusals?: readonly string[]
}

export interface TopicCase {
  kind: 'topic'
  table: 'realtime.messages'
  what: string
  op: 'select' | 'insert'
  allowed: readonly Role[]
  topic: (world: World) => string
}

/**
 * An RPC that acts on something of the caller's own outside the public tables (Auth's sessions):
 * called with `args`, as each role; `done` reads the effect back as superuser.
 */
export interface CallCase {
  kind: 'call'
  /** Schema-qualified function. */
  table: string
  what: string
  op: 'call'
  allowed: readonly Role[]
  /** Makes what the call acts on (fresh for each check) and returns its id. */
  row: (ctx: MatrixContext) => Promise<string>
  args: (key: string) => Record<string, unknown>
  /** Whether the call took effect, from its result rows and the state read back. */
  done: (
    sql: Sql | TransactionSql,
    key: string,
    rows: readonly Record<string, unknown>[]
  ) => Promise<boolean>
  /** SQLSTATEs a refusal may carry besides 42501 (the function's clear message). */
  refusals?: readonly string[]
}

export type MatrixCase = RowCase | TopicCase | CallCase

export const members = ['owner', 'admin', 'member'] as const
/** Everyone in plaza: the members, and the guest (a single-channel guest in plaza only). */
export const inPlaza = ['owner', 'admin', 'member', 'guest'] as const
export const inQuiet = ['owner', 'member'] as const
export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`

export async function one(q: Promise<{ id: string }[]>): Promise<string> {
  const rows = await q
  if (!rows[0]) throw new Error('matrix setup: no row')
  return rows[0].id
}

export const fixed =
  (pick: (w: World) => string) =>
  async ({ world }: MatrixContext) =>
    pick(world)

export const membershipOf =
  (person: (w: World) => Person, channel: (w: World) => string) =>
  ({ sql, world }: MatrixContext) =>
    one(sql`
      select id from public.channel_members
      where user_id = ${person(world).id} and channel_id = ${channel(world)}`)

/** A new channel made by `creator` with `others` in it, and one message so read positions move. */
export const newChannel =
  (creator: (w: World) => Person, kind: 'public' | 'private', others: (w: World) => Person[]) =>
  async ({ sql, world }: MatrixContext) => {
    const id = await asUser(sql, creator(world), (tx) =>
      one(tx`
        select id from public.create_channel(${world.ws}, ${unique('room')}, ${kind}, '',
          ${others(world).map((p) => p.id)})`)
    )
    await makeMessage(sql, creator(world), id)
    return id
  }

export const messageIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  ({ sql, world }: MatrixContext) =>
    makeMessage(sql, author(world), channel(world))

export const fileIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) =>
    (await makeMessageWithFile(sql, author(world), channel(world))).attachment

/** A reply by `author` in the thread of a new message of the parent's author; returns the reply's id. */
async function makeReply(
  sql: Sql,
  parentAuthor: Person,
  author: Person,
  channel: string
): Promise<{ parent: string; reply: string }> {
  const parent = await makeMessage(sql, parentAuthor, channel)
  const reply = randomUUID()
  await asUser(
    sql,
    author,
    (tx) =>
      tx`select public.send_message(${reply}, ${channel}, 'in thread', '[]'::jsonb, ${parent})`
  )
  return { parent, reply }
}

export const replyIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) =>
    (await makeReply(sql, author(world), author(world), channel(world))).reply

export const threadIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) =>
    (await makeReply(sql, author(world), author(world), channel(world))).parent

/** A new Auth session of the person, as a sign-in makes it (not the one of their test token). */
export const sessionOf =
  (person: (w: World) => Person) =>
  async ({ sql, world }: MatrixContext) => {
    const id = randomUUID()
    await sql`
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
      values (${id}, ${person(world).id}, now(), now(), 'aal1', 'Matrix/1.0', '192.0.2.1')`
    return id
  }

/** member's row in a new thread of plaza (member started it, owner replied). */
export const membersFollow = async ({ sql, world }: MatrixContext) => {
  const { parent } = await makeReply(sql, world.people.member, world.people.owner, world.ch.plaza)
  return one(
    sql`select id from public.thread_members where thread_id = ${parent} and user_id = ${world.people.member.id}`
  )
}

/** A new message of `author` in the channel, pinned by `pinner`; returns the message's id. */
export const pinnedMessage =
  (author: (w: World) => Person, pinner: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) => {
    const message = await makeMessage(sql, author(world), channel(world))
    await asUser(sql, pinner(world), (tx) => tx`select public.pin_message(${message})`)
    return message
  }

/** As pinnedMessage; returns the pin's id. */
export const pinIn =
  (author: (w: World) => Person, pinner: (w: World) => Person, channel: (w: World) => string) =>
  async (ctx: MatrixContext) => {
    const message = await pinnedMessage(author, pinner, channel)(ctx)
    return one(ctx.sql`select id from public.pins where message_id = ${message}`)
  }

/** owner's reply in a new thread of quiet, read by owner and member (so marking it unread moves one back). */
export const readReplyInQuiet = async ({ sql, world }: MatrixContext) => {
  const { parent, reply } = await makeReply(
    sql,
    world.people.owner,
    world.people.owner,
    world.ch.quiet
  )
  for (const person of [world.people.owner, world.people.member]) {
    await asUser(sql, person, (tx) => tx`select public.mark_thread_read(${parent})`)
  }
  return reply
}

/** owner's new message in quiet, read by owner and member (so marking it unread moves one back). */
export const readInQuiet = async ({ sql, world }: MatrixContext) => {
  const message = await makeMessage(sql, world.people.owner, world.ch.quiet)
  for (const person of [world.people.owner, world.people.member]) {
    await asUser(sql, person, (tx) => tx`select public.mark_read(${world.ch.quiet})`)
  }
  return message
}

/** A message of `author` in the channel, edited once by them; returns its earlier version's id. */
export const versionIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) => {
    const message = await makeMessage(sql, author(world), channel(world))
    await asUser(sql, author(world), (tx) => tx`select public.edit_message(${message}, 'edited')`)
    return one(sql`select id from public.message_versions where message_id = ${message}`)
  }

/** A new message of owner's in the channel, saved by `person` (a reminder in an hour). */
export const savedBy =
  (person: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) => {
    const message = await makeMessage(sql, world.people.owner, channel(world))
    return asUser(sql, person(world), (tx) =>
      one(tx`select id from public.save_message(${message}, now() + interval '1 hour')`)
    )
  }

/** As savedBy; returns the message's id (what the saved-list functions take). */
export const savedMessage =
  (person: (w: World) => Person, channel: (w: World) => string) => async (ctx: MatrixContext) => {
    const saved = await savedBy(person, channel)(ctx)
    return one(ctx.sql`select message_id as id from public.saved_items where id = ${saved}`)
  }

export const savedState = async (sql: Sql | TransactionSql, message: string) =>
  (
    await sql<{ done_at: Date | null }[]>`
      select done_at from public.saved_items where message_id = ${message}`
  )[0]

export const isPinned = async (sql: Sql | TransactionSql, message: string) =>
  (await sql`select 1 from public.pins where message_id = ${message}`).length === 1

/** A reply with one attached (stored) file in the thread of a new message; returns the file's path. */
export async function replyWithFile(sql: Sql, author: Person, channel: string): Promise<string> {
  const parent = await makeMessage(sql, author, channel)
  const reply = randomUUID()
  const path = await attachmentPath(sql, channel, reply)
  await makeStoredObject(sql, 'attachments', path, author)
  await asUser(
    sql,
    author,
    (tx) =>
      tx`select public.send_message(${reply}, ${channel}, 'file in thread', ${tx.json([{ path }])}, ${parent})`
  )
  return path
}

/** member's notification settings row (made by a change of theirs). */
export const membersSettings = async ({ sql, world }: MatrixContext) => {
  await asUser(sql, world.people.member, (tx) => tx`select public.set_email_notifications(true)`)
  return one(
    sql`select id from public.notification_settings where user_id = ${world.people.member.id}`
  )
}

/** The person's status, set by them (clears in 30 minutes). */
export const statusOf =
  (person: (w: World) => Person) =>
  ({ sql, world }: MatrixContext) =>
    asUser(sql, person(world), (tx) =>
      one(
        tx`select id from public.set_status('📅', ${unique('In a meeting')}, '30_minutes', 'UTC')`
      )
    )
export const membersStatus = statusOf((w) => w.people.member)

export const objectOf = async (sql: Sql, path: string) =>
  one(sql`select id from storage.objects where bucket_id = 'attachments' and name = ${path}`)

export const messageFields = (channel: string, actor: Person | null) => ({
  id: randomUUID(),
  channel_id: channel,
  author_id: actor?.id ?? null,
  body: 'matrix says hi',
})
