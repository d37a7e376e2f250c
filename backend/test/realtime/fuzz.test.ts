// A fuzz test of frames: thousands of malformed, truncated, oversized and random-but-plausible
// frames from several connections (both serializers). The service must not crash, must keep
// answering, and must never deliver anything to a channel its policy does not open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../support/seeded-random.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'
import type { TestUser } from './helpers.ts'
import { RawClient, socketUrl } from './raw-client.ts'

const SCHEMA = `
create policy "owner reads the vault" on realtime.messages for select to authenticated
  using ((select realtime.topic()) = 'vault' and (select auth.uid()) = '00000000-0000-0000-0000-0000000000aa');
create policy "owner writes the vault" on realtime.messages for insert to authenticated
  with check ((select realtime.topic()) = 'vault' and (select auth.uid()) = '00000000-0000-0000-0000-0000000000aa');
`
const OWNER = '00000000-0000-0000-0000-0000000000aa'

let stack: TestStack
let owner: TestUser
let ownerAgain: TestUser

beforeAll(async () => {
  process.env.CHANNEL_ERROR_BACKOFF_MS = '0'
  try {
    stack = await startTestStack({ migrations: { '20240101000000_vault.sql': SCHEMA } })
  } finally {
    delete process.env.CHANNEL_ERROR_BACKOFF_MS
  }
  owner = await makeUser(stack, { id: OWNER })
  ownerAgain = await makeUser(stack, { id: OWNER })
})

afterAll(async () => {
  await stack?.stop()
})

/** A small seeded generator, so a failure can be replayed from its seed. */
function generator(seed: number) {
  const next = seededRandom(seed)
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  return { next, int, pick }
}

type Gen = ReturnType<typeof generator>

const TOPICS = [
  'realtime:vault',
  'realtime:fuzz',
  'realtime:',
  'phoenix',
  'realtime:x'.repeat(40),
  '',
  'other',
]
const EVENTS = [
  'phx_join',
  'phx_leave',
  'broadcast',
  'presence',
  'access_token',
  'heartbeat',
  'postgres_changes',
  'phx_reply',
  '',
  '💥',
]

function value(gen: Gen, depth = 0): unknown {
  switch (gen.int(depth > 3 ? 5 : 8)) {
    case 0:
      return null
    case 1:
      return gen.int(1e6) - 5e5
    case 2:
      return gen.pick([
        '',
        'a',
        'true',
        'false',
        '*',
        'INSERT',
        'x'.repeat(gen.int(300)),
        '\u0000',
        '\ud800',
      ])
    case 3:
      return gen.next() < 0.5
    case 4:
      return gen.next() * 1e308
    case 5:
      return Array.from({ length: gen.int(4) }, () => value(gen, depth + 1))
    default: {
      const keys = [
        'config',
        'broadcast',
        'presence',
        'private',
        'postgres_changes',
        'access_token',
        'type',
        'event',
        'payload',
        'self',
        'ack',
        'key',
        'table',
        'schema',
        'filter',
        'replay',
      ]
      const object: Record<string, unknown> = {}
      for (let i = gen.int(5); i > 0; i--) object[gen.pick(keys)] = value(gen, depth + 1)
      return object
    }
  }
}

function plausiblePayload(gen: Gen, event: string): unknown {
  switch (event) {
    case 'phx_join':
      return {
        config: {
          private: gen.pick([true, false, 'true', 'nope', null]),
          broadcast: {
            self: value(gen),
            ack: value(gen),
            replay: gen.next() < 0.2 ? value(gen) : undefined,
          },
          presence: { key: value(gen), enabled: value(gen) },
          postgres_changes: gen.pick([
            [],
            [{ event: '*', schema: 'public', table: 'nope' }],
            [{ event: value(gen), schema: value(gen), table: value(gen), filter: value(gen) }],
            value(gen),
          ]),
        },
        access_token: gen.pick([undefined, 'garbage', 'a.b.c', 'sb_x', value(gen)]),
      }
    case 'broadcast':
      return { type: 'broadcast', event: value(gen), payload: value(gen) }
    case 'presence':
      return {
        type: 'presence',
        event: gen.pick(['track', 'untrack', 'TRACK', value(gen)]),
        payload: value(gen),
      }
    case 'access_token':
      return { access_token: gen.pick(['garbage', '', 'sb_key', value(gen)]) }
    default:
      return value(gen)
  }
}

function textFrame(gen: Gen, vsn: '1.0.0' | '2.0.0'): string {
  const event = gen.pick(EVENTS)
  const topic = gen.pick(TOPICS)
  const ref = gen.pick([null, String(gen.int(50)), gen.int(50), {}, []])
  const payload = plausiblePayload(gen, event)
  switch (gen.int(8)) {
    case 0:
      return Buffer.from(Array.from({ length: gen.int(64) }, () => gen.int(256))).toString('latin1')
    case 1:
      return JSON.stringify(value(gen))
    case 2:
      return '['.repeat(5000) + ']'.repeat(gen.next() < 0.5 ? 5000 : 10)
    case 3:
      return JSON.stringify([ref, ref, topic, event, payload]).slice(0, gen.int(60))
    default:
      return vsn === '2.0.0'
        ? JSON.stringify([ref, ref, topic, event, payload])
        : JSON.stringify({ topic, event, payload, ref, join_ref: ref })
  }
}

function binaryFrame(gen: Gen): Buffer {
  if (gen.next() < 0.3) return Buffer.from(Array.from({ length: gen.int(40) }, () => gen.int(256)))
  const parts = [
    gen.pick(['', '1', '99']),
    String(gen.int(100)),
    gen.pick(TOPICS),
    gen.pick(['cursor', '', 'e'.repeat(gen.int(300))]),
    gen.pick(['', '{"persist":true}', '{bad']),
  ].map((p) => Buffer.from(p))
  const header = [
    gen.pick([3, 3, 3, 4, 0, 1, 2, 200]),
    ...parts.map((p) => (gen.next() < 0.1 ? gen.int(256) : p.length & 0xff)),
    gen.pick([0, 1, 1, 7]),
  ]
  const payload = Buffer.from(
    gen.pick(['{"x":1}', '{broken', '', '\u0000\u0001', JSON.stringify(value(gen))])
  )
  const frame = Buffer.concat([Buffer.from(header), ...parts, payload])
  return gen.next() < 0.2 ? frame.subarray(0, gen.int(frame.length)) : frame
}

describe('fuzzing frames', () => {
  it('survives thousands of hostile frames and leaks nothing to a private channel', async () => {
    const vault = new Collector<unknown>()
    const watcher = owner.client
      .channel('vault', { config: { private: true } })
      .on('broadcast', { event: '*' }, vault.push)
    await subscribed(watcher)

    const seed = Date.now() % 100000
    const connections = await Promise.all(
      (['2.0.0', '2.0.0', '1.0.0', '2.0.0'] as const).map(async (vsn, i) => {
        const client = await RawClient.connect(socketUrl(stack.url, stack.anonKey, vsn))
        return { client, vsn, gen: generator(seed + i) }
      })
    )
    for (let round = 0; round < 1500; round++) {
      for (const { client, vsn, gen } of connections) {
        if (client.ws.readyState !== client.ws.OPEN) continue
        if (vsn === '2.0.0' && gen.next() < 0.3) client.sendBinary(binaryFrame(gen))
        else client.sendText(textFrame(gen, vsn))
      }
    }
    // Each connection still open answers a heartbeat once it has worked through its frames.
    for (const { client, vsn } of connections) {
      if (client.ws.readyState !== client.ws.OPEN) continue
      if (vsn === '2.0.0') {
        // A ref no fuzzed frame used.
        client.sendText(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]))
        expect((await client.reply('hb'))[4], `seed ${seed}`).toEqual({
          status: 'ok',
          response: {},
        })
      } else {
        client.sendText(
          JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' })
        )
        await client.received.until((items) =>
          items.some((r) => (r.message as { ref?: string })?.ref === 'hb')
        )
      }
      client.close()
    }

    // The private channel got nothing from the fuzzers, and still works for its owner.
    const sender = ownerAgain.client.channel('vault', { config: { private: true } })
    await subscribed(sender)
    await sender.send({ type: 'broadcast', event: 'legit', payload: { ok: true } })
    const [first] = await vault.count(1)
    expect(first, `seed ${seed}`).toEqual({
      type: 'broadcast',
      event: 'legit',
      payload: { ok: true },
    })

    // A fresh connection is served as usual.
    const fresh = await RawClient.connect(socketUrl(stack.url, stack.anonKey))
    const ref = fresh.push(null, 'phoenix', 'heartbeat', {})
    expect((await fresh.reply(ref))[4]).toEqual({ status: 'ok', response: {} })
    fresh.close()
  })
})
