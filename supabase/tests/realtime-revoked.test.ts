// Private topics (typing and presence) follow membership while a channel is open: someone removed
// from a channel, or deleted, is cut off within about a second with Realtime's message, stops
// receiving its broadcasts and presence, and what they send no longer reaches the members.
// (Hosted Realtime keeps a channel's authorization until the token changes; the stack is
// stricter: backend/src/realtime/socket/recheck.ts.)
import path from 'node:path'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { asUser, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

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

interface Typing {
  payload: { from: string; n: number }
}
interface SystemMessage {
  extension: string
  status: string
  message: string
}

/** One person on a private topic: what they heard, and how their channel ended. */
class Member {
  readonly heard: Typing['payload'][] = []
  readonly left: string[] = []
  readonly system: SystemMessage[] = []
  readonly channel: RealtimeChannel
  readonly closed: Promise<void>
  private readonly waiters: { test: () => boolean; resolve: () => void }[] = []

  constructor(
    readonly client: SupabaseClient,
    topic: string,
    readonly person: Person
  ) {
    this.channel = client
      .channel(topic, { config: { private: true, presence: { key: person.id } } })
      .on('broadcast', { event: 'typing' }, (m: Typing) =>
        this.note(() => this.heard.push(m.payload))
      )
      .on('presence', { event: 'leave' }, ({ key }: { key: string }) =>
        this.note(() => this.left.push(key))
      )
      .on('system', {}, (m: SystemMessage) => this.note(() => this.system.push(m)))
    this.closed = new Promise((resolve) => {
      this.waiters.push({ test: () => this.channel.state === 'closed', resolve })
    })
  }

  static async join(topic: string, person: Person): Promise<Member> {
    const client = clientFor(stack, person)
    await client.realtime.setAuth(person.token)
    const member = new Member(client, topic, person)
    await new Promise<void>((resolve, reject) => {
      member.channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? status)
        else if (status === 'CLOSED') member.note(() => {})
      })
    })
    await member.channel.track({ who: person.id })
    return member
  }

  until(test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ test, resolve }))
  }

  note(change: () => void): void {
    change()
    // supabase-js sets the channel's state after the callbacks of the closing message run.
    queueMicrotask(() => {
      for (const waiter of [...this.waiters]) {
        if (waiter.test()) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
    })
  }

  send(n: number): Promise<unknown> {
    return this.channel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { from: this.person.id, n },
    })
  }

  async leave(): Promise<void> {
    await this.client.removeAllChannels()
    this.client.realtime.disconnect()
  }
}

/** Waits until the member's channel is closed by the server with `message`. */
async function cutOff(member: Member, message: string): Promise<void> {
  await member.until(() => member.system.some((m) => m.status === 'error'))
  expect(member.system.filter((m) => m.status === 'error')).toEqual([
    expect.objectContaining({ extension: 'system', status: 'error', message }),
  ])
}

describe('private topics after a membership ends', () => {
  it('cuts off a member removed from a private channel: no typing either way, presence leaves', async () => {
    const topic = `channel:${world.ch.quiet}`
    const owner = await Member.join(topic, world.people.owner)
    const member = await Member.join(topic, world.people.member)
    await member.send(1)
    await owner.until(() => owner.heard.length === 1)

    await asUser(
      stack.sql,
      world.people.owner,
      (tx) => tx`select public.remove_channel_member(${world.ch.quiet}, ${world.people.member.id})`
    )
    await cutOff(member, `You no longer have permission to read from this Channel topic: ${topic}`)
    // The removed member's presence leaves the topic for those who remain.
    await owner.until(() => owner.left.includes(world.people.member.id))

    // Sent after the channel closed, supabase-js falls back to the HTTP broadcast, which checks
    // the write policy and skips it. The owner's own marker, sent after it, is the barrier.
    await member.send(2)
    const marker = await Member.join(topic, world.people.owner)
    await marker.send(3)
    await owner.until(() => owner.heard.some((m) => m.n === 3))
    expect(owner.heard.map((m) => m.n)).toEqual([1, 3])
    expect(member.heard).toEqual([])
    await Promise.all([owner.leave(), member.leave(), marker.leave()])
  })

  it('cuts off a person deleted while on a workspace topic', async () => {
    const topic = `workspace:${world.ws}`
    const owner = await Member.join(topic, world.people.owner)
    const gone = await Member.join(topic, world.people.member2)
    await gone.send(1)
    await owner.until(() => owner.heard.length === 1)

    await stack.sql`delete from auth.users where id = ${world.people.member2.id}`
    await cutOff(gone, `You no longer have permission to read from this Channel topic: ${topic}`)
    await owner.until(() => owner.left.includes(world.people.member2.id))
    await owner.send(2)
    await gone.closed
    expect(gone.heard).toEqual([])
    await Promise.all([owner.leave(), gone.leave()])
  })
})
