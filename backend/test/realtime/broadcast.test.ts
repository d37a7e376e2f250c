// Broadcast between real supabase-js clients: self, ack, binary payloads, the vsn 1 serializer,
// the HTTP endpoints, and broadcasts from the database with realtime.send().
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'

interface Broadcast {
  type: string
  event: string
  payload: unknown
  meta?: { id: string; replayed?: boolean }
}

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})

afterAll(async () => {
  await stack?.stop()
})

function receiver(
  client: ReturnType<TestStack['client']>,
  topic: string,
  event = '*',
  config = {}
) {
  const messages = new Collector<Broadcast>()
  const channel = client
    .channel(topic, { config })
    .on('broadcast', { event }, (message: Broadcast) => messages.push(message))
  return { channel, messages, ready: subscribed(channel) }
}

describe('broadcast', () => {
  it('reaches the other clients of the channel, and the sender only with self', async () => {
    const [a, b, c] = await Promise.all([makeUser(stack), makeUser(stack), makeUser(stack)])
    const sender = receiver(a.client, 'room-1')
    const selfish = receiver(c.client, 'room-1', '*', { broadcast: { self: true, ack: true } })
    const other = receiver(b.client, 'room-1', 'cursor')
    await Promise.all([sender.ready, selfish.ready, other.ready])

    expect(
      await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })
    ).toBe('ok')
    expect(
      await selfish.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })
    ).toBe('ok')
    await selfish.channel.send({ type: 'broadcast', event: 'other', payload: { x: 3 } })

    const seen = await other.messages.count(2)
    expect(seen).toEqual([
      { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
      { type: 'broadcast', event: 'cursor', payload: { x: 2 } },
    ])
    const own = await selfish.messages.count(3)
    expect(own.map((m) => m.payload)).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }])
    // The sender without self saw the others' messages only.
    const senderSaw = await sender.messages.count(2)
    expect(senderSaw.map((m) => m.payload)).toEqual([{ x: 2 }, { x: 3 }])
  })

  it('carries binary payloads between vsn 2 clients', async () => {
    const [a, b] = await Promise.all([makeUser(stack), makeUser(stack)])
    const sender = receiver(a.client, 'bytes')
    const other = receiver(b.client, 'bytes')
    await Promise.all([sender.ready, other.ready])
    const bytes = new Uint8Array([0, 1, 2, 250]).buffer
    await sender.channel.send({ type: 'broadcast', event: 'blob', payload: bytes })
    const [message] = await other.messages.count(1)
    expect(message?.event).toBe('blob')
    expect([...new Uint8Array(message?.payload as ArrayBuffer)]).toEqual([0, 1, 2, 250])
  })

  it('converts between the vsn 1 and vsn 2 serializers', async () => {
    const v1 = await makeUser(stack, { vsn: '1.0.0' })
    const v2 = await makeUser(stack)
    const old = receiver(v1.client, 'mixed')
    const modern = receiver(v2.client, 'mixed')
    await Promise.all([old.ready, modern.ready])
    await modern.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'v2' } })
    await old.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'v1' } })
    expect((await old.messages.count(1))[0]).toEqual({
      type: 'broadcast',
      event: 'hello',
      payload: { from: 'v2' },
    })
    expect((await modern.messages.count(1))[0]).toEqual({
      type: 'broadcast',
      event: 'hello',
      payload: { from: 'v1' },
    })
  })

  it('sends over HTTP with httpSend and the batch endpoint', async () => {
    const [a, b] = await Promise.all([makeUser(stack), makeUser(stack)])
    const listener = receiver(b.client, 'over-http')
    await listener.ready
    const sender = a.client.channel('over-http')
    await expect(sender.httpSend('ping', { n: 1 })).resolves.toEqual({ success: true })
    // send() on a channel that is not joined falls back to POST /api/broadcast.
    expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } })).toBe('ok')
    const seen = await listener.messages.count(2)
    expect(seen.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }])

    const batch = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic: 'over-http', event: 'ping', payload: { n: 3 }, id: 'm-3' }],
      }),
    })
    expect(batch.status).toBe(202)
    const [, , third] = await listener.messages.count(3)
    expect(third).toEqual({
      type: 'broadcast',
      event: 'ping',
      payload: { n: 3 },
      meta: { id: 'm-3' },
    })
  })

  it('refuses bad HTTP requests in the real format', async () => {
    const url = `${stack.url}/realtime/v1/api/broadcast`
    const noToken = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [] }),
    })
    expect(noToken.status).toBe(401)
    expect(await noToken.json()).toEqual({ message: 'Unauthorized' })
    const invalid = await fetch(url, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: '', event: 'x', payload: 'no' }] }),
    })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toEqual({
      errors: { messages: [{ topic: ["can't be blank"], payload: ["can't be blank"] }] },
    })
    const notJson = await fetch(`${url}/room/events/x`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'text/plain' },
      body: 'hello',
    })
    expect(notJson.status).toBe(415)
    const privateDenied = await fetch(`${url}/room/events/x?private=true`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    })
    expect(privateDenied.status).toBe(403)
  })

  it('delivers realtime.send() from the database to public channels', async () => {
    const user = await makeUser(stack)
    const listener = receiver(user.client, 'from-db')
    await listener.ready
    await stack.sql`select realtime.send('{"hello": "db"}'::jsonb, 'notice', 'from-db', false)`
    const [message] = await listener.messages.count(1)
    expect(message?.event).toBe('notice')
    expect(message?.payload).toMatchObject({ hello: 'db' })
    const id = (message?.payload as { id: string }).id
    expect(message?.meta).toEqual({ id })
  })
})
