// Realtime's limits under `serve` are the server's (issue 46, item 6): the stack's message rate is
// sized to the machine's cores (SERVE_EVENTS_PER_CORE, measured by bench/realtime), so a burst
// at that rate from well-behaved clients closes no channel; and each connection has a limit of
// its own, checked first, so one client that floods is cut off alone ("Too many messages per
// second" on its channels, then its socket closes) while everyone else on the topic, a
// supabase-js client among them, keeps receiving. Real `serve` in this process, real WebSocket
// clients on loopback.
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVE_EVENTS_PER_CORE, limitsFromEnv } from '../../src/realtime/socket/limits.ts'
import { startServeTest } from '../support/serve.ts'
import type { ServeTest } from '../support/serve.ts'
import { RawClient, socketUrl } from './raw-client.ts'
import type { Frame } from './raw-client.ts'

const NAMES = ['TENANT_MAX_EVENTS_PER_SECOND', 'CLIENT_MAX_EVENTS_PER_SECOND'] as const
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]))
let serve: ServeTest
const sockets: RawClient[] = []

beforeAll(async () => {
  for (const name of NAMES) delete process.env[name]
  serve = await startServeTest()
}, 120_000)

afterAll(async () => {
  for (const socket of sockets) socket.terminate()
  await serve?.stop()
  for (const name of NAMES) if (saved[name] !== undefined) process.env[name] = saved[name]
})

/** A client on the topic, counting the broadcasts it gets and noting any channel end. */
interface Listener {
  client: RawClient
  joinRef: string
  heard: number
  ended: Frame[]
}

async function listeners(topic: string, count: number): Promise<Listener[]> {
  const url = socketUrl(serve.url, serve.stack.keys.publishableKey)
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = await RawClient.connect(url)
      sockets.push(client)
      const listener: Listener = { client, joinRef: '', heard: 0, ended: [] }
      client.ws.on('message', (data, binary) => {
        if (binary) return
        const frame = JSON.parse(data.toString()) as Frame
        if (frame[2] !== `realtime:${topic}`) return
        if (frame[3] === 'broadcast') listener.heard++
        if (frame[3] === 'system' || frame[3] === 'phx_close' || frame[3] === 'phx_error') {
          listener.ended.push(frame)
        }
      })
      const joined = await client.join(`realtime:${topic}`, { config: { broadcast: {} } })
      expect((joined.reply[4] as { status: string }).status).toBe('ok')
      listener.joinRef = joined.joinRef
      return listener
    })
  )
}

const send = (listener: Listener, topic: string, n: number) =>
  listener.client.push(listener.joinRef, `realtime:${topic}`, 'broadcast', {
    type: 'broadcast',
    event: 'tick',
    payload: { n },
  })

async function until(test: () => boolean, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('serve: Realtime limits sized to the server', () => {
  it("has the machine's rate, not a hosted plan's, and a tenth of it per connection", () => {
    const limits = limitsFromEnv(process.env, 'serve')
    expect(limits.maxEventsPerSecond).toBeGreaterThanOrEqual(SERVE_EVENTS_PER_CORE)
    expect(limits.clientMaxEventsPerSecond).toBe(limits.maxEventsPerSecond / 10)
  })

  it('takes a 4 s burst at that rate from 60 well-behaved clients: no channel closes, all delivered', async () => {
    const limits = limitsFromEnv(process.env, 'serve')
    const topic = 'team'
    const people = await listeners(topic, 60)
    const senders = people.slice(0, 30)
    // Each broadcast is 60 messages (itself and 59 deliveries): the stack's rate in all, each
    // sender well under its connection's limit.
    const perSecond = Math.floor(limits.maxEventsPerSecond / 60 / senders.length)
    expect(perSecond * 60).toBeLessThan(limits.clientMaxEventsPerSecond)
    const seconds = 4
    let n = 0
    for (let second = 0; second < seconds; second++) {
      const started = Date.now()
      for (const sender of senders) for (let i = 0; i < perSecond; i++) send(sender, topic, n++)
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started)))
      )
    }
    const sent = senders.length * perSecond * seconds
    const own = perSecond * seconds
    await until(() => people.every((p, i) => p.heard === (i < senders.length ? sent - own : sent)))
    expect(people.flatMap((p) => p.ended)).toEqual([])
    expect(sent * 60).toBeGreaterThanOrEqual(limits.maxEventsPerSecond * seconds * 0.95)
  }, 120_000)

  it('cuts off a flooding client alone; the others, supabase-js too, keep receiving', async () => {
    const topic = 'flood'
    const [flooder, steady, ...others] = await listeners(topic, 20)
    const heardByJs: number[] = []
    const js: SupabaseClient = createClient(serve.url, serve.stack.keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
    const statuses: string[] = []
    await new Promise<void>((resolve) => {
      js.channel(topic)
        .on('broadcast', { event: 'tick' }, ({ payload }) => heardByJs.push(payload.n as number))
        .subscribe((status) => {
          statuses.push(status)
          if (status === 'SUBSCRIBED') resolve()
        })
    })

    // 2,000 broadcasts at once to 21 others: far over one connection's limit.
    for (let i = 0; i < 2000; i++) send(flooder!, topic, -1)
    const closed = await flooder!.client.closed
    expect(closed.code).toBe(1000)
    expect(flooder!.ended).toEqual([
      [
        flooder!.joinRef,
        null,
        `realtime:${topic}`,
        'system',
        {
          extension: 'system',
          status: 'error',
          message: 'Too many messages per second',
          channel: topic,
        },
      ],
      [flooder!.joinRef, flooder!.joinRef, `realtime:${topic}`, 'phx_close', {}],
    ])
    // The flood stopped short: what got through before the cut-off stays under the limit.
    const limits = limitsFromEnv(process.env, 'serve')
    expect(steady!.heard).toBeLessThanOrEqual(Math.ceil((2 * limits.clientMaxEventsPerSecond) / 21))

    // Everyone else is still there and hears the next messages.
    const before = [steady!, ...others].map((p) => p.heard)
    const sender = others[0]!
    for (let i = 0; i < 5; i++) send(sender, topic, 1000 + i)
    await until(() =>
      [steady!, ...others].every((p, i) => p.heard === before[i]! + (p === sender ? 0 : 5))
    )
    await until(() => heardByJs.filter((n) => n >= 1000).length === 5)
    expect([steady!, ...others].flatMap((p) => p.ended)).toEqual([])
    expect(statuses).toEqual(['SUBSCRIBED'])
    for (const p of [steady!, ...others]) expect(p.client.ws.readyState).toBe(ws.OPEN)
    await js.removeAllChannels()
  }, 60_000)
})
