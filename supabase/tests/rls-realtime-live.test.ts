// The RLS matrix through the live topics (supabase/migrations/*_chorus_private_live.sql): every
// role tries to join every live topic of both workspaces with the real supabase-js (private
// channels, authorized by the policies on realtime.messages); changes are made as the app makes
// them, deletes included; each role must receive exactly the events about rows it may select,
// with what the app needs in them. The outsider and the anonymous caller learn nothing about
// workspace W: no join, no event. The changes are support/live-changes.ts's, who must hear of
// each support/live-expectations.ts's.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { makeChanges } from './support/live-changes.ts'
import { about, topicRules } from './support/live-expectations.ts'
import type { Expected } from './support/live-expectations.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import type { Joined } from './support/realtime.ts'
import { ROLES, actorOf, buildWorld, makeMessage } from './support/world.ts'
import type { Role, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')

let stack: TestStack
let world: World
const inboxes = {} as Record<Role, Inbox>
const joins = new Map<string, boolean>()
const attempts: Joined[] = []
const expected: Expected[] = []

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  for (const role of ROLES) inboxes[role] = new Inbox()
  await Promise.all(
    topicRules(world).flatMap(({ topic }) =>
      ROLES.map(async (role) => {
        const attempt = await joinPrivate(stack, actorOf(world, role), topic, inboxes[role])
        joins.set(`${topic} ${role}`, attempt.joined)
        if (attempt.joined) attempts.push(attempt)
      })
    )
  )
  await makeChanges(stack.sql, world, expected)
  // The last change each signed-in role can see: once it has arrived, so has everything before.
  const last = await makeMessage(stack.sql, world.people.owner, world.ch.general, 'the end')
  const lastOutside = await makeMessage(stack.sql, world.people.outsider, world.ch.outside, 'end')
  await Promise.all([
    ...(['owner', 'admin', 'member'] as const).map((r) =>
      inboxes[r].until(about('messages', 'INSERT', last))
    ),
    inboxes.outsider.until(about('messages', 'INSERT', lastOutside)),
  ])
})

afterAll(async () => {
  await Promise.all(attempts.map(leave))
  await stack?.stop()
})

describe('live topics: who may join', () => {
  it('lets exactly the readers of a place join its topic', () => {
    const wrong = topicRules(world).flatMap(({ topic, allowed }) =>
      ROLES.filter((role) => joins.get(`${topic} ${role}`) !== allowed.includes(role)).map(
        (role) => `${topic}: ${role} ${allowed.includes(role) ? 'refused' : 'joined'}`
      )
    )
    expect(wrong).toEqual([])
  })
})

describe('live topics: each role receives exactly the changes it may select', () => {
  it('made every kind of change', () => {
    expect(expected.length).toBeGreaterThan(30)
  })

  for (const role of ROLES) {
    it(`${role}`, () => {
      const wrong = expected
        .filter((e) => inboxes[role].heard.some(e.heard) !== e.allowed.includes(role))
        .map(
          (e) => `${e.what} (expected ${e.allowed.includes(role) ? 'received' : 'not received'})`
        )
      expect(wrong).toEqual([])
    })
  }

  it('tells the outsider and the anonymous caller nothing about workspace W', () => {
    const theirs = new Set([
      liveTopic.workspace(world.ws2),
      liveTopic.channel(world.ch.outside),
      liveTopic.user(world.people.outsider.id),
    ])
    expect(inboxes.outsider.heard.filter((h) => !theirs.has(h.topic))).toEqual([])
    expect(inboxes.anon.heard).toEqual([])
  })

  it("gives a member a message's full row, and what a deleted reaction was on", () => {
    const inserted = inboxes.member.heard.find(
      (h) => h.payload.table === 'messages' && h.event === 'INSERT'
    )
    expect(Object.keys(recordOf(inserted!)).sort()).toEqual(
      expect.arrayContaining([
        'author_id',
        'body',
        'channel_id',
        'created_at',
        'deleted_at',
        'edited_at',
        'id',
        'seq',
      ])
    )
    const removed = inboxes.member.heard.find(
      (h) => h.payload.table === 'reactions' && h.event === 'DELETE'
    )
    expect(recordOf(removed!)).toMatchObject({ message_id: expect.any(String), emoji: '👀' })
  })
})
