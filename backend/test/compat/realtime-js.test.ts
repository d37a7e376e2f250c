// realtime-js's end-to-end expectations against Realtime on /realtime/v1 through supabase-js:
// subscribe statuses, the postgres_changes system message and change payloads, presence state
// and events, broadcast with self and ack, REST sends and httpSend(). Private channels and
// broadcast from the database: realtime-js-private.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import type { TestStack } from '../support/stack.ts'
import { room, startRealtimeJsStack, subscribe } from './realtime-js-project.ts'
import { waitFor } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startRealtimeJsStack()
})

afterAll(async () => {
  await stack?.stop()
})

describe('channel lifecycle', () => {
  it('subscribe() reports SUBSCRIBED, unsubscribe() ok and CLOSED', async () => {
    const client = stack.client()
    const channel = client.channel(room())
    const statuses: string[] = []
    const joined = new Promise<void>((resolve) => {
      channel.subscribe((status) => {
        statuses.push(status)
        if (status === 'SUBSCRIBED') resolve()
      })
    })
    await joined
    expect(channel.state).toBe('joined')
    expect(await channel.unsubscribe()).toBe('ok')
    await waitFor(() => (statuses.includes('CLOSED') ? true : undefined), 'CLOSED')
    expect(statuses).toEqual(['SUBSCRIBED', 'CLOSED'])
    expect(channel.state).toBe('closed')
  })
})

describe('broadcast', () => {
  it('reaches other subscribers, not the sender unless self is set', async () => {
    const topic = room()
    const sender = stack.client().channel(topic)
    const receiver = stack.client().channel(topic)
    const senderGot: unknown[] = []
    const receiverGot: unknown[] = []
    sender.on('broadcast', { event: 'msg' }, (payload) => senderGot.push(payload))
    receiver.on('broadcast', { event: 'msg' }, (payload) => receiverGot.push(payload))
    expect((await subscribe(sender)).status).toBe('SUBSCRIBED')
    expect((await subscribe(receiver)).status).toBe('SUBSCRIBED')

    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: { text: 'hi' } })).toBe(
      'ok'
    )
    const message = await waitFor(() => receiverGot[0], 'the broadcast')
    expect(message).toEqual({ type: 'broadcast', event: 'msg', payload: { text: 'hi' } })
    // A second message proves the first one did not come back to its sender.
    await receiver.send({ type: 'broadcast', event: 'msg', payload: { text: 'back' } })
    await waitFor(() => senderGot[0], 'the reply')
    expect(senderGot).toEqual([{ type: 'broadcast', event: 'msg', payload: { text: 'back' } }])
  })

  it('self: true echoes to the sender; ack: true confirms the send', async () => {
    const channel = stack
      .client()
      .channel(room(), { config: { broadcast: { self: true, ack: true } } })
    const got: unknown[] = []
    channel.on('broadcast', { event: '*' }, (payload) => got.push(payload))
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    const result = await channel.send({ type: 'broadcast', event: 'echo', payload: { n: 1 } })
    expect(result).toBe('ok')
    expect(await waitFor(() => got[0], 'the echo')).toEqual({
      type: 'broadcast',
      event: 'echo',
      payload: { n: 1 },
    })
  })

  it('httpSend() and a send before joining go through the REST endpoint (202)', async () => {
    const topic = room()
    const listener = stack.client().channel(topic)
    const got: { event: string; payload?: unknown }[] = []
    listener.on('broadcast', { event: '*' }, (message) => got.push(message))
    expect((await subscribe(listener)).status).toBe('SUBSCRIBED')

    const sender = stack.client().channel(topic)
    expect(await sender.httpSend('from-http', { via: 'httpSend' })).toEqual({ success: true })
    await waitFor(() => got.find((m) => m.event === 'from-http'), 'the httpSend message')
    expect(got[0]).toMatchObject({ event: 'from-http', payload: { via: 'httpSend' } })

    // A channel that never joined sends through the same REST endpoint.
    const unjoined = stack.client().channel(topic)
    expect(await unjoined.send({ type: 'broadcast', event: 'unjoined', payload: { n: 2 } })).toBe(
      'ok'
    )
    await waitFor(() => got.find((m) => m.event === 'unjoined'), 'the unjoined send')

    const response = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic, event: 'from-rest', payload: { via: 'rest' }, private: false }],
      }),
    })
    expect(response.status).toBe(202)
    await waitFor(() => got.find((m) => m.event === 'from-rest'), 'the REST message')
  })
})

describe('presence', () => {
  it('track() syncs presenceState with presence_ref; join and leave events fire', async () => {
    const topic = room()
    const watcher = stack.client().channel(topic, { config: { presence: { key: 'watcher' } } })
    const joins: { key: string; newPresences: unknown[] }[] = []
    const leaves: { key: string }[] = []
    let syncs = 0
    watcher
      .on('presence', { event: 'sync' }, () => syncs++)
      .on('presence', { event: 'join' }, ({ key, newPresences }) =>
        joins.push({ key, newPresences })
      )
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push({ key }))
    expect((await subscribe(watcher)).status).toBe('SUBSCRIBED')

    const tracker = stack.client().channel(topic, { config: { presence: { key: 'ada' } } })
    expect((await subscribe(tracker)).status).toBe('SUBSCRIBED')
    expect(await tracker.track({ name: 'Ada', online_at: 1 })).toBe('ok')

    await waitFor(() => joins.find((j) => j.key === 'ada'), 'the join')
    expect(joins.find((j) => j.key === 'ada')?.newPresences).toEqual([
      { presence_ref: expect.any(String), name: 'Ada', online_at: 1 },
    ])
    expect(syncs).toBeGreaterThan(0)
    expect(watcher.presenceState()).toEqual({
      ada: [{ presence_ref: expect.any(String), name: 'Ada', online_at: 1 }],
    })

    expect(await tracker.untrack()).toBe('ok')
    await waitFor(() => leaves.find((l) => l.key === 'ada'), 'the leave')
    expect(watcher.presenceState()).toEqual({})
  })
})

describe('postgres_changes', () => {
  it('announces the subscription and delivers INSERT, UPDATE and DELETE payloads', async () => {
    const client = stack.client()
    const channel = client.channel(room('changes'))
    const system: Record<string, unknown>[] = []
    const changes: RealtimePostgresChangesPayload<Record<string, unknown>>[] = []
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table: 'todos' }, (payload) =>
        changes.push(payload)
      )
      .on('system', {}, (payload: Record<string, unknown>) => system.push(payload))
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    await waitFor(() => system.find((s) => s.extension === 'postgres_changes'), 'system ok')
    expect(system.find((s) => s.extension === 'postgres_changes')).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: channel.subTopic,
    })

    const db = stack.client(stack.serviceRoleKey)
    const inserted = await db.from('todos').insert({ task: 'write tests' }).select().single()
    const id = (inserted.data as { id: number }).id
    await db.from('todos').update({ done: true }).eq('id', id)
    await db.from('todos').delete().eq('id', id)
    await waitFor(() => (changes.length >= 3 ? true : undefined), 'three changes')

    expect(changes[0]).toEqual({
      schema: 'public',
      table: 'todos',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      eventType: 'INSERT',
      new: { id, task: 'write tests', done: false },
      old: {},
      errors: null,
    })
    // Default replica identity: the old record holds the primary key only.
    expect(changes[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id, task: 'write tests', done: true },
      old: { id },
      errors: null,
    })
    expect(changes[1]!.old).toEqual({ id })
    expect(changes[2]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id }, errors: null })
    expect(changes[2]!.old).toEqual({ id })
  })

  it('a filter narrows the rows delivered', async () => {
    const channel = stack.client().channel(room('filtered'))
    const changes: RealtimePostgresChangesPayload<Record<string, unknown>>[] = []
    let ready = false
    channel
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'todos', filter: 'task=eq.wanted' },
        (payload) => changes.push(payload)
      )
      .on('system', {}, (payload: { extension?: string }) => {
        if (payload.extension === 'postgres_changes') ready = true
      })
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    await waitFor(() => (ready ? true : undefined), 'system ok')
    const db = stack.client(stack.serviceRoleKey)
    await db.from('todos').insert([{ task: 'unwanted' }, { task: 'wanted' }])
    await waitFor(() => changes[0], 'the filtered insert')
    await db.from('todos').insert({ task: 'wanted' })
    await waitFor(() => changes[1], 'the second filtered insert')
    expect(changes.map((c) => (c.new as { task: string }).task)).toEqual(['wanted', 'wanted'])
  })
})
