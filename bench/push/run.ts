// From a mention to the push service's request (issue 72, item 5). For each size, a workspace of
// N people (bench/team/world.ts), each but the sender with one device; nobody active, so nothing
// waits for the read-elsewhere delay. The sender mentions one person per message in #general
// through REST (send_message), at a steady rate.
// - Under `serve` (default; the team bench's stack child: production mode, its own keys and
//   VAPID pair) the function may not reach this machine (its outbound guard refuses loopback
//   and private addresses in production), so the device's endpoint is here and the push is
//   refused at the moment it is sent: counted is the message's created_at to the push's
//   failed_at, both the database's clock (the function reports each push once tried).
// - With BENCH_STACK=start (the development stack, CHORUS_OUTBOUND_ALLOW_LOOPBACK=1 as the tests
//   run it), the endpoint is a push service in this process: counted is from just before the
//   request to the push service receiving that person's encrypted push.
// Prints p50/p95/p99/max and how many never arrived (within 30 s).
//   npm run bench:push [-- --people 100,1000 --mentions 200 --rate 10]
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { loadavg } from 'node:os'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import ws from 'ws'
import type { StackInfo } from '../realtime/clients.ts'
import { spawnStackChild } from '../support/processes.ts'
import { makeWorld } from '../team/world.ts'

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '100,1000' },
    mentions: { type: 'string', default: '200' },
    rate: { type: 'string', default: '10' },
  },
})
const sizes = values.people.split(',').map(Number)
const mentions = Number(values.mentions)
const rate = Number(values.rate)
const here = path.dirname(fileURLToPath(import.meta.url))
const WAIT_MS = 30_000
const DEVELOPMENT = process.env.BENCH_STACK === 'start'

/** A push service that notes when each endpoint path was first posted to. */
async function pushService() {
  const arrived = new Map<string, number>()
  let waiter: (() => void) | null = null
  const server = createServer((req, res) => {
    const at = performance.now()
    req.resume()
    req.on('end', () => {
      const p = (req.url ?? '').split('?')[0]!
      if (!arrived.has(p)) arrived.set(p, at)
      res.writeHead(201).end()
      waiter?.()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    /** Resolves when `count` paths have arrived or `ms` passed. */
    until: (count: number, ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          waiter = null
          resolve()
        }
        waiter = () => {
          if (arrived.size >= count) done()
        }
        waiter()
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A device's keys as a browser makes them (P-256 pair, 16-byte auth secret): the function
 *  encrypts to them; nothing here decrypts. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN

async function run(size: number) {
  const service = await pushService()
  process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
  const { child, info } = await spawnStackChild<StackInfo>(
    path.join(here, '../team/stack-child.ts')
  )
  const sql = postgres(info.dbUrl, { max: 2, onnotice: () => {} })
  try {
    const world = await makeWorld(info, sql, size)
    const [sender, ...others] = world.people
    const [general] = await sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${world.workspaceId} and is_default`
    const devices = others.map((p) => ({ person: p, keys: deviceKeys() }))
    await sql`
      insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, device_name)
      select * from unnest(
        ${devices.map((d) => d.person.id)}::uuid[],
        ${devices.map((d) => `${service.url}/push/${d.person.id}`)}::text[],
        ${devices.map((d) => d.keys.p256dh)}::text[],
        ${devices.map((d) => d.keys.auth)}::text[],
        ${devices.map(() => 'Bench phone')}::text[])`
    const client = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
      accessToken: async () => sender!.token,
    })
    const count = Math.min(mentions, others.length)
    const sentAt = new Map<string, number>()
    const start = performance.now()
    for (let i = 0; i < count; i++) {
      const slot = start + (i * 1000) / rate
      const wait = slot - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const target = others[i]!
      sentAt.set(`/push/${target.id}`, performance.now())
      const { error } = await client.rpc('send_message', {
        p_id: randomUUID(),
        p_channel_id: general!.id,
        p_body: `<@${target.id}> ping ${i}`,
      })
      if (error) throw new Error(`send_message: ${error.message}`)
    }
    let times: number[]
    if (DEVELOPMENT) {
      await service.until(count, WAIT_MS)
      times = [...sentAt].flatMap(([p, t0]) =>
        service.arrived.has(p) ? [service.arrived.get(p)! - t0] : []
      )
    } else {
      const tried = () => sql<{ ms: number }[]>`
        select extract(epoch from q.failed_at - m.created_at) * 1000 as ms
        from private.push_queue q join public.messages m on m.id = q.message_id
        where m.channel_id = ${general!.id} and q.failed_at is not null`
      const deadline = performance.now() + WAIT_MS
      let rows = await tried()
      while (rows.length < count && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        rows = await tried()
      }
      times = rows.map((r) => Number(r.ms))
    }
    times.sort((a, b) => a - b)
    const ms = (n: number) => `${n.toFixed(0)} ms`
    console.log(
      `${DEVELOPMENT ? 'start' : 'serve'}: ${size} people, ${count} mentions at ${rate}/s: ` +
        `mention to the push service's request ` +
        `p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, ` +
        `p99 ${ms(quantile(times, 0.99))}, max ${ms(times.at(-1) ?? NaN)}; ` +
        `${count - times.length} not arrived within ${WAIT_MS / 1000} s`
    )
  } finally {
    await sql.end({ timeout: 2 })
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    await service.close()
  }
}

console.log(`bench:push ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(1)}`)
for (const size of sizes) await run(size)
