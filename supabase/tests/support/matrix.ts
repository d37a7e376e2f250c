// The RLS matrix: for every table, kind of row and operation, which roles may do it (and for the
// RPCs that act outside the public tables, who may call them to effect). Every role not listed is
// refused. The same data drives the SQL, REST, Realtime and Storage checks.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { INTEGRATION_CASES } from './matrix-integrations.ts'
import {
  asUser,
  attachmentPath,
  makeMessage,
  makeMessageWithFile,
  makeReaction,
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

const members = ['owner', 'admin', 'member'] as const
const inQuiet = ['owner', 'member'] as const
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`

async function one(q: Promise<{ id: string }[]>): Promise<string> {
  const rows = await q
  if (!rows[0]) throw new Error('matrix setup: no row')
  return rows[0].id
}

const fixed =
  (pick: (w: World) => string) =>
  async ({ world }: MatrixContext) =>
    pick(world)

const membershipOf =
  (person: (w: World) => Person, channel: (w: World) => string) =>
  ({ sql, world }: MatrixContext) =>
    one(sql`
      select id from public.channel_members
      where user_id = ${person(world).id} and channel_id = ${channel(world)}`)

/** A new channel made by `creator` with `others` in it, and one message so read positions move. */
const newChannel =
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

const messageIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  ({ sql, world }: MatrixContext) =>
    makeMessage(sql, author(world), channel(world))

const fileIn =
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

const replyIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) =>
    (await makeReply(sql, author(world), author(world), channel(world))).reply

const threadIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) =>
    (await makeReply(sql, author(world), author(world), channel(world))).parent

/** A new Auth session of the person, as a sign-in makes it (not the one of their test token). */
const sessionOf =
  (person: (w: World) => Person) =>
  async ({ sql, world }: MatrixContext) => {
    const id = randomUUID()
    await sql`
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
      values (${id}, ${person(world).id}, now(), now(), 'aal1', 'Matrix/1.0', '192.0.2.1')`
    return id
  }

/** member's row in a new thread of plaza (member started it, owner replied). */
const membersFollow = async ({ sql, world }: MatrixContext) => {
  const { parent } = await makeReply(sql, world.people.member, world.people.owner, world.ch.plaza)
  return one(
    sql`select id from public.thread_members where thread_id = ${parent} and user_id = ${world.people.member.id}`
  )
}

/** A new message of `author` in the channel, pinned by `pinner`; returns the message's id. */
const pinnedMessage =
  (author: (w: World) => Person, pinner: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) => {
    const message = await makeMessage(sql, author(world), channel(world))
    await asUser(sql, pinner(world), (tx) => tx`select public.pin_message(${message})`)
    return message
  }

/** As pinnedMessage; returns the pin's id. */
const pinIn =
  (author: (w: World) => Person, pinner: (w: World) => Person, channel: (w: World) => string) =>
  async (ctx: MatrixContext) => {
    const message = await pinnedMessage(author, pinner, channel)(ctx)
    return one(ctx.sql`select id from public.pins where message_id = ${message}`)
  }

/** owner's reply in a new thread of quiet, read by owner and member (so marking it unread moves one back). */
const readReplyInQuiet = async ({ sql, world }: MatrixContext) => {
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
const readInQuiet = async ({ sql, world }: MatrixContext) => {
  const message = await makeMessage(sql, world.people.owner, world.ch.quiet)
  for (const person of [world.people.owner, world.people.member]) {
    await asUser(sql, person, (tx) => tx`select public.mark_read(${world.ch.quiet})`)
  }
  return message
}

/** A message of `author` in the channel, edited once by them; returns its earlier version's id. */
const versionIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) => {
    const message = await makeMessage(sql, author(world), channel(world))
    await asUser(sql, author(world), (tx) => tx`select public.edit_message(${message}, 'edited')`)
    return one(sql`select id from public.message_versions where message_id = ${message}`)
  }

/** A new message of owner's in the channel, saved by `person` (a reminder in an hour). */
const savedBy =
  (person: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext) => {
    const message = await makeMessage(sql, world.people.owner, channel(world))
    return asUser(sql, person(world), (tx) =>
      one(tx`select id from public.save_message(${message}, now() + interval '1 hour')`)
    )
  }

/** As savedBy; returns the message's id (what the saved-list functions take). */
const savedMessage =
  (person: (w: World) => Person, channel: (w: World) => string) => async (ctx: MatrixContext) => {
    const saved = await savedBy(person, channel)(ctx)
    return one(ctx.sql`select message_id as id from public.saved_items where id = ${saved}`)
  }

const savedState = async (sql: Sql | TransactionSql, message: string) =>
  (
    await sql<{ done_at: Date | null }[]>`
      select done_at from public.saved_items where message_id = ${message}`
  )[0]

const isPinned = async (sql: Sql | TransactionSql, message: string) =>
  (await sql`select 1 from public.pins where message_id = ${message}`).length === 1

/** A reply with one attached (stored) file in the thread of a new message; returns the file's path. */
async function replyWithFile(sql: Sql, author: Person, channel: string): Promise<string> {
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
const membersSettings = async ({ sql, world }: MatrixContext) => {
  await asUser(sql, world.people.member, (tx) => tx`select public.set_email_notifications(true)`)
  return one(
    sql`select id from public.notification_settings where user_id = ${world.people.member.id}`
  )
}

/** The person's status, set by them (clears in 30 minutes). */
const statusOf =
  (person: (w: World) => Person) =>
  ({ sql, world }: MatrixContext) =>
    asUser(sql, person(world), (tx) =>
      one(
        tx`select id from public.set_status('📅', ${unique('In a meeting')}, '30_minutes', 'UTC')`
      )
    )
const membersStatus = statusOf((w) => w.people.member)

const objectOf = async (sql: Sql, path: string) =>
  one(sql`select id from storage.objects where bucket_id = 'attachments' and name = ${path}`)

const messageFields = (channel: string, actor: Person | null) => ({
  id: randomUUID(),
  channel_id: channel,
  author_id: actor?.id ?? null,
  body: 'matrix says hi',
})

// One line per case, read as a table.
// prettier-ignore
export const MATRIX: readonly MatrixCase[] = [
  // profiles
  { kind: 'row', table: 'public.profiles', what: "a co-worker's profile", op: 'select', allowed: members, row: fixed((w) => w.people.member.id) },
  { kind: 'row', table: 'public.profiles', what: 'a profile in another workspace', op: 'select', allowed: ['outsider'], row: fixed((w) => w.people.outsider.id) },
  { kind: 'row', table: 'public.profiles', what: 'a new profile', op: 'insert', allowed: [], values: (_c, a) => ({ id: a?.id ?? randomUUID(), display_name: 'Twin' }) },
  { kind: 'row', table: 'public.profiles', what: "member's display name", op: 'update', allowed: ['member'], row: fixed((w) => w.people.member.id), patch: () => ({ display_name: unique('Renamed') }) },
  { kind: 'row', table: 'public.profiles', what: "member's profile id", op: 'update', allowed: [], row: fixed((w) => w.people.member.id), patch: () => ({ id: randomUUID() }) },
  { kind: 'row', table: 'public.profiles', what: "member's profile", op: 'delete', allowed: [], row: fixed((w) => w.people.member.id) },

  // workspaces
  { kind: 'row', table: 'public.workspaces', what: 'the workspace', op: 'select', allowed: members, row: fixed((w) => w.ws) },
  { kind: 'row', table: 'public.workspaces', what: 'another workspace', op: 'select', allowed: ['outsider'], row: fixed((w) => w.ws2) },
  { kind: 'row', table: 'public.workspaces', what: 'a new workspace', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), name: 'Mine', slug: `mine-${randomUUID().slice(0, 8)}`, created_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.workspaces', what: "the workspace's name", op: 'update', allowed: ['owner', 'admin'], row: fixed((w) => w.ws), patch: () => ({ name: unique('Renamed') }) },
  { kind: 'row', table: 'public.workspaces', what: "the workspace's slug", op: 'update', allowed: [], row: fixed((w) => w.ws), patch: () => ({ slug: `s-${randomUUID().slice(0, 8)}` }) },
  { kind: 'row', table: 'public.workspaces', what: 'the workspace', op: 'delete', allowed: [], row: fixed((w) => w.ws) },

  // workspace_members
  { kind: 'row', table: 'public.workspace_members', what: "member's membership", op: 'select', allowed: members, row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`) },
  { kind: 'row', table: 'public.workspace_members', what: 'a membership in another workspace', op: 'select', allowed: ['outsider'], row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws2}`) },
  { kind: 'row', table: 'public.workspace_members', what: 'yourself as an owner', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws, user_id: a?.id ?? null, role: 'owner' }) },
  { kind: 'row', table: 'public.workspace_members', what: "member's role", op: 'update', allowed: [], row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`), patch: () => ({ role: 'owner' }) },
  { kind: 'row', table: 'public.workspace_members', what: "member's membership", op: 'delete', allowed: [], row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`) },

  // invites
  { kind: 'row', table: 'public.invites', what: 'an invite', op: 'select', allowed: ['owner', 'admin'], row: ({ sql, world }) => asUser(sql, world.people.owner, (tx) => one(tx`select id from public.create_invite(${world.ws})`)) },
  { kind: 'row', table: 'public.invites', what: 'an invite', op: 'insert', allowed: ['owner', 'admin'], values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws, role: 'member', created_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.invites', what: 'an invite to another workspace', op: 'insert', allowed: ['outsider'], values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws2, role: 'member', created_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.invites', what: "an invite's use limit", op: 'update', allowed: [], row: ({ sql, world }) => asUser(sql, world.people.owner, (tx) => one(tx`select id from public.create_invite(${world.ws})`)), patch: () => ({ max_uses: 1000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.invites', what: 'an invite', op: 'delete', allowed: ['owner', 'admin'], row: ({ sql, world }) => asUser(sql, world.people.owner, (tx) => one(tx`select id from public.create_invite(${world.ws})`)) },

  // channels
  { kind: 'row', table: 'public.channels', what: 'a public channel', op: 'select', allowed: members, row: fixed((w) => w.ch.plaza) },
  { kind: 'row', table: 'public.channels', what: 'a public channel you are not in', op: 'select', allowed: members, row: fixed((w) => w.ch.second) },
  { kind: 'row', table: 'public.channels', what: 'a private channel', op: 'select', allowed: inQuiet, row: fixed((w) => w.ch.quiet) },
  { kind: 'row', table: 'public.channels', what: 'a direct message', op: 'select', allowed: inQuiet, row: fixed((w) => w.ch.dm) },
  { kind: 'row', table: 'public.channels', what: "another workspace's channel", op: 'select', allowed: ['outsider'], row: fixed((w) => w.ch.outside) },
  { kind: 'row', table: 'public.channels', what: 'a new channel', op: 'insert', allowed: [], values: ({ world }) => ({ id: randomUUID(), workspace_id: world.ws, kind: 'public', name: unique('sneaky') }) },
  { kind: 'row', table: 'public.channels', what: "a public channel's topic", op: 'update', allowed: members, row: newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member]), patch: () => ({ topic: unique('topic') }) },
  { kind: 'row', table: 'public.channels', what: "the topic of a public channel you are not in", op: 'update', allowed: ['owner', 'admin'], row: newChannel((w) => w.people.member2, 'public', () => []), patch: () => ({ topic: unique('topic') }) },
  { kind: 'row', table: 'public.channels', what: "a private channel's name", op: 'update', allowed: inQuiet, row: newChannel((w) => w.people.owner, 'private', (w) => [w.people.member]), patch: () => ({ name: unique('renamed') }) },
  { kind: 'row', table: 'public.channels', what: "a direct message's topic", op: 'update', allowed: [], row: fixed((w) => w.ch.dm), patch: () => ({ topic: unique('topic') }) },
  { kind: 'row', table: 'public.channels', what: 'archiving a public channel', op: 'update', allowed: ['owner', 'admin'], row: newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member]), patch: () => ({ archived_at: new Date().toISOString() }), changed: (after) => after.archived_at !== null },
  { kind: 'row', table: 'public.channels', what: "a channel's last_seq", op: 'update', allowed: [], row: fixed((w) => w.ch.plaza), patch: () => ({ last_seq: 100000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.channels', what: 'a public channel', op: 'delete', allowed: [], row: fixed((w) => w.ch.plaza) },

  // channel_members
  { kind: 'row', table: 'public.channel_members', what: "member's membership", op: 'select', allowed: ['member'], row: membershipOf((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.channel_members', what: 'yourself into a public channel (join)', op: 'insert', allowed: members, row: newChannel((w) => w.people.member2, 'public', () => []), values: (_c, a, channel) => ({ id: randomUUID(), channel_id: channel, user_id: a?.id ?? null }) },
  { kind: 'row', table: 'public.channel_members', what: 'yourself into a private channel', op: 'insert', allowed: [], row: newChannel((w) => w.people.member2, 'private', () => []), values: (_c, a, channel) => ({ id: randomUUID(), channel_id: channel, user_id: a?.id ?? null }) },
  { kind: 'row', table: 'public.channel_members', what: 'someone else into a public channel', op: 'insert', allowed: [], row: newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member]), values: ({ world }, _a, channel) => ({ id: randomUUID(), channel_id: channel, user_id: world.people.member2.id }) },
  { kind: 'row', table: 'public.channel_members', what: "member's read position", op: 'update', allowed: ['member'], row: async (ctx) => { const ch = await newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member])(ctx); return membershipOf((w) => w.people.member, () => ch)(ctx) }, patch: () => ({ last_read_seq: 1 }) },
  { kind: 'row', table: 'public.channel_members', what: "member's membership user", op: 'update', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ user_id: randomUUID() }) },
  { kind: 'row', table: 'public.channel_members', what: "member's membership (leave)", op: 'delete', allowed: ['member'], row: async (ctx) => { const ch = await newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member])(ctx); return membershipOf((w) => w.people.member, () => ch)(ctx) } },
  { kind: 'row', table: 'public.channel_members', what: "member's direct message membership", op: 'delete', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.channel_members', what: "member's default channel membership", op: 'delete', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.general) },

  // messages
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel', op: 'select', allowed: members, row: messageIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.messages', what: 'a message in a private channel', op: 'select', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.messages', what: 'a message in a direct message', op: 'select', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel you are not in', op: 'select', allowed: [], row: messageIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.messages', what: "a message in another workspace", op: 'select', allowed: ['outsider'], row: messageIn((w) => w.people.outsider, (w) => w.ch.outside) },
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel', op: 'insert', allowed: members, values: ({ world }, a) => messageFields(world.ch.plaza, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in a private channel', op: 'insert', allowed: inQuiet, values: ({ world }, a) => messageFields(world.ch.quiet, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in a direct message', op: 'insert', allowed: inQuiet, values: ({ world }, a) => messageFields(world.ch.dm, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel you are not in', op: 'insert', allowed: [], values: ({ world }, a) => messageFields(world.ch.second, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in another workspace', op: 'insert', allowed: ['outsider'], values: ({ world }, a) => messageFields(world.ch.outside, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in an archived channel', op: 'insert', allowed: [], values: ({ world }, a) => messageFields(world.ch.attic, a) },
  { kind: 'row', table: 'public.messages', what: "a message as member (author_id = member)", op: 'insert', allowed: ['member'], values: ({ world }) => messageFields(world.ch.plaza, world.people.member) },
  { kind: 'row', table: 'public.messages', what: "member's message body (edit)", op: 'update', allowed: ['member'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ body: unique('edited') }) },
  { kind: 'row', table: 'public.messages', what: "member's message deleted_at (delete)", op: 'update', allowed: ['member'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ deleted_at: new Date().toISOString() }), changed: (after) => after.deleted_at !== null && after.body === '' },
  { kind: 'row', table: 'public.messages', what: "owner's message in a private channel (edit)", op: 'update', allowed: ['owner'], row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), patch: () => ({ body: unique('edited') }) },
  { kind: 'row', table: 'public.messages', what: "a message's seq", op: 'update', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ seq: 100000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.messages', what: "member's message (hard delete)", op: 'delete', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza) },

  // messages: thread replies
  { kind: 'row', table: 'public.messages', what: 'a reply in a public channel', op: 'select', allowed: members, row: replyIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.messages', what: 'a reply in a private channel', op: 'select', allowed: inQuiet, row: replyIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.messages', what: 'a reply in a private channel', op: 'insert', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), values: ({ world }, a, parent) => ({ ...messageFields(world.ch.quiet, a), parent_id: parent }) },
  { kind: 'row', table: 'public.messages', what: 'a reply in a public channel you are not in', op: 'insert', allowed: [], row: messageIn((w) => w.people.member2, (w) => w.ch.second), values: ({ world }, a, parent) => ({ ...messageFields(world.ch.second, a), parent_id: parent }) },
  { kind: 'row', table: 'public.messages', what: "a reply's thread_seq", op: 'update', allowed: [], row: replyIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ thread_seq: 100000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.messages', what: "a reply's parent_id", op: 'update', allowed: [], row: replyIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ parent_id: randomUUID() }) },
  { kind: 'row', table: 'public.messages', what: "a reply's in_channel", op: 'update', allowed: [], row: replyIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ in_channel: true }) },

  // threads (the parent's summary)
  { kind: 'row', table: 'public.threads', what: 'a thread in a public channel', op: 'select', allowed: members, row: threadIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.threads', what: 'a thread in a private channel', op: 'select', allowed: inQuiet, row: threadIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.threads', what: 'a thread in a public channel you are not in', op: 'select', allowed: [], row: threadIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.threads', what: 'a new thread', op: 'insert', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, _a, parent) => ({ id: parent, channel_id: world.ch.plaza }) },
  { kind: 'row', table: 'public.threads', what: "a thread's reply count", op: 'update', allowed: [], row: threadIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ reply_count: 1000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.threads', what: 'a thread', op: 'delete', allowed: [], row: threadIn((w) => w.people.member, (w) => w.ch.plaza) },

  // thread_members (following and read positions)
  { kind: 'row', table: 'public.thread_members', what: "member's follow of a thread", op: 'select', allowed: ['member'], row: membersFollow },
  { kind: 'row', table: 'public.thread_members', what: 'yourself following a thread', op: 'insert', allowed: [], row: threadIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, a, thread) => ({ id: randomUUID(), thread_id: thread, user_id: a?.id ?? null, channel_id: world.ch.plaza }) },
  { kind: 'row', table: 'public.thread_members', what: "member's thread read position", op: 'update', allowed: [], row: membersFollow, patch: () => ({ last_read_seq: 1000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.thread_members', what: "member's follow of a thread", op: 'delete', allowed: [], row: membersFollow },

  // message_versions (edit history): readable by exactly the message's readers; kept by a trigger
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version in a public channel', op: 'select', allowed: members, row: versionIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version in a private channel', op: 'select', allowed: inQuiet, row: versionIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version in a public channel you are not in', op: 'select', allowed: [], row: versionIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.message_versions', what: 'a made-up earlier version', op: 'insert', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, _a, message) => ({ id: randomUUID(), message_id: message, channel_id: world.ch.plaza, body: 'never said', written_at: new Date().toISOString(), replaced_at: new Date().toISOString() }) },
  { kind: 'row', table: 'public.message_versions', what: "an earlier version's text", op: 'update', allowed: [], row: versionIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ body: unique('rewritten') }) },
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version', op: 'delete', allowed: [], row: versionIn((w) => w.people.member, (w) => w.ch.plaza) },

  // saved_items (Later): private to their owner, and only while they can read the message
  { kind: 'row', table: 'public.saved_items', what: "member's saved message in a public channel", op: 'select', allowed: ['member'], row: savedBy((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.saved_items', what: "owner's saved message in a public channel", op: 'select', allowed: ['owner'], row: savedBy((w) => w.people.owner, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.saved_items', what: "member's saved message in a private channel", op: 'select', allowed: ['member'], row: savedBy((w) => w.people.member, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.saved_items', what: 'a saved message of your own', op: 'insert', allowed: [], row: messageIn((w) => w.people.owner, (w) => w.ch.plaza), values: ({ world }, a, message) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), message_id: message, channel_id: world.ch.plaza }) },
  { kind: 'row', table: 'public.saved_items', what: "member's reminder", op: 'update', allowed: [], row: savedBy((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ remind_at: null }) },
  { kind: 'row', table: 'public.saved_items', what: "member's saved message", op: 'delete', allowed: [], row: savedBy((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'call', table: 'public.save_message', what: 'saving a message of a private channel', op: 'call', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await sql`select 1 from public.saved_items where message_id = ${key}`).length === 1, refusals: ['22023'] },
  { kind: 'call', table: 'public.set_saved_done', what: "member's saved message marked done", op: 'call', allowed: ['member'], row: savedMessage((w) => w.people.member, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key, p_done: true }), done: async (sql, key) => (await savedState(sql, key))?.done_at != null, refusals: ['22023'] },
  { kind: 'call', table: 'public.unsave_message', what: "member's saved message removed", op: 'call', allowed: ['member'], row: savedMessage((w) => w.people.member, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await savedState(sql, key)) === undefined },
  { kind: 'call', table: 'public.later_items', what: "member's Later list", op: 'call', allowed: ['member'], row: async (ctx) => `${ctx.world.ws} ${await savedMessage((w) => w.people.member, (w) => w.ch.plaza)(ctx)}`, args: (key) => ({ p_workspace_id: key.split(' ')[0] }), done: async (_sql, key, rows) => rows.some((r) => r.message_id === key.split(' ')[1]) },

  // pins: readable by exactly those who can read the message; written only by the RPCs
  { kind: 'row', table: 'public.pins', what: 'a pin in a public channel', op: 'select', allowed: members, row: pinIn((w) => w.people.member, (w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.pins', what: 'a pin in a private channel', op: 'select', allowed: inQuiet, row: pinIn((w) => w.people.owner, (w) => w.people.member, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.pins', what: 'a pin in a direct message', op: 'select', allowed: inQuiet, row: pinIn((w) => w.people.owner, (w) => w.people.owner, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.pins', what: 'a pin in a public channel you are not in', op: 'select', allowed: [], row: pinIn((w) => w.people.member2, (w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.pins', what: 'a new pin', op: 'insert', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, a, message) => ({ id: randomUUID(), message_id: message, channel_id: world.ch.plaza, pinned_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.pins', what: "a pin's pinner", op: 'update', allowed: [], row: pinIn((w) => w.people.member, (w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ pinned_by: null }) },
  { kind: 'row', table: 'public.pins', what: 'a pin', op: 'delete', allowed: [], row: pinIn((w) => w.people.member, (w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'call', table: 'public.pin_message', what: 'pinning a message in a private channel', op: 'call', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), args: (key) => ({ p_message_id: key }), done: isPinned, refusals: ['22023'] },
  { kind: 'call', table: 'public.unpin_message', what: "unpinning owner's pin of their own message", op: 'call', allowed: ['owner', 'admin'], row: pinnedMessage((w) => w.people.owner, (w) => w.people.owner, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key }), done: async (sql, key) => !(await isPinned(sql, key)), refusals: ['22023'] },
  { kind: 'call', table: 'public.unpin_message', what: "unpinning owner's pin of member's message", op: 'call', allowed: members, row: pinnedMessage((w) => w.people.member, (w) => w.people.owner, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key }), done: async (sql, key) => !(await isPinned(sql, key)), refusals: ['22023'] },
  { kind: 'call', table: 'public.channel_pins', what: "a private channel's pins", op: 'call', allowed: inQuiet, row: async (ctx) => { await pinIn((w) => w.people.owner, (w) => w.people.owner, (w) => w.ch.quiet)(ctx); return ctx.world.ch.quiet }, args: (key) => ({ p_channel_id: key }), done: async (_sql, _key, rows) => rows.length > 0 },
  { kind: 'call', table: 'public.mark_unread', what: 'a message in a private channel marked unread', op: 'call', allowed: inQuiet, row: readInQuiet, args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await sql`select 1 from public.channel_members cm join public.messages m on m.channel_id = cm.channel_id where m.id = ${key} and cm.last_read_seq = m.seq - 1`).length === 1, refusals: ['22023'] },
  { kind: 'call', table: 'public.mark_thread_unread', what: 'a reply in a private channel marked unread in its thread', op: 'call', allowed: inQuiet, row: readReplyInQuiet, args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await sql`select 1 from public.thread_members tm join public.messages m on m.parent_id = tm.thread_id where m.id = ${key} and tm.last_read_seq = m.thread_seq - 1`).length === 1, refusals: ['22023'] },

  // reactions
  { kind: 'row', table: 'public.reactions', what: 'a reaction in a public channel', op: 'select', allowed: members, row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.member, world.ch.plaza)) },
  { kind: 'row', table: 'public.reactions', what: 'a reaction in a private channel', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.owner, world.ch.quiet)) },
  { kind: 'row', table: 'public.reactions', what: 'your reaction in a public channel', op: 'insert', allowed: members, refusals: ['22023'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: (_c, a, message) => ({ id: randomUUID(), message_id: message, user_id: a?.id ?? null, emoji: '🎉' }) },
  { kind: 'row', table: 'public.reactions', what: 'your reaction in a private channel', op: 'insert', allowed: inQuiet, refusals: ['22023'], row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), values: (_c, a, message) => ({ id: randomUUID(), message_id: message, user_id: a?.id ?? null, emoji: '🎉' }) },
  { kind: 'row', table: 'public.reactions', what: "a reaction as member (user_id = member)", op: 'insert', allowed: ['member'], refusals: ['22023'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, _a, message) => ({ id: randomUUID(), message_id: message, user_id: world.people.member.id, emoji: '🎉' }) },
  { kind: 'row', table: 'public.reactions', what: "a reaction's emoji", op: 'update', allowed: [], row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.member, world.ch.plaza)), patch: () => ({ emoji: '🚀' }) },
  { kind: 'row', table: 'public.reactions', what: "member's reaction", op: 'delete', allowed: ['member'], row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.member, world.ch.plaza)) },

  // attachments
  { kind: 'row', table: 'public.attachments', what: 'an attachment in a public channel', op: 'select', allowed: members, row: fileIn((w) => w.people.owner, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.attachments', what: 'an attachment in a private channel', op: 'select', allowed: inQuiet, row: fileIn((w) => w.people.owner, (w) => w.ch.quiet) },
  {
    kind: 'row', table: 'public.attachments', what: "an attachment on owner's message", op: 'insert', allowed: ['owner'],
    row: async ({ sql, world }) => {
      const message = await makeMessage(sql, world.people.owner, world.ch.plaza)
      await makeStoredObject(sql, 'attachments', `${world.ws}/${world.ch.plaza}/${message}/late.txt`, world.people.owner)
      return message
    },
    values: ({ world }, a, message) => ({ id: randomUUID(), message_id: message, path: `${world.ws}/${world.ch.plaza}/${message}/late.txt`, name: 'late.txt', uploader_id: a?.id ?? null, channel_id: world.ch.plaza, size: 1, mime_type: 'text/plain' }),
  },
  { kind: 'row', table: 'public.attachments', what: "an attachment's name", op: 'update', allowed: [], row: fileIn((w) => w.people.owner, (w) => w.ch.plaza), patch: () => ({ name: unique('renamed') }) },
  { kind: 'row', table: 'public.attachments', what: 'an attachment', op: 'delete', allowed: [], row: fileIn((w) => w.people.owner, (w) => w.ch.plaza) },

  // storage: the buckets' settings and the objects (the same policies Storage applies)
  { kind: 'row', table: 'storage.buckets', what: 'the attachments bucket', op: 'select', allowed: [...members, 'outsider'], row: async () => 'attachments' },
  { kind: 'row', table: 'storage.buckets', what: 'a new bucket', op: 'insert', allowed: [], values: () => { const id = `b-${randomUUID().slice(0, 8)}`; return { id, name: id, public: true } } },
  { kind: 'row', table: 'storage.buckets', what: 'making the attachments bucket public', op: 'update', allowed: [], row: async () => 'attachments', patch: () => ({ public: true }) },
  { kind: 'row', table: 'storage.buckets', what: 'the attachments bucket', op: 'delete', allowed: [], row: async () => 'attachments' },
  { kind: 'row', table: 'storage.objects', what: 'a file in a public channel', op: 'select', allowed: members, row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)).path) },
  { kind: 'row', table: 'storage.objects', what: 'a file in a private channel', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.quiet)).path) },
  { kind: 'row', table: 'storage.objects', what: 'the file of a reply in a public channel', op: 'select', allowed: members, row: async ({ sql, world }) => objectOf(sql, await replyWithFile(sql, world.people.member, world.ch.plaza)) },
  { kind: 'row', table: 'storage.objects', what: 'the file of a reply in a private channel', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => objectOf(sql, await replyWithFile(sql, world.people.owner, world.ch.quiet)) },
  { kind: 'row', table: 'storage.objects', what: 'a file in a direct message', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.dm)).path) },
  { kind: 'row', table: 'storage.objects', what: "member's upload for an unsent message", op: 'select', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'attachments', await attachmentPath(sql, world.ch.plaza, randomUUID()), world.people.member) },
  {
    kind: 'row', table: 'storage.objects', what: 'a file of a deleted message', op: 'select', allowed: [],
    row: async ({ sql, world }) => {
      const file = await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)
      await asUser(sql, world.people.owner, (tx) => tx`select public.delete_message(${file.message})`)
      return objectOf(sql, file.path)
    },
  },
  { kind: 'row', table: 'storage.objects', what: 'a file into a public channel', op: 'insert', allowed: members, values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.plaza}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a file into a private channel', op: 'insert', allowed: inQuiet, values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.quiet}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a file into an archived channel', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.attic}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a file into a public channel, nested deeper', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.plaza}/${randomUUID()}/sub/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "a file into the folder of owner's sent message", op: 'insert', allowed: ['owner'], row: messageIn((w) => w.people.owner, (w) => w.ch.plaza), values: ({ world }, a, message) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.plaza}/${message}/more.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "a file into another workspace's channel", op: 'insert', allowed: ['outsider'], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws2}/${world.ch.outside}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "member's unsent upload (replace)", op: 'update', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'attachments', await attachmentPath(sql, world.ch.plaza, randomUUID()), world.people.member), patch: () => ({ metadata: { size: Math.floor(Math.random() * 100000), mimetype: 'text/plain' } }), changed: (after, patch) => JSON.stringify(after.metadata) === JSON.stringify(patch.metadata) },
  { kind: 'row', table: 'storage.objects', what: "member's unsent upload", op: 'delete', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'attachments', await attachmentPath(sql, world.ch.plaza, randomUUID()), world.people.member) },
  { kind: 'row', table: 'storage.objects', what: "the file of owner's sent message", op: 'delete', allowed: [], row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)).path) },
  { kind: 'row', table: 'storage.objects', what: "a co-worker's avatar", op: 'select', allowed: members, row: async ({ sql, world }) => makeStoredObject(sql, 'avatars', `${world.people.member.id}/${randomUUID()}.png`, world.people.member, 'image/png') },
  { kind: 'row', table: 'storage.objects', what: 'an avatar in your own folder', op: 'insert', allowed: [...members, 'outsider'], values: (_c, a) => ({ id: randomUUID(), bucket_id: 'avatars', name: `${a?.id ?? 'anon'}/${randomUUID()}.png`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "an avatar in member's folder", op: 'insert', allowed: ['member'], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'avatars', name: `${world.people.member.id}/${randomUUID()}.png`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "member's avatar", op: 'delete', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'avatars', `${world.people.member.id}/${randomUUID()}.png`, world.people.member, 'image/png') },

  // notification settings: your own only, written only through the RPCs
  { kind: 'row', table: 'public.notification_settings', what: "member's settings", op: 'select', allowed: ['member'], row: membersSettings },
  { kind: 'row', table: 'public.notification_settings', what: 'settings of your own', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID() }) },
  { kind: 'row', table: 'public.notification_settings', what: "member's snooze", op: 'update', allowed: [], row: membersSettings, patch: () => ({ snooze_until: new Date(Date.now() + Math.floor(Math.random() * 3600_000)).toISOString() }), changed: (after) => after.snooze_until !== null },
  { kind: 'row', table: 'public.notification_defaults', what: "member's workspace default", op: 'select', allowed: ['member'], row: async ({ sql, world }) => { await asUser(sql, world.people.member, (tx) => tx`select public.set_notification_default(${world.ws}, 'all')`); return one(sql`select id from public.notification_defaults where user_id = ${world.people.member.id}`) } },
  { kind: 'row', table: 'public.channel_members', what: "member's mute of a channel", op: 'update', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ muted: true }) },

  // statuses: read as profiles are, written only through set_status() and clear_status()
  { kind: 'row', table: 'public.user_statuses', what: "a co-worker's status", op: 'select', allowed: members, row: statusOf((w) => w.people.owner) },
  { kind: 'row', table: 'public.user_statuses', what: "the outsider's status", op: 'select', allowed: ['outsider'], row: ({ sql, world }) => asUser(sql, world.people.outsider, (tx) => one(tx`select id from public.set_status('🌴', 'away', 'never', 'UTC')`)) },
  { kind: 'row', table: 'public.user_statuses', what: 'a status of your own', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), emoji: '😀', clear_after: 'never' }) },
  { kind: 'row', table: 'public.user_statuses', what: "member's status text", op: 'update', allowed: [], row: membersStatus, patch: () => ({ text: unique('Changed') }) },
  { kind: 'row', table: 'public.user_statuses', what: "member's status", op: 'delete', allowed: [], row: membersStatus },
  { kind: 'call', table: 'public.set_status', what: "member's status set", op: 'call', allowed: ['member'], row: async (ctx) => { await membersStatus(ctx); return ctx.world.people.member.id }, args: () => ({ p_emoji: '🤒', p_text: 'Out sick', p_clear_after: 'never', p_time_zone: 'UTC' }), done: async (sql, key) => (await sql`select 1 from public.user_statuses where user_id = ${key} and text = 'Out sick'`).length === 1 },
  { kind: 'call', table: 'public.clear_status', what: "member's status cleared", op: 'call', allowed: ['member'], row: async (ctx) => { await membersStatus(ctx); return ctx.world.people.member.id }, args: () => ({}), done: async (sql, key) => (await sql`select 1 from public.user_statuses where user_id = ${key}`).length === 0 },

  // Auth's sessions, only through the RPCs (auth.sessions is not in the API's schemas)
  { kind: 'call', table: 'public.my_sessions', what: "member's session listed", op: 'call', allowed: ['member'], row: sessionOf((w) => w.people.member), args: () => ({}), done: async (_sql, key, rows) => rows.some((r) => r.id === key) },
  { kind: 'call', table: 'public.sign_out_session', what: "member's other session", op: 'call', allowed: ['member'], row: sessionOf((w) => w.people.member), args: (key) => ({ p_session_id: key }), done: async (sql, key) => (await sql`select 1 from auth.sessions where id = ${key}`).length === 0, refusals: ['22023'] },

  // realtime: private topics for typing (broadcast) and presence
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<public channel>', op: 'select', allowed: members, topic: (w) => `channel:${w.ch.plaza}` },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<private channel>', op: 'select', allowed: inQuiet, topic: (w) => `channel:${w.ch.quiet}` },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<direct message>', op: 'select', allowed: inQuiet, topic: (w) => `channel:${w.ch.dm}` },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<public channel you are not in>', op: 'select', allowed: [], topic: (w) => `channel:${w.ch.second}` },
  { kind: 'topic', table: 'realtime.messages', what: 'workspace:<workspace>', op: 'select', allowed: members, topic: (w) => `workspace:${w.ws}` },
  { kind: 'topic', table: 'realtime.messages', what: 'workspace:<another workspace>', op: 'select', allowed: ['outsider'], topic: (w) => `workspace:${w.ws2}` },
  { kind: 'topic', table: 'realtime.messages', what: 'an unknown topic', op: 'select', allowed: [], topic: () => 'room:lobby' },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<private channel>', op: 'insert', allowed: inQuiet, topic: (w) => `channel:${w.ch.quiet}` },
  { kind: 'topic', table: 'realtime.messages', what: 'workspace:<workspace>', op: 'insert', allowed: members, topic: (w) => `workspace:${w.ws}` },

  // integrations: incoming webhooks and the messages they post (matrix-integrations.ts)
  ...INTEGRATION_CASES,
]

export function isAllowed(c: MatrixCase, role: Role): boolean {
  return c.allowed.includes(role)
}

export function caseName(c: MatrixCase): string {
  return `${c.table} ${c.op}: ${c.what}`
}
