// Thread replies on the user topics (supabase/migrations/20261128100000_chorus_thread_reply_live
// .sql): each reply reaches, on their own live topic joined with the real supabase-js, whoever
// follows its thread (the parent's author, repliers, everyone mentioned) and every member of a
// direct message, with their facts at the time (following, level, mute, kind), never its author
// and nobody else. Absence is proven by order: each person's last event is a marker reply sent
// after everything else, and events on one topic arrive in the order they were sent.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import type { Heard, Joined } from './support/realtime.ts'
import { asUser, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
const inboxes = new Map<string, Inbox>()
const joins: Joined[] = []

async function reply(author: Person, channel: string, parent: string, body: string) {
  const id = randomUUID()
  await asUser(
    stack.sql,
    author,
    (tx) => tx`select public.send_message(${id}, ${channel}, ${body}, '[]'::jsonb, ${parent})`
  )
  return id
}

const replies = (who: Person) =>
  inboxes
    .get(who.id)!
    .heard.filter((h) => h.event === 'INSERT' && h.payload.table === 'thread_replies')
    .map(recordOf)
const ids = (who: Person) => replies(who).map((r) => r.id)
const about = (id: string) => (h: Heard) =>
  h.payload.table === 'thread_replies' && recordOf(h).id === id

let mention: string
let parentInPlaza: string
let quietThread: string
let dmReply: string
let lonely: string
let muted: string

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  const { owner, admin, member } = world.people
  for (const who of [owner, admin, member]) {
    const inbox = new Inbox()
    inboxes.set(who.id, inbox)
    const joined = await joinPrivate(stack, who, liveTopic.user(who.id), inbox)
    expect(joined.joined).toBe(true)
    joins.push(joined)
  }
  const { sql } = stack
  const { plaza, quiet, dm } = world.ch
  // A mention in a thread: the parent's author (owner) follows, the one mentioned (member) now does.
  parentInPlaza = await makeMessage(sql, owner, plaza, 'a question')
  mention = await reply(admin, plaza, parentInPlaza, `ask <@${member.id}>`)
  // Admin's own thread, replied to by admin alone: nobody else follows it.
  const own = await makeMessage(sql, admin, plaza, 'a note to self')
  lonely = await reply(admin, plaza, own, 'still me')
  // A private channel whose member muted it: still told (with muted true), the app stays silent.
  await asUser(
    sql,
    member,
    (tx) => tx`select public.set_channel_notifications(${quiet}, null, true)`
  )
  quietThread = await makeMessage(sql, member, quiet, 'mine')
  muted = await reply(owner, quiet, quietThread, 'a reply in a muted channel')
  // A direct message: its other member hears of a reply in a thread they do not follow.
  const inDm = await makeMessage(sql, owner, dm, 'in the dm')
  dmReply = await reply(owner, dm, inDm, 'a reply in the dm')
  // The markers: the last reply each person hears of (admin: the first; owner, member: the second).
  const first = await reply(member, plaza, parentInPlaza, `the end <@${admin.id}>`)
  const second = await reply(admin, plaza, parentInPlaza, 'the end for member')
  await Promise.all([
    inboxes.get(admin.id)!.until(about(first)),
    inboxes.get(owner.id)!.until(about(second)),
    inboxes.get(member.id)!.until(about(second)),
  ])
})

afterAll(async () => {
  for (const j of joins) await leave(j)
  await stack?.stop()
})

describe('thread replies on the user topics', () => {
  it('tells the one mentioned and the parent’s author, with their facts, never the author', () => {
    const { owner, admin, member } = world.people
    const toMember = replies(member).find((r) => r.id === mention)
    expect(toMember).toMatchObject({
      channel_id: world.ch.plaza,
      thread_id: parentInPlaza,
      workspace_id: world.ws,
      thread_seq: 1,
      kind: 'public',
      following: true,
      muted: false,
      notify_level: null,
    })
    expect(replies(owner).find((r) => r.id === mention)).toMatchObject({ following: true })
    expect(ids(admin)).not.toContain(mention)
  })

  it('tells nobody of a reply in a thread only its author follows', () => {
    const { owner, admin, member } = world.people
    for (const who of [owner, admin, member]) expect(ids(who)).not.toContain(lonely)
  })

  it('tells a muted follower, saying so', () => {
    const toMember = replies(world.people.member).find((r) => r.id === muted)
    expect(toMember).toMatchObject({ thread_id: quietThread, muted: true, kind: 'private' })
  })

  it('tells every other member of a direct message, following or not', () => {
    const toMember = replies(world.people.member).find((r) => r.id === dmReply)
    expect(toMember).toMatchObject({ kind: 'dm', following: false })
    expect(ids(world.people.owner)).not.toContain(dmReply)
    expect(ids(world.people.admin)).not.toContain(dmReply)
  })

  it('tells a replier of later replies (they follow), each reply once', () => {
    const { admin, member } = world.people
    expect(replies(admin).filter((r) => r.thread_id === parentInPlaza)).toHaveLength(1)
    for (const who of [admin, member]) expect(new Set(ids(who)).size).toBe(ids(who).length)
    expect(inboxes.get(member.id)!.heard.some(about(mention))).toBe(true)
  })
})
