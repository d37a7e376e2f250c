// The stack's message rate (max_events_per_second, TENANT_MAX_EVENTS_PER_SECOND): broadcasts and
// their deliveries count, averaged per second as Realtime's RateCounter does; over the limit the
// channels that receive are closed with "Too many messages per second", and the HTTP broadcast
// API answers 429 with Realtime's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { RawClient, socketUrl } from './raw-client.ts'
import type { Frame } from './raw-client.ts'

let stack: TestStack

beforeAll(async () => {
  process.env.TENANT_MAX_EVENTS_PER_SECOND = '2'
  try {
    stack = await startTestStack()
  } finally {
    delete process.env.TENANT_MAX_EVENTS_PER_SECOND
  }
})

afterAll(async () => {
  await stack?.stop()
})

const post = (path: string, body: unknown) =>
  fetch(`${stack.url}/realtime/v1/api/${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const closing = (topic: string, joinRef: string): Frame[] => [
  [
    joinRef,
    null,
    topic,
    'system',
    {
      extension: 'system',
      status: 'error',
      message: 'Too many messages per second',
      channel: topic.slice('realtime:'.length),
    },
  ],
  [joinRef, joinRef, topic, 'phx_close', {}],
]

describe('messages per second', () => {
  it('refuses an HTTP batch larger than the rate leaves room for', async () => {
    const messages = [1, 2, 3].map((n) => ({ topic: 'lim', event: 'e', payload: { n } }))
    const response = await post('broadcast', { messages })
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({
      message: 'Too many messages to broadcast, please reduce the batch size',
    })
  })

  it('closes the channels that receive once the stack is over the limit, then refuses HTTP sends', async () => {
    const topic = 'realtime:busy'
    const [sender, listener] = await Promise.all([
      RawClient.connect(socketUrl(stack.url, stack.anonKey)),
      RawClient.connect(socketUrl(stack.url, stack.anonKey)),
    ])
    const config = { config: { broadcast: { ack: true } } }
    const [sent, heard] = [await sender.join(topic, config), await listener.join(topic, config)]
    // Broadcasts with acks until the channel is gone (its pushes then get "unmatched topic").
    for (let n = 0; ; n++) {
      const ref = sender.push(sent.joinRef, topic, 'broadcast', {
        type: 'broadcast',
        event: 'tick',
        payload: { n },
      })
      const reply = await sender.reply(ref)
      if ((reply[4] as { status: string }).status === 'error') break
    }
    const ends = (client: RawClient) =>
      Promise.all([
        client.frame((f) => f[3] === 'system'),
        client.frame((f) => f[3] === 'phx_close'),
      ])
    expect(await ends(sender)).toEqual(closing(topic, sent.joinRef))
    expect(await ends(listener)).toEqual(closing(topic, heard.joinRef))

    const response = await post('broadcast/busy/events/tick', { n: -1 })
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({ message: 'You have exceeded your rate limit' })
    sender.close()
    listener.close()
  })
})
