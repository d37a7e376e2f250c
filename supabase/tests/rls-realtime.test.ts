// The RLS matrix through Realtime: every role subscribes to Postgres changes of every published
// table with the real supabase-js; changes are made as the app makes them; each role must receive
// exactly the rows the matrix lets it select. Deleted rows reach subscribers as their id only.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { MATRIX, caseName, isAllowed } from './support/matrix.ts'
import type { TopicCase } from './support/matrix.ts'
import { clientFor } from './support/rest-checker.ts'
import {
  ROLES,
  actorOf,
  asRole,
  asUser,
  buildWorld,
  makeMessage,
  makeMessageWithFile,
  makeReaction,
} from './support/world.ts'
import type { Role, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
const TABLES = [
  'messages',
  'reactions',
  'attachments',
  'channels',
  'channel_members',
  'workspaces',
  'workspace_members',
  'profiles',
] as const

interface Change {
  table: string
  eventType: 'INSERT' | 'UPDATE' | 'DELETE'
  new: Record<string, unknown>
  old: Record<string, unknown>
}

/** What each role received, and a way to wait for a change to arrive. */
class Inbox {
  readonly changes: Change[] = []
  private waiters: { test: (c: Change) => boolean; resolve: () => void }[] = []
  readonly push = (change: Change) => {
    this.changes.push(change)
    this.waiters = this.waiters.filter((w) => (w.test(change) ? (w.resolve(), false) : true))
  }
  until(test: (c: Change) => boolean): Promise<void> {
    if (this.changes.some(test)) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ test, resolve }))
  }
  has(table: string, id: string, eventType?: string): boolean {
    return this.changes.some(
      (c) =>
        c.table === table &&
        (c.new.id === id || c.old.id === id) &&
        (eventType === undefined || c.eventType === eventType)
    )
  }
}

let stack: TestStack
let world: World
const inboxes = {} as Record<Role, Inbox>
const clients = {} as Record<Role, SupabaseClient>

/** A change made for the test: the table and row it touched, and the matrix case saying who sees it. */
interface Made {
  table: string
  id: string
  eventType: 'INSERT' | 'UPDATE'
  matrixCase: string
}
const made: Made[] = []

async function subscribe(role: Role): Promise<void> {
  const inbox = (inboxes[role] = new Inbox())
  const actor = actorOf(world, role)
  const client = (clients[role] = clientFor(stack, actor))
  // supabase-js fetches the access token asynchronously; a join sent before it arrives would
  // subscribe as anon until the next token refresh.
  if (actor) await client.realtime.setAuth(actor.token)
  let channel = client.channel(`matrix-${role}-${randomUUID()}`)
  for (const table of TABLES) {
    channel = channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table },
      (payload: Change) => inbox.push(payload)
    )
  }
  return new Promise((resolve, reject) => {
    let joined = false
    let live = false
    channel.on(
      'system',
      {},
      (payload: { extension?: string; status?: string; message?: string }) => {
        if (payload.extension !== 'postgres_changes') return
        if (payload.status !== 'ok') reject(new Error(payload.message))
        live = true
        if (joined) resolve()
      }
    )
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        joined = true
        if (live) resolve()
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        reject(error ?? new Error(status))
      }
    })
  })
}

const caseOf = (name: string) => {
  const c = MATRIX.find((m) => caseName(m) === name)
  if (!c) throw new Error(`no matrix case ${name}`)
  return c
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  await Promise.all(ROLES.map(subscribe))
  const { sql } = stack
  const p = world.people
  const record = (table: string, id: string, eventType: Made['eventType'], matrixCase: string) =>
    made.push({ table, id, eventType, matrixCase })

  // Messages, reactions and attachments in every kind of channel.
  const messageCases = [
    [world.ch.plaza, p.member, 'public.messages select: a message in a public channel'],
    [world.ch.quiet, p.owner, 'public.messages select: a message in a private channel'],
    [world.ch.dm, p.owner, 'public.messages select: a message in a direct message'],
    [
      world.ch.second,
      p.member2,
      'public.messages select: a message in a public channel you are not in',
    ],
    [world.ch.outside, p.outsider, 'public.messages select: a message in another workspace'],
  ] as const
  for (const [channel, author, name] of messageCases) {
    const id = await makeMessage(sql, author, channel, 'live')
    record('messages', id, 'INSERT', name)
    await asUser(sql, author, (tx) => tx`select public.edit_message(${id}, 'live, edited')`)
    record('messages', id, 'UPDATE', name)
  }
  for (const [channel, name] of [
    [world.ch.plaza, 'public.reactions select: a reaction in a public channel'],
    [world.ch.quiet, 'public.reactions select: a reaction in a private channel'],
  ] as const) {
    const message = await makeMessage(sql, p.owner, channel)
    record('reactions', await makeReaction(sql, p.member, message, '👀'), 'INSERT', name)
  }
  for (const [channel, name] of [
    [world.ch.plaza, 'public.attachments select: an attachment in a public channel'],
    [world.ch.quiet, 'public.attachments select: an attachment in a private channel'],
  ] as const) {
    record(
      'attachments',
      (await makeMessageWithFile(sql, p.owner, channel)).attachment,
      'INSERT',
      name
    )
  }
  // Channel rows change with every message (last_seq) and with renames and topics.
  for (const [channel, name] of [
    [world.ch.plaza, 'public.channels select: a public channel'],
    [world.ch.second, 'public.channels select: a public channel you are not in'],
    [world.ch.quiet, 'public.channels select: a private channel'],
    [world.ch.dm, 'public.channels select: a direct message'],
    [world.ch.outside, "public.channels select: another workspace's channel"],
  ] as const) {
    await sql`update public.channels set topic = ${randomUUID()} where id = ${channel}`
    record('channels', channel, 'UPDATE', name)
  }
  // A membership only its owner sees.
  const room = await asUser(sql, p.owner, async (tx) => {
    const [c] = await tx<
      { id: string }[]
    >`select id from public.create_channel(${world.ws}, ${`live-${randomUUID().slice(0, 6)}`})`
    return c!.id
  })
  await asUser(sql, p.member, (tx) => tx`select public.join_channel(${room})`)
  const [joined] = await sql<{ id: string }[]>`
    select id from public.channel_members where channel_id = ${room} and user_id = ${p.member.id}`
  record(
    'channel_members',
    joined!.id,
    'INSERT',
    "public.channel_members select: member's membership"
  )
  // Workspace rows, memberships and profiles.
  await sql`update public.workspaces set name = 'Matrix W, renamed' where id = ${world.ws}`
  record('workspaces', world.ws, 'UPDATE', 'public.workspaces select: the workspace')
  await sql`update public.workspaces set name = 'Elsewhere, renamed' where id = ${world.ws2}`
  record('workspaces', world.ws2, 'UPDATE', 'public.workspaces select: another workspace')
  const [membership] = await sql<{ id: string }[]>`
    update public.workspace_members set joined_at = joined_at
    where workspace_id = ${world.ws} and user_id = ${p.member.id} returning id`
  record(
    'workspace_members',
    membership!.id,
    'UPDATE',
    "public.workspace_members select: member's membership"
  )
  await asRole(
    sql,
    p.member,
    (tx) => tx`update public.profiles set display_name = 'Member, live' where id = ${p.member.id}`
  )
  record('profiles', p.member.id, 'UPDATE', "public.profiles select: a co-worker's profile")
  await asRole(
    sql,
    p.outsider,
    (tx) =>
      tx`update public.profiles set display_name = 'Outsider, live' where id = ${p.outsider.id}`
  )
  record(
    'profiles',
    p.outsider.id,
    'UPDATE',
    'public.profiles select: a profile in another workspace'
  )

  // The last change each signed-in role can see: once it has arrived, so has everything before.
  const last = await makeMessage(sql, p.owner, world.ch.general, 'end of the test')
  await asUser(
    sql,
    p.outsider,
    (tx) =>
      tx`select public.edit_message(${made.find((m) => m.matrixCase.endsWith('another workspace'))!.id}, 'the end')`
  )
  await Promise.all([
    ...(['owner', 'admin', 'member'] as const).map((r) =>
      inboxes[r].until((c) => c.new.id === last)
    ),
    inboxes.outsider.until((c) => c.table === 'messages' && c.new.body === 'the end'),
  ])
})

afterAll(async () => {
  await stack?.stop()
})

describe('RLS matrix through Realtime (postgres_changes, supabase-js)', () => {
  it('covers every published table', () => {
    expect(new Set(made.map((m) => m.table))).toEqual(new Set(TABLES))
  })

  for (const role of ROLES) {
    it(`${role} receives exactly the changes it may select`, () => {
      const wrong = made
        .filter(
          (m) =>
            inboxes[role].has(m.table, m.id, m.eventType) !== isAllowed(caseOf(m.matrixCase), role)
        )
        .map(
          (m) =>
            `${m.eventType} ${m.matrixCase} (expected ${isAllowed(caseOf(m.matrixCase), role) ? 'received' : 'not received'})`
        )
      expect(wrong).toEqual([])
    })
  }

  it('sends deleted rows as their id only, even to members', async () => {
    const message = await makeMessage(
      stack.sql,
      world.people.owner,
      world.ch.quiet,
      'react and undo'
    )
    const reaction = await makeReaction(stack.sql, world.people.member, message, '🙈')
    await asUser(
      stack.sql,
      world.people.member,
      (tx) => tx`select public.set_reaction(${message}, '🙈', false)`
    )
    await inboxes.member.until((c) => c.eventType === 'DELETE' && c.old.id === reaction)
    for (const role of ROLES) {
      for (const change of inboxes[role].changes.filter((c) => c.eventType === 'DELETE')) {
        expect(Object.keys(change.old)).toEqual(['id'])
      }
    }
  })
})

/**
 * Joins a private channel as the role, on a connection of its own (the server answers a refused
 * join after a 5 s backoff per connection, as the real Realtime does): whether the topic's read
 * policy let it in.
 */
async function joinPrivate(
  role: Role,
  topic: string
): Promise<{ joined: boolean; client: SupabaseClient; channel: RealtimeChannel }> {
  const actor = actorOf(world, role)
  const client = clientFor(stack, actor)
  if (actor) await client.realtime.setAuth(actor.token)
  const channel = client.channel(topic, { config: { private: true, broadcast: { self: false } } })
  const joined = await new Promise<boolean>((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve(true)
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED')
        resolve(false)
    })
  })
  return { joined, client, channel }
}

async function leave(attempt: { client: SupabaseClient }): Promise<void> {
  await attempt.client.removeAllChannels()
  attempt.client.realtime.disconnect()
}

describe('RLS matrix through Realtime (private channels: typing and presence)', () => {
  const cases = MATRIX.filter((m): m is TopicCase => m.kind === 'topic' && m.op === 'select')
  const joined = new Map<string, boolean>()
  const key = (c: TopicCase, role: Role) => `${caseName(c)} ${role}`

  // A refused join is answered after the server's error backoff (5 s, as the real Realtime
  // does), so every join is attempted at once.
  beforeAll(async () => {
    await Promise.all(
      cases.flatMap((c) =>
        ROLES.map(async (role) => {
          const attempt = await joinPrivate(role, c.topic(world))
          joined.set(key(c, role), attempt.joined)
          await leave(attempt)
        })
      )
    )
  })

  for (const c of cases) {
    for (const role of ROLES) {
      const allowed = isAllowed(c, role)
      it(`${caseName(c)}: ${role} ${allowed ? 'joins' : 'is refused'}`, () => {
        expect(joined.get(key(c, role))).toBe(allowed)
      })
    }
  }

  it('delivers typing between members of a private channel', async () => {
    const topic = `channel:${world.ch.quiet}`
    const listener = await joinPrivate('owner', topic)
    const heard: unknown[] = []
    const arrived = new Promise<void>((resolve) =>
      listener.channel.on('broadcast', { event: 'typing' }, (message: { payload: unknown }) => {
        heard.push(message.payload)
        resolve()
      })
    )
    const sender = await joinPrivate('member', topic)
    expect(sender.joined).toBe(true)
    await sender.channel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { user: world.people.member.id },
    })
    await arrived
    expect(heard).toEqual([{ user: world.people.member.id }])
    await leave(listener)
    await leave(sender)
  })
})
