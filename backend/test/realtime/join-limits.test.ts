// Joins per second (issue 72): the stack's (TENANT_MAX_JOINS_PER_SECOND) and each connection's
// own (CLIENT_MAX_JOINS_PER_SECOND). A join over either is refused with the real server's reason
// and its socket closed; a connection over its own rate is cut off alone, before it spends the
// joins everyone shares; once the second has passed, joins are answered again, and a supabase-js
// client that was refused ends up joined and hearing broadcasts (realtime-js reconnects and
// rejoins by itself). Real stack, real WebSockets and supabase-js on loopback; every wait is for
// a frame or a status, never for time.
import type { RealtimeChannel } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector } from './helpers.ts'
import { RawClient, socketUrl } from './raw-client.ts'

const REFUSED = {
  status: 'error',
  response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
}
const LIMITS = {
  TENANT_MAX_JOINS_PER_SECOND: '4',
  CLIENT_MAX_JOINS_PER_SECOND: '2',
  CHANNEL_ERROR_BACKOFF_MS: '10',
}

let stack: TestStack
const sockets: RawClient[] = []

beforeAll(async () => {
  Object.assign(process.env, LIMITS)
  try {
    stack = await startTestStack()
  } finally {
    for (const name of Object.keys(LIMITS)) delete process.env[name]
  }
})

afterAll(async () => {
  for (const socket of sockets) socket.terminate()
  await stack?.stop()
})

async function connect(): Promise<RawClient> {
  const client = await RawClient.connect(socketUrl(stack.url, stack.anonKey))
  sockets.push(client)
  return client
}

/** Resolves once the clock has passed `time` (ms since the epoch); at once if it has. */
const until = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now() + 1)))

const status = (reply: unknown[]) => (reply[4] as { status: string }).status

/** Joins on fresh sockets until one is answered ok: the second's joins have been freed. */
async function joinOnceFreed(topic: string): Promise<{ client: RawClient; tries: number }> {
  for (let tries = 1; ; tries++) {
    const client = await connect()
    const { reply } = await client.join(topic)
    if (status(reply) === 'ok') return { client, tries }
    expect(reply[4]).toEqual(REFUSED)
    await client.closed // refused: the server closes the socket, the next try follows that
  }
}

describe('joins per second', () => {
  it("cuts off a connection over its own rate alone, then refuses everyone over the stack's, then answers again", async () => {
    // One client joining in a loop: its third join in the second is refused, its socket closed.
    const runaway = await connect()
    const runawayReplies = []
    for (const name of ['r1', 'r2', 'r3']) {
      runawayReplies.push((await runaway.join(`realtime:${name}`)).reply)
    }
    expect(runawayReplies.map(status)).toEqual(['ok', 'ok', 'error'])
    expect(runawayReplies[2]?.[4]).toEqual(REFUSED)
    await runaway.closed

    // Another person is not refused for it: the stack has joins left (4 a second, 2 spent).
    const other = await connect()
    const otherReplies = []
    for (const name of ['o1', 'o2']) otherReplies.push((await other.join(`realtime:${name}`)).reply)
    expect(otherReplies.map(status)).toEqual(['ok', 'ok'])

    // The stack's 4 are spent: a third person's first join is refused, with the same reason.
    const third = await connect()
    const refused = await third.join('realtime:t1')
    expect(refused.reply[4]).toEqual(REFUSED)
    await third.closed

    // Later joins are answered: on a new socket, once the second has passed.
    const { tries } = await joinOnceFreed('realtime:t1')
    expect(tries).toBeGreaterThanOrEqual(1)
  })

  it(
    'a supabase-js client refused at its join ends up joined and hears broadcasts',
    { timeout: 60_000 },
    async () => {
      // Spend the stack's 4 joins of this second: two connections joining two topics each, all
      // answered ok in one go (the window then holds these four, made a moment ago). Joins the
      // first test made may still hold some of the window: a pass that is refused ends, and the
      // next starts once the second after its last answered join has passed, when the window is
      // empty (retrying at once would take each join as it frees and never get four together).
      for (let lastOk = 0; ;) {
        await until(lastOk + 1000)
        const pair = [await connect(), await connect()]
        let full = true
        for (const [i, client] of pair.entries()) {
          for (const name of ['a', 'b']) {
            // A refused join's socket is closed: nothing more is answered on it.
            const { reply } = await client.join(`realtime:f${i}${name}`)
            if (status(reply) === 'ok') lastOk = Date.now()
            else full = false
            if (!full) break
          }
          if (!full) break
        }
        if (full) break
        for (const client of pair) client.terminate()
      }

      // ...then the supabase-js client joins: refused, then joined again by realtime-js.
      const supabase = stack.client(stack.anonKey)
      const statuses = new Collector<string>()
      const heard = new Collector<unknown>()
      const channel: RealtimeChannel = supabase
        .channel('refused-then-joined')
        .on('broadcast', { event: 'hello' }, ({ payload }) => heard.push(payload))
      channel.subscribe((state, error) => {
        statuses.push(error ? `${state} ${error.message}` : state)
      })
      await statuses.until((items) => items.includes('SUBSCRIBED'))
      expect(statuses.items[0]).toBe(
        'CHANNEL_ERROR ClientJoinRateLimitReached: Too many joins per second'
      )

      const sent = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ topic: 'refused-then-joined', event: 'hello', payload: { n: 1 } }],
        }),
      })
      expect(sent.status).toBe(202)
      expect(await heard.count(1)).toEqual([{ n: 1 }])
      await supabase.removeAllChannels()
    }
  )
})
