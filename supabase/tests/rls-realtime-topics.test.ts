// Broadcast and presence on the private topics, with the real supabase-js: who may join the
// typing and presence topics (channel:<id>, workspace:<id>), typing between members, and the
// live topics (live:…) kept read-only: nobody, a member included, can send or track on them,
// over the socket, over HTTP or in SQL, so every live event comes from the database.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { MATRIX, caseName, isAllowed } from './support/matrix.ts'
import type { TopicCase } from './support/matrix.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { clientFor } from './support/rest-checker.ts'
import type { Heard } from './support/realtime.ts'
import { ROLES, actorOf, asRoleRolledBack, buildWorld, makeMessage } from './support/world.ts'
import type { Role, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('typing and presence topics: who may join', () => {
  const cases = MATRIX.filter((m): m is TopicCase => m.kind === 'topic' && m.op === 'select')
  const joined = new Map<string, boolean>()
  const key = (c: TopicCase, role: Role) => `${caseName(c)} ${role}`

  // A refused join is answered after the server's error backoff (5 s, as the real Realtime
  // does), so every join is attempted at once.
  beforeAll(async () => {
    await Promise.all(
      cases.flatMap((c) =>
        ROLES.map(async (role) => {
          const attempt = await joinPrivate(stack, actorOf(world, role), c.topic(world))
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
    const heard = new Inbox()
    const listener = await joinPrivate(stack, world.people.owner, topic, heard)
    const sender = await joinPrivate(stack, world.people.member, topic)
    expect(sender.joined).toBe(true)
    await sender.channel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { user: world.people.member.id },
    })
    await heard.until((h) => h.event === 'typing')
    expect(heard.heard.map((h) => h.payload)).toEqual([{ user: world.people.member.id }])
    await leave(listener)
    await leave(sender)
  })
})

describe('live topics are read-only', () => {
  const topic = () => liveTopic.channel(world.ch.quiet)
  const forged = (h: Heard) => recordOf(h).body === 'forged' || h.kind === 'presence'

  /** Waits until the owner hears a real message sent after the attempt: the attempt is done. */
  async function afterward(inbox: Inbox): Promise<void> {
    const id = await makeMessage(stack.sql, world.people.owner, world.ch.quiet, 'after')
    await inbox.until((h) => recordOf(h).id === id)
  }

  it('drops what a member sends on a live topic over the socket, and refuses tracking', async () => {
    const inbox = new Inbox()
    const listener = await joinPrivate(stack, world.people.owner, topic(), inbox, {
      presence: true,
    })
    const member = await joinPrivate(stack, world.people.member, topic(), undefined, {
      ack: true,
      presence: true,
    })
    expect([listener.joined, member.joined]).toEqual([true, true])
    // With ack the server answers once it has decided; a real message sent after that reaches
    // the listener after anything the forged one could have become.
    const sent = await member.channel.send({
      type: 'broadcast',
      event: 'INSERT',
      payload: { table: 'messages', operation: 'INSERT', record: { body: 'forged' } },
    })
    expect(sent).toBe('ok')
    expect(await member.channel.track({ body: 'forged' })).not.toBe('ok')
    await afterward(inbox)
    expect(inbox.heard.filter(forged)).toEqual([])
    await leave(listener)
    await leave(member)
  })

  it('refuses a member broadcasting to a live topic over HTTP', async () => {
    const response = await fetch(
      `${stack.url}/realtime/v1/api/broadcast/${encodeURIComponent(topic())}/events/INSERT?private=true`,
      {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${world.people.member.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ table: 'messages', record: { body: 'forged' } }),
      }
    )
    expect(response.status).toBe(403)
  })

  it('refuses sending in SQL: no insert policy, and the trigger helper is not callable', async () => {
    const member = world.people.member
    const stored = await asRoleRolledBack(stack.sql, member, async (tx) => {
      await tx`select realtime.send(${tx.json({ body: 'forged' })}, 'INSERT', ${topic()}, true)`
      return tx`select 1 from realtime.messages where payload ->> 'body' = 'forged'`
    })
    expect(stored).toHaveLength(0)
    const direct = await asRoleRolledBack(stack.sql, member, (tx) =>
      tx`select private.live_send(${topic()}, 'messages', 'INSERT', '{}'::jsonb)`.then(
        () => 'sent',
        (error: { code?: string }) => error.code
      )
    )
    expect(direct).toBe('42501')
  })
})

describe('private channels only ([realtime] private_only in config.toml)', () => {
  it("refuses a public join with Realtime's PrivateOnly, to a member too", async () => {
    const client = clientFor(stack, world.people.member)
    await client.realtime.setAuth(world.people.member.token)
    const channel = client.channel(`room-${Date.now()}`)
    const outcome = await new Promise<{ status: string; message: string }>((resolve) => {
      channel.subscribe((status, error) => {
        if (status !== 'SUBSCRIBED' && status !== 'CHANNEL_ERROR') return
        resolve({ status, message: error?.message ?? '' })
      })
    })
    await leave({ client })
    expect(outcome.status).toBe('CHANNEL_ERROR')
    expect(outcome.message).toContain('PrivateOnly: This project only allows private channels')
  })

  it("still lets a member join the app's private topics", async () => {
    const joined = await joinPrivate(stack, world.people.member, liveTopic.workspace(world.ws))
    await leave(joined)
    expect(joined.joined).toBe(true)
  })
})
