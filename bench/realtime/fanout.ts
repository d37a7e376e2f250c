// Postgres changes fan-out: N subscribers, each a distinct user under RLS (members of the room
// the messages go to), on one channel listening to inserts with a row filter. Rows are inserted
// at fixed rates, then as fast as one connection commits them; every delivery's latency is
// measured from the change's commit_timestamp to its receipt. The baseline is the hosted
// service's RLS method on the same database and users: one lookup per (change, subscriber).
import { randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { BenchClient, paced, socketUrl, userToken } from './clients.ts'
import type { StackInfo } from './clients.ts'
import { ROOM } from './schema.ts'
import { percentile } from './stats.ts'

export interface FanoutStep {
  label: string
  rows: number
  deliveries: number
  expected: number
  /** Subscribers that did not get every row of the step (0 when all arrived). */
  short: number
  deliveriesPerSecond: number
  p50: number
  p99: number
}

export interface FanoutResult {
  subscribers: number
  steps: FanoutStep[]
  baselineChecksPerSecond: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function fanout(
  stack: StackInfo,
  options: { subscribers: number; rates: number[]; seconds: number; burst: number }
): Promise<FanoutResult> {
  const sql = postgres(stack.dbUrl, { max: 4, onnotice: () => {} })
  const users = Array.from({ length: options.subscribers }, () => randomUUID())
  await sql`insert into public.room_members ${sql(users.map((user_id) => ({ room_id: ROOM, user_id })))}`
  const author = users[0] as string

  let latencies = new Float64Array(1 << 20)
  let count = 0
  let lastReceipt = 0
  const perClient = new Uint32Array(users.length)
  const receiver = (index: number) => (frame: unknown[], receivedAt: number) => {
    if (frame[3] !== 'postgres_changes') return
    const data = (frame[4] as { data: { commit_timestamp: string } }).data
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2)
      bigger.set(latencies)
      latencies = bigger
    }
    latencies[count++] = receivedAt - Date.parse(data.commit_timestamp)
    perClient[index] = (perClient[index] ?? 0) + 1
    lastReceipt = receivedAt
  }

  const url = socketUrl(stack)
  const change = {
    event: 'INSERT',
    schema: 'public',
    table: 'messages',
    filter: `room_id=eq.${ROOM}`,
  }
  const clients = await paced(users, 50, 400, async (user, index) => {
    const client = await BenchClient.connect(url)
    const live = new Promise<void>((resolve, reject) => {
      client.onSystem = (payload) => {
        if (payload.extension !== 'postgres_changes') return
        if (payload.status === 'ok') resolve()
        else reject(new Error(String(payload.message)))
      }
    })
    await client.join(`realtime:room-${ROOM}`, {
      config: { postgres_changes: [change], broadcast: { self: false }, presence: { key: '' } },
      access_token: userToken(stack.jwtSecret, user),
    })
    await live
    client.onData = receiver(index)
    return client
  })

  const steps: FanoutStep[] = []
  const measure = async (label: string, insert: () => Promise<number>) => {
    count = 0
    perClient.fill(0)
    const firstCommit = Date.now()
    const rows = await insert()
    const expected = rows * clients.length
    const deadline = Date.now() + 10_000
    while (count < expected && Date.now() < deadline) await sleep(20)
    const sample = latencies.subarray(0, count)
    steps.push({
      label,
      rows,
      deliveries: count,
      expected,
      short: perClient.filter((n) => n < rows).length,
      deliveriesPerSecond: count / Math.max(0.001, (lastReceipt - firstCommit) / 1000),
      p50: percentile(sample, 50),
      p99: percentile(sample, 99),
    })
    await sleep(500)
  }

  // Warm-up: plans, caches and the JIT settle before measuring.
  await measure('warm-up', async () => {
    for (let i = 0; i < 5; i++) {
      await sql`insert into public.messages (room_id, author, body) values (${ROOM}, ${author}, 'warm-up')`
    }
    return 5
  })
  steps.length = 0

  for (const rate of options.rates) {
    await measure(`${rate} rows/s`, async () => {
      const total = rate * options.seconds
      const began = Date.now()
      for (let i = 0; i < total; i++) {
        const wait = began + (i * 1000) / rate - Date.now()
        if (wait > 0) await sleep(wait)
        await sql`insert into public.messages (room_id, author, body) values (${ROOM}, ${author}, ${`row ${i}`})`
      }
      return total
    })
  }
  await measure(`burst of ${options.burst} rows`, async () => {
    for (let i = 0; i < options.burst; i++) {
      await sql`insert into public.messages (room_id, author, body) values (${ROOM}, ${author}, ${`burst ${i}`})`
    }
    return options.burst
  })

  for (const client of clients) client.close()

  // The hosted method on the same rows and users: a lookup per (change, subscriber) pair.
  const ids = (
    await sql<{ id: string }[]>`select id from public.messages order by id desc limit 20`
  ).map((r) => r.id)
  const claims = users.map((sub) =>
    JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated' })
  )
  const began = performance.now()
  const [{ visible } = { visible: 0 }] = await sql<{ visible: number }[]>`
    select public.bench_per_subscriber_checks(${ids}::bigint[], ${claims}::text[]) as visible
  `
  const seconds = (performance.now() - began) / 1000
  if (visible !== ids.length * users.length) throw new Error(`the baseline saw ${visible} rows`)
  await sql.end()
  return {
    subscribers: clients.length,
    steps,
    baselineChecksPerSecond: (ids.length * users.length) / seconds,
  }
}
