// Memory soak: does the stack's memory keep growing under steady realtime load?
//   npm run bench:soak                      # 10 minutes
//   npm run bench:soak -- --seconds 60      # a short check
// 200 subscribers, each a distinct user under RLS, listen to postgres_changes on the room's
// messages; 50 senders, each another member with a user JWT, insert messages through REST
// (/rest/v1/messages) at 10 rows/s in all, so every row reaches all 200 subscribers. Every 10 s
// the stack's process RSS, its process tree's RSS and PSS (with PostgreSQL), its V8 heap as it
// runs and after a full collection (through the inspector), and the deliveries of the last 10 s
// are printed; at the end, the slope of each over the second half (MB/min): growth still going
// on there is what a leak looks like, a rise that levels off is not. The stack runs with its
// inspector open (inspected-stack.ts).
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { BenchClient, paced, socketUrl, userToken } from './clients.ts'
import type { StackInfo } from './clients.ts'
import { heapReader, startStackChild } from './inspected-stack.ts'
import type { HeapReading } from './inspected-stack.ts'
import { ROOM } from './schema.ts'
import { format, rssMb, treeMemory } from './stats.ts'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    subscribers: { type: 'string', default: '200' },
    senders: { type: 'string', default: '50' },
    rate: { type: 'string', default: '10' },
    interval: { type: 'string', default: '10' },
  },
})
const seconds = Number(values.seconds)
const subscriberCount = Number(values.subscribers)
const senderCount = Number(values.senders)
const rowsPerSecond = Number(values.rate)
const intervalMs = Number(values.interval) * 1000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Sample {
  at: number
  nodeRss: number
  treeRss: number
  treePss: number
  heapUsed: number
  retained: number
  external: number
  deliveries: number
  rows: number
}

/** Least-squares slope of y over x, per minute of x in ms. */
function slopePerMinute(points: { x: number; y: number }[]): number {
  const n = points.length
  if (n < 2) return NaN
  const mx = points.reduce((s, p) => s + p.x, 0) / n
  const my = points.reduce((s, p) => s + p.y, 0) / n
  let num = 0
  let den = 0
  for (const p of points) {
    num += (p.x - mx) * (p.y - my)
    den += (p.x - mx) ** 2
  }
  return (num / den) * 60_000
}

async function loadAverage(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8')).split(' ')[0] ?? '?'
}

async function soak(stack: StackInfo, child: ChildProcess, readHeap: () => Promise<HeapReading>) {
  const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} })
  const subscribers = Array.from({ length: subscriberCount }, () => randomUUID())
  const senders = Array.from({ length: senderCount }, () => randomUUID())
  const members = [...subscribers, ...senders].map((user_id) => ({ room_id: ROOM, user_id }))
  await sql`insert into public.room_members ${sql(members)}`
  // Senders write as themselves through REST: members may post to their rooms as themselves.
  await sql.unsafe(`
    create policy "members post to their rooms" on public.messages for insert to authenticated
      with check (author = (select auth.uid()) and exists (
        select 1 from public.room_members m
        where m.room_id = messages.room_id and m.user_id = (select auth.uid())
      ));
  `)

  let deliveries = 0
  const url = socketUrl(stack)
  const change = {
    event: 'INSERT',
    schema: 'public',
    table: 'messages',
    filter: `room_id=eq.${ROOM}`,
  }
  const clients = await paced(subscribers, 50, 400, async (user) => {
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
    client.onData = (frame) => {
      if (frame[3] === 'postgres_changes') deliveries++
    }
    return client
  })

  let rows = 0
  let failures = 0
  let running = true
  const restUrl = `${stack.apiUrl}/rest/v1/messages`
  const sender = async (user: string, index: number) => {
    const token = userToken(stack.jwtSecret, user)
    const every = (senderCount * 1000) / rowsPerSecond
    await sleep((index * every) / senderCount)
    for (let next = Date.now(); running; next += every) {
      const response = await fetch(restUrl, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify({ room_id: ROOM, author: user, body: `from ${index} at ${next}` }),
      })
      await response.arrayBuffer()
      if (response.status === 201) rows++
      else failures++
      const wait = next + every - Date.now()
      if (wait > 0) await sleep(wait)
    }
  }

  const samples: Sample[] = []
  const sample = async (began: number) => {
    const tree = await treeMemory(child.pid as number)
    const nodeRss = await rssMb(stack.pid)
    const heap = await readHeap()
    samples.push({
      at: Date.now() - began,
      nodeRss,
      treeRss: tree.rssMb,
      treePss: tree.pssMb,
      ...heap,
      deliveries,
      rows,
    })
  }

  console.log(
    `${subscriberCount} subscribers (postgres_changes, RLS), ${senderCount} senders (REST inserts), ` +
      `${rowsPerSecond} rows/s, ${seconds} s, load average ${await loadAverage()} at start\n`
  )
  console.log(
    '     time   stack RSS   tree RSS   tree PSS   heap used   retained   external   deliveries/s   rows/s'
  )
  const print = (s: Sample, previous: Sample | undefined) => {
    const span = previous ? (s.at - previous.at) / 1000 : 1
    const perSecond = previous ? (s.deliveries - previous.deliveries) / span : 0
    const rowsPerSecondSeen = previous ? (s.rows - previous.rows) / span : 0
    console.log(
      `  ${format(s.at / 1000).padStart(5)} s ${format(s.nodeRss).padStart(8)} MB ` +
        `${format(s.treeRss).padStart(7)} MB ${format(s.treePss).padStart(7)} MB ` +
        `${format(s.heapUsed).padStart(8)} MB ${format(s.retained).padStart(7)} MB ` +
        `${format(s.external).padStart(7)} MB ` +
        `${format(perSecond).padStart(14)} ${format(rowsPerSecondSeen, 1).padStart(8)}`
    )
  }

  const began = Date.now()
  await sample(began)
  print(samples[0] as Sample, undefined)
  const sending = Promise.all(senders.map(sender))
  while (Date.now() - began < seconds * 1000) {
    await sleep(Math.min(intervalMs, began + seconds * 1000 - Date.now()))
    await sample(began)
    print(samples[samples.length - 1] as Sample, samples[samples.length - 2])
  }
  running = false
  await sending
  await sleep(2000)
  const expected = rows * clients.length
  for (const client of clients) client.close()
  await sql.end()

  const first = samples[0] as Sample
  const last = samples[samples.length - 1] as Sample
  const secondHalf = samples.filter((s) => s.at >= last.at / 2)
  const slope = (pick: (s: Sample) => number) =>
    slopePerMinute(secondHalf.map((s) => ({ x: s.at, y: pick(s) })))
  const line = (label: string, value: string, note = '') =>
    console.log(`  ${label.padEnd(34)} ${value.padStart(12)}   ${note}`)
  console.log('')
  line('rows inserted through REST', String(rows), failures > 0 ? `${failures} refused` : '')
  line(
    'deliveries',
    String(deliveries),
    `${expected} expected, ${format(deliveries / ((last.at - first.at) / 1000))}/s on average`
  )
  for (const [label, pick] of [
    ['stack process RSS', (s: Sample) => s.nodeRss],
    ['stack + PostgreSQL RSS', (s: Sample) => s.treeRss],
    ['stack + PostgreSQL PSS', (s: Sample) => s.treePss],
    ['stack V8 heap used', (s: Sample) => s.heapUsed],
    ['stack V8 heap after a full GC', (s: Sample) => s.retained],
    ['stack external (Buffers)', (s: Sample) => s.external],
  ] as const) {
    const perMinute = slope(pick)
    line(
      label,
      `${format(pick(first))} -> ${format(pick(last))} MB`,
      `second half ${perMinute >= 0 ? '+' : ''}${format(perMinute, 2)} MB/min`
    )
  }
  // The heap kept after a full collection is what a leak grows; RSS follows the collector's
  // rhythm and PostgreSQL's RSS counts its shared buffers once per process that touched them.
  const retained = slope((s) => s.retained)
  console.log(
    retained > 0.5
      ? `\n  the heap kept after a full GC still grows in the second half (+${format(retained, 2)} MB/min)`
      : `\n  no growth of the heap kept after a full GC in the second half (${format(retained, 2)} MB/min)`
  )
  console.log(`  load average ${await loadAverage()} at the end`)
}

const { child, info, inspector } = await startStackChild()
const heap = await heapReader(inspector)
try {
  await soak(info, child, heap.read)
} finally {
  heap.close()
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
