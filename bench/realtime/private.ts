// A team on one private channel, as Chorus uses Realtime: N members, each a distinct user with
// a JWT of its own, join the private topic room-1 (authorized by RLS on realtime.messages) with
// presence and track themselves, all at once; then the database broadcasts to the topic
// (realtime.send, as Chorus's triggers do). Measured: the presence frames of the join storm
// against the N² of one diff per join to every member, the stack's CPU (its process and its
// PostgreSQL) idle with the N private channels open, with the database busy, and per broadcast,
// and each delivery's latency from the send to its receipt.
import { randomUUID } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import postgres from 'postgres'
import { BenchClient, paced, socketUrl, userToken } from './clients.ts'
import type { StackInfo } from './clients.ts'
import { ROOM } from './schema.ts'
import { percentile } from './stats.ts'

export interface PrivateResult {
  members: number
  /** presence_diff frames received by all members during the join storm. */
  diffFrames: number
  /** Milliseconds from the first join until every member sees every other. */
  convergedMs: number
  /** CPU of the stack and its PostgreSQL, in % of one core. */
  idleCpu: number
  busyDatabaseCpu: number
  broadcasts: number
  deliveries: number
  expected: number
  p50: number
  p99: number
  /** CPU time per broadcast beyond idle, in ms, and per delivery, in µs. */
  msPerBroadcast: number
  usPerDelivery: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const TICKS_PER_SECOND = 100

/** CPU seconds used so far by a process and its descendants (utime + stime). */
async function treeCpuSeconds(pid: number): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      stats.set(Number(entry), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      })
    } catch {
      // ended meanwhile
    }
  }
  const tree = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const [child, { parent }] of stats) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child)
        grew = true
      }
    }
  }
  let ticks = 0
  for (const member of tree) ticks += stats.get(member)?.ticks ?? 0
  return ticks / TICKS_PER_SECOND
}

/** % of one core the stack used while `during` ran. */
async function cpuDuring(pid: number, during: () => Promise<unknown>) {
  const cpu = await treeCpuSeconds(pid)
  const began = performance.now()
  await during()
  const seconds = (performance.now() - began) / 1000
  const used = (await treeCpuSeconds(pid)) - cpu
  return { used, seconds, percent: (100 * used) / seconds }
}

class Member {
  readonly keys = new Set<string>()
  diffFrames = 0
  latencies: number[] = []

  constructor(readonly client: BenchClient) {
    client.onData = (frame, receivedAt) => {
      const [, , , event, payload] = frame
      if (event === 'presence_state') {
        for (const key of Object.keys(payload)) this.keys.add(key)
      } else if (event === 'presence_diff') {
        this.diffFrames++
        const diff = payload as { joins: object; leaves: object }
        for (const key of Object.keys(diff.joins)) this.keys.add(key)
        for (const key of Object.keys(diff.leaves)) this.keys.delete(key)
      } else if (event === 'broadcast') {
        const t = (payload as { payload?: { t?: number } }).payload?.t ?? 0
        this.latencies.push(receivedAt - t)
      }
    }
  }
}

export async function privateTeam(
  stack: StackInfo,
  options: { members: number; rate: number; seconds: number }
): Promise<PrivateResult> {
  const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} })
  const users = Array.from({ length: options.members }, () => randomUUID())
  await sql`insert into public.room_members ${sql(users.map((user_id) => ({ room_id: ROOM, user_id })))}`
  const topic = `realtime:room-${ROOM}`
  const url = socketUrl(stack)

  const began = performance.now()
  const members = await paced(users, 50, 400, async (user) => {
    const client = await BenchClient.connect(url)
    const member = new Member(client)
    const joinRef = await client.join(topic, {
      config: {
        private: true,
        presence: { key: user, enabled: true },
        broadcast: { self: false },
        postgres_changes: [],
      },
      access_token: userToken(stack.jwtSecret, user),
    })
    await client.request(joinRef, topic, 'presence', {
      type: 'presence',
      event: 'track',
      payload: { user_id: user, online_at: new Date().toISOString() },
    })
    return member
  })
  const deadline = Date.now() + 60_000
  while (members.some((m) => m.keys.size < users.length) && Date.now() < deadline) await sleep(20)
  const convergedMs = performance.now() - began
  const diffFrames = members.reduce((sum, m) => sum + m.diffFrames, 0)

  await sleep(2000)
  const idle = await cpuDuring(stack.pid, () => sleep(5000))
  // A commit every 100 ms elsewhere in the database: the private channels' re-checks run.
  const busy = await cpuDuring(stack.pid, async () => {
    for (const stop = Date.now() + 5000; Date.now() < stop;) {
      await sql`insert into public.ticks default values`
      await sleep(100)
    }
  })

  for (const member of members) member.latencies = []
  const total = options.rate * options.seconds
  const sending = await cpuDuring(stack.pid, async () => {
    const start = Date.now()
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / options.rate - Date.now()
      if (wait > 0) await sleep(wait)
      await sql`select realtime.send(${sql.json({ t: Date.now(), i })}, 'message', ${`room-${ROOM}`}, true)`
    }
    const until = Date.now() + 10_000
    const expected = total * members.length
    while (members.reduce((n, m) => n + m.latencies.length, 0) < expected && Date.now() < until) {
      await sleep(20)
    }
  })
  const latencies = members.flatMap((m) => m.latencies)
  // Broadcasts are sent in their own transactions: beyond idle is the commit, the fan-out and
  // the re-checks the commits cause (as on a busy database).
  const beyond = sending.used - (busy.percent / 100) * sending.seconds
  for (const member of members) member.client.close()
  await sql.end()
  return {
    members: members.length,
    diffFrames,
    convergedMs,
    idleCpu: idle.percent,
    busyDatabaseCpu: busy.percent,
    broadcasts: total,
    deliveries: latencies.length,
    expected: total * members.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    msPerBroadcast: (1000 * beyond) / total,
    usPerDelivery: (1_000_000 * beyond) / (total * members.length),
  }
}
