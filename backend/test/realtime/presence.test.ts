// Presence between real supabase-js clients, and the Phoenix shapes on the wire: track,
// untrack, presence_state and presence_diff; a client that vanishes (socket cut, or silent
// until the idle timeout) leaves; the per-client presence rate limit closes the channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimeChannel } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'
import { RawClient, socketUrl } from './raw-client.ts'
import type { Frame } from './raw-client.ts'

let stack: TestStack
const HEARTBEAT_MS = 250

beforeAll(async () => {
  // A short idle timeout so that a silent client is dropped within the test; the supabase-js
  // clients here heartbeat faster than it.
  process.env.REALTIME_IDLE_TIMEOUT_MS = '1500'
  try {
    stack = await startTestStack()
  } finally {
    delete process.env.REALTIME_IDLE_TIMEOUT_MS
  }
})

afterAll(async () => {
  await stack?.stop()
})

interface PresenceEvent {
  event: string
  key?: string
  newPresences?: Record<string, unknown>[]
  leftPresences?: Record<string, unknown>[]
}

function presenceChannel(client: ReturnType<TestStack['client']>, topic: string, key: string) {
  const events = new Collector<PresenceEvent>()
  const channel: RealtimeChannel = client
    .channel(topic, { config: { presence: { key } } })
    .on('presence', { event: 'sync' }, () => events.push({ event: 'sync' }))
    .on('presence', { event: 'join' }, (e: PresenceEvent) => events.push(e))
    .on('presence', { event: 'leave' }, (e: PresenceEvent) => events.push(e))
  return { channel, events, ready: subscribed(channel) }
}

const keysOf = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort()

describe('presence', () => {
  it('syncs tracked clients and their leaving between supabase-js clients', async () => {
    const [a, b] = await Promise.all([
      makeUser(stack, { heartbeatIntervalMs: HEARTBEAT_MS }),
      makeUser(stack, { heartbeatIntervalMs: HEARTBEAT_MS }),
    ])
    const alice = presenceChannel(a.client, 'lounge', 'alice')
    const bob = presenceChannel(b.client, 'lounge', 'bob')
    await Promise.all([alice.ready, bob.ready])
    expect(await alice.channel.track({ status: 'online' })).toBe('ok')
    expect(await bob.channel.track({ status: 'busy' })).toBe('ok')

    await alice.events.until(() => keysOf(alice.channel).length === 2)
    await bob.events.until(() => keysOf(bob.channel).length === 2)
    const state = bob.channel.presenceState<{ status: string }>()
    expect(state.alice?.[0]).toMatchObject({ status: 'online' })
    expect(typeof state.alice?.[0]?.presence_ref).toBe('string')
    expect(state.bob?.[0]).toMatchObject({ status: 'busy' })

    expect(await alice.channel.untrack()).toBe('ok')
    const leaves = await bob.events.until((items) => items.some((e) => e.event === 'leave'))
    const leave = leaves.find((e) => e.event === 'leave')
    expect(leave?.key).toBe('alice')
    expect(leave?.leftPresences?.[0]).toMatchObject({ status: 'online' })
    expect(keysOf(bob.channel)).toEqual(['bob'])
  })

  it('speaks Phoenix presence_state and presence_diff on the wire', async () => {
    const url = socketUrl(stack.url, stack.anonKey)
    const [first, second] = await Promise.all([RawClient.connect(url), RawClient.connect(url)])
    const config = (key: string) => ({ config: { presence: { key, enabled: true } } })
    const one = await first.join('realtime:wire', config('one'))
    expect(one.reply[4]).toEqual({ status: 'ok', response: { postgres_changes: [] } })
    const emptyState = await first.frame((f) => f[3] === 'presence_state')
    expect(emptyState).toEqual([one.joinRef, null, 'realtime:wire', 'presence_state', {}])

    const trackRef = first.push(one.joinRef, 'realtime:wire', 'presence', {
      type: 'presence',
      event: 'track',
      payload: { hello: 1 },
    })
    expect((await first.reply(trackRef))[4]).toEqual({ status: 'ok', response: {} })
    const diff = await first.frame((f) => f[3] === 'presence_diff')
    expect(diff.slice(0, 3)).toEqual([null, null, 'realtime:wire'])
    const joins = (diff[4] as { joins: Record<string, { metas: { phx_ref: string }[] }> }).joins
    const ref = joins.one?.metas[0]?.phx_ref
    expect(diff[4]).toEqual({ joins: { one: { metas: [{ hello: 1, phx_ref: ref }] } }, leaves: {} })

    const two = await second.join('realtime:wire', config('two'))
    const state = await second.frame((f) => f[3] === 'presence_state')
    expect(state).toEqual([
      two.joinRef,
      null,
      'realtime:wire',
      'presence_state',
      { one: { metas: [{ hello: 1, phx_ref: ref }] } },
    ])

    const notAMap = second.push(two.joinRef, 'realtime:wire', 'presence', {
      type: 'presence',
      event: 'track',
      payload: 'nope',
    })
    expect((await second.reply(notAMap))[4]).toEqual({
      status: 'error',
      response: { reason: 'Presence track payload must be a map' },
    })

    // A client cut off without leaving: the others see it leave.
    first.terminate()
    const leave = await second.frame(
      (f) => f[3] === 'presence_diff' && Object.keys((f[4] as { leaves: object }).leaves).length > 0
    )
    expect(leave[4]).toEqual({
      joins: {},
      leaves: { one: { metas: [{ hello: 1, phx_ref: ref }] } },
    })
    second.close()
  })

  it('removes a client whose heartbeats stopped', async () => {
    const url = socketUrl(stack.url, stack.anonKey)
    const silent = await RawClient.connect(url)
    const watcher = await makeUser(stack, { heartbeatIntervalMs: HEARTBEAT_MS })
    const watching = presenceChannel(watcher.client, 'silence', 'watcher')
    await watching.ready
    const joined = await silent.join('realtime:silence', { config: { presence: { key: 'quiet' } } })
    silent.push(joined.joinRef, 'realtime:silence', 'presence', {
      type: 'presence',
      event: 'track',
      payload: {},
    })
    await watching.events.until(() => keysOf(watching.channel).includes('quiet'))
    // No more frames from the silent client: the server drops it after the idle timeout.
    await silent.closed
    await watching.events.until(() => !keysOf(watching.channel).includes('quiet'))
    expect(keysOf(watching.channel)).toEqual([])
  })

  it('closes a channel that tracks too often', async () => {
    const client = await RawClient.connect(socketUrl(stack.url, stack.anonKey))
    const { joinRef } = await client.join('realtime:busy', { config: {} })
    for (let i = 0; i < 6; i++) {
      client.push(joinRef, 'realtime:busy', 'presence', {
        type: 'presence',
        event: 'track',
        payload: { i },
      })
    }
    const system = await client.frame((f) => f[3] === 'system')
    expect(system).toEqual([
      joinRef,
      null,
      'realtime:busy',
      'system',
      {
        extension: 'system',
        status: 'error',
        message: 'Client presence rate limit exceeded',
        channel: 'busy',
      },
    ])
    const close = await client.frame((f: Frame) => f[3] === 'phx_close')
    expect(close).toEqual([joinRef, joinRef, 'realtime:busy', 'phx_close', {}])
    client.close()
  })
})
