// realtime-js's end-to-end expectations, continued (see realtime-js.test.ts): private channels
// under RLS on realtime.messages, and broadcast from the database (send with replay, a trigger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../support/stack.ts'
import { room, startRealtimeJsStack, subscribe } from './realtime-js-project.ts'
import { uniqueEmail, waitFor } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startRealtimeJsStack()
})

afterAll(async () => {
  await stack?.stop()
})

async function signedInClient(): Promise<SupabaseClient> {
  const client = stack.client()
  const { error } = await client.auth.signUp({ email: uniqueEmail('rt'), password: 'rt-password' })
  expect(error).toBeNull()
  return client
}

describe('private channels', () => {
  // A refused join answers after Realtime's 5 s error backoff, so both refusals run at once.
  it('anon, and a signed-in user outside the policies, get CHANNEL_ERROR Unauthorized', async () => {
    const anonTopic = room('private-room')
    const anon = stack.client()
    const anonChannel = anon.channel(anonTopic, { config: { private: true } })
    const user = await signedInClient()
    await user.realtime.setAuth()
    const userChannel = user.channel(room('elsewhere'), { config: { private: true } })
    const [anonResult, userResult] = await Promise.all([
      subscribe(anonChannel),
      subscribe(userChannel),
    ])
    expect(anonResult.status).toBe('CHANNEL_ERROR')
    expect(anonResult.error?.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${anonTopic}`
    )
    expect(userResult.status).toBe('CHANNEL_ERROR')
    expect(userResult.error?.message).toMatch(/^Unauthorized: You do not have permissions to read/)
    await anon.removeChannel(anonChannel)
    await user.removeChannel(userChannel)
  })

  it('a signed-in user allowed by the policies joins, sends and receives', async () => {
    const client = await signedInClient()
    await client.realtime.setAuth()
    const channel = client.channel(room('private-room'), {
      config: { private: true, broadcast: { self: true, ack: true } },
    })
    const got: unknown[] = []
    channel.on('broadcast', { event: 'secret' }, (payload) => got.push(payload))
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    expect(await channel.send({ type: 'broadcast', event: 'secret', payload: { x: 1 } })).toBe('ok')
    expect(await waitFor(() => got[0], 'the private echo')).toMatchObject({
      event: 'secret',
      payload: { x: 1 },
    })
  })
})

describe('broadcast from the database', () => {
  async function joined(topic: string, config: Record<string, unknown> = {}) {
    const client = await signedInClient()
    await client.realtime.setAuth()
    const channel = client.channel(topic, { config: { private: true, ...config } })
    const got: Record<string, unknown>[] = []
    channel.on('broadcast', { event: '*' }, (payload) => got.push(payload))
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    return got
  }

  it('realtime.send() reaches private subscribers, with the message id in payload and meta', async () => {
    const topic = room('private-room-db')
    const got = await joined(topic)
    await stack.sql`select realtime.send('{"a":1}'::jsonb, 'from-db', ${topic}, true)`
    const message = await waitFor(() => got[0], 'the database message')
    const id = (message.meta as { id: string }).id
    expect(message).toEqual({
      type: 'broadcast',
      event: 'from-db',
      payload: { a: 1, id },
      meta: { id },
    })

    // A later join with replay gets the stored message, marked replayed.
    const replayed = await joined(topic, {
      broadcast: { replay: { since: Date.now() - 60_000, limit: 10 } },
    })
    expect(await waitFor(() => replayed[0], 'the replay')).toEqual({
      type: 'broadcast',
      event: 'from-db',
      payload: { a: 1, id },
      meta: { id, replayed: true },
    })
  })

  it('realtime.broadcast_changes() from a trigger sends the row change', async () => {
    const got = await joined('private-room-items:7')
    await stack.sql`insert into public.items values (7, 'seven')`
    const message = await waitFor(() => got[0], 'the row change')
    const id = (message.meta as { id: string }).id
    expect(message).toEqual({
      type: 'broadcast',
      event: 'INSERT',
      payload: {
        id,
        schema: 'public',
        table: 'items',
        operation: 'INSERT',
        record: { id: 7, name: 'seven' },
        old_record: null,
      },
      meta: { id },
    })
  })
})
