// Live events carry what the screens need (supabase/migrations/20261204300000_chorus_live_events_
// carry_counts.sql), heard on the live topics with the real supabase-js: a channel's move of
// last_seq says which messages moved it (seq, author, mentions), on the workspace's topic; my
// membership's events, on my own topic only, carry my unread and mention counts, and an insert
// the channel's row. Absence is proven by order: events on one topic arrive in the order sent.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import type { Heard, Joined } from './support/realtime.ts'
import { asUser, buildWorld, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
const joins: Joined[] = []
const workspaceInbox = new Inbox()
const memberInbox = new Inbox()
const adminInbox = new Inbox()

const channelMoves = (inbox: Inbox, channel: string) =>
  inbox.heard
    .filter((h) => h.payload.table === 'channels' && recordOf(h).id === channel)
    .map(recordOf)
const memberships = (inbox: Inbox, channel: string, event?: string) =>
  inbox.heard
    .filter(
      (h) =>
        h.payload.table === 'channel_members' &&
        recordOf(h).channel_id === channel &&
        (!event || h.event === event)
    )
    .map(recordOf)
const last = <T>(list: T[]): T | undefined => list[list.length - 1]
/** A test of the events heard from now on only (the world's own may still be arriving). */
const fromNow = (inbox: Inbox, test: (h: Heard) => boolean) => {
  const start = inbox.heard.length
  return (h: Heard) => inbox.heard.indexOf(h) >= start && test(h)
}

let lastSeqBefore = 0

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  const { owner, member, admin } = world.people
  for (const [who, topic, inbox] of [
    [owner, liveTopic.workspace(world.ws), workspaceInbox],
    [member, liveTopic.user(member.id), memberInbox],
    [admin, liveTopic.user(admin.id), adminInbox],
  ] as const) {
    const joined = await joinPrivate(stack, who, topic, inbox)
    expect(joined.joined).toBe(true)
    joins.push(joined)
  }
  const [row] = await stack.sql<{ last_seq: string }[]>`
    select last_seq from public.channels where id = ${world.ch.plaza}`
  lastSeqBefore = Number(row!.last_seq)
})

afterAll(async () => {
  for (const j of joins) await leave(j)
  await stack?.stop()
})

describe('a channel moving on', () => {
  it('says which messages moved it: seq, author and mentions', async () => {
    const { admin, member } = world.people
    await makeMessage(stack.sql, admin, world.ch.plaza, `look <@${member.id}>`)
    const seq = lastSeqBefore + 1
    await workspaceInbox.until(
      (h: Heard) => recordOf(h).id === world.ch.plaza && Number(recordOf(h).last_seq) === seq
    )
    expect(last(channelMoves(workspaceInbox, world.ch.plaza))).toMatchObject({
      last_seq: seq,
      from_seq: lastSeqBefore,
      new_messages: [{ seq, author_id: admin.id, mentions: [member.id] }],
    })
  })

  it('tells me, on my own topic, my unread and mention counts that the move changed', async () => {
    const { member } = world.people
    const seq = lastSeqBefore + 1
    const isRead = (position: number) =>
      fromNow(
        memberInbox,
        (h) =>
          h.payload.table === 'channel_members' &&
          recordOf(h).channel_id === world.ch.plaza &&
          Number(recordOf(h).last_read_seq) === position
      )
    // Read to the end: nothing unread, no mention.
    const read = isRead(seq)
    await asUser(stack.sql, member, (tx) => tx`select public.mark_read(${world.ch.plaza})`)
    await memberInbox.until(read)
    const reads = memberships(memberInbox, world.ch.plaza, 'UPDATE')
    expect(last(reads)).toMatchObject({
      last_read_seq: seq,
      last_seq: seq,
      unread_count: 0,
      mention_count: 0,
    })
    // Marked unread at the mention: the counts come back with the position.
    const [mention] = await stack.sql<{ id: string }[]>`
      select id from public.messages where channel_id = ${world.ch.plaza} and seq = ${seq}`
    const unread = isRead(seq - 1)
    await asUser(stack.sql, member, (tx) => tx`select public.mark_unread(${mention!.id})`)
    await memberInbox.until(unread)
    expect(last(memberships(memberInbox, world.ch.plaza, 'UPDATE'))).toMatchObject({
      last_read_seq: seq - 1,
      unread_count: 1,
      mention_count: 1,
    })
    // Nobody else's counts on my topic: the admin's topic heard of none of the member's reads.
    expect(
      adminInbox.heard.filter(
        (h) => h.payload.table === 'channel_members' && recordOf(h).user_id === member.id
      )
    ).toEqual([])
  })

  it('carries the channel row with a new membership', async () => {
    const { owner, admin } = world.people
    const [created] = await asUser(
      stack.sql,
      owner,
      (tx) =>
        tx<
          { id: string }[]
        >`select id from public.create_channel(${world.ws}, 'news', 'private', 'today', ${[admin.id]})`
    )
    const id = created!.id
    await adminInbox.until(
      (h) => h.payload.table === 'channel_members' && recordOf(h).channel_id === id
    )
    expect(last(memberships(adminInbox, id, 'INSERT'))).toMatchObject({
      user_id: admin.id,
      unread_count: 0,
      mention_count: 0,
      channel: { id, workspace_id: world.ws, kind: 'private', name: 'news', topic: 'today' },
    })
    // The private channel's move reaches its members on their topics, not the workspace's.
    await makeMessage(stack.sql, owner, id, 'first news')
    await adminInbox.until((h) => h.payload.table === 'channels' && recordOf(h).id === id)
    expect(last(channelMoves(adminInbox, id))).toMatchObject({
      last_seq: 1,
      from_seq: 0,
      new_messages: [{ seq: 1, author_id: owner.id, mentions: [] }],
    })
    await makeMessage(stack.sql, owner, world.ch.plaza, 'the end')
    await workspaceInbox.until(
      (h) => recordOf(h).id === world.ch.plaza && Number(recordOf(h).last_seq) === lastSeqBefore + 2
    )
    expect(channelMoves(workspaceInbox, id)).toEqual([])
  })
})

// supabase/migrations/20261208100200_chorus_live_small_channel_moves.sql: in a workspace four
// times larger than the channel, a public channel's move goes to its members' own topics, and
// the workspace's topic, which everyone joins, does not carry it.
describe('a small public channel in a larger workspace', () => {
  it('moves on its members’ topics, not on the workspace’s', async () => {
    const { owner, admin } = world.people
    // W has 5 people who have not left; a public channel of the admin's alone is small.
    const [created] = await asUser(
      stack.sql,
      admin,
      (tx) =>
        tx<
          { id: string }[]
        >`select id from public.create_channel(${world.ws}, 'tiny', 'public', '', '{}')`
    )
    const tiny = created!.id
    await makeMessage(stack.sql, admin, tiny, 'for the few')
    await adminInbox.until(
      (h) =>
        h.payload.table === 'channels' &&
        recordOf(h).id === tiny &&
        Number(recordOf(h).last_seq) === 1
    )
    expect(last(channelMoves(adminInbox, tiny))).toMatchObject({
      last_seq: 1,
      from_seq: 0,
      new_messages: [{ seq: 1, author_id: admin.id }],
    })
    // #general, everyone's, still moves on the workspace's topic, and tiny's move, sent before
    // it, was not sent there (one topic's events arrive in the order sent).
    const [general] = await stack.sql<{ last_seq: string }[]>`
      select last_seq from public.channels where id = ${world.ch.general}`
    await makeMessage(stack.sql, owner, world.ch.general, 'for everyone')
    await workspaceInbox.until(
      (h) =>
        recordOf(h).id === world.ch.general &&
        Number(recordOf(h).last_seq) === Number(general!.last_seq) + 1
    )
    expect(channelMoves(workspaceInbox, tiny).filter((r) => r.last_seq !== 0)).toEqual([])
  })
})
