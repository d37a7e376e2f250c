// A morning's sign-in storm (issue 72): N people of a team open Chorus within W seconds, each
// joining the five private topics the app joins on opening (person.ts: live:user, live:workspace,
// live:channel and channel:<open> for typing, workspace:<ws> with presence), against `serve`'s
// stack. Prints how many joins the stack answered, refused ("ClientJoinRateLimitReached") and
// in how long, the busiest second's joins, and how many people were fully joined in the end
// (realtime-js reconnecting and rejoining by itself after a refusal, as it does in the app).
//   node --import tsx bench/team/joins.ts --people 400 --within 0       # everyone at once
//   node --import tsx bench/team/joins.ts --people 400 --within 12      # spread over 12 s
//   BENCH_TENANT_MAX_JOINS_PER_SECOND=1000000 node --import tsx bench/team/joins.ts  # limit lifted
// Opens are spread uniformly at random over the window; the load generator (this process) runs
// on the same cores as the stack.
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import ws from 'ws'
import type { StackInfo } from '../realtime/clients.ts'
import { spawnStackChild, stopProcess } from '../support/processes.ts'
import { makeWorld, random } from './world.ts'
import type { Person } from './profile.ts'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '400' },
    within: { type: 'string', default: '0' },
    'give-up': { type: 'string', default: '90' },
  },
})
const size = Number(values.people)
const withinMs = Number(values.within) * 1000
const giveUpMs = Number(values['give-up']) * 1000
const LIMIT_REASON = 'ClientJoinRateLimitReached'

interface Tally {
  ok: number[]
  refused: number
  otherErrors: string[]
  /** Each person's time from opening to all five topics joined. */
  allJoinedMs: number[]
}

function topics(person: Person): { topic: string; presence: boolean }[] {
  return [
    { topic: `live:user:${person.id}`, presence: false },
    { topic: `live:workspace:${person.workspaceId}`, presence: false },
    { topic: `live:channel:${person.open}`, presence: false },
    { topic: `channel:${person.open}`, presence: false },
    { topic: `workspace:${person.workspaceId}`, presence: true },
  ]
}

async function open(
  person: Person,
  info: StackInfo,
  tally: Tally,
  clients: SupabaseClient[]
): Promise<void> {
  const client = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    accessToken: async () => person.token,
  })
  clients.push(client)
  await client.realtime.setAuth()
  const started = performance.now()
  await Promise.all(
    topics(person).map(
      ({ topic, presence }) =>
        new Promise<void>((resolve) => {
          let joined = false
          const channel: RealtimeChannel = client.channel(topic, {
            config: presence ? { private: true, presence: { key: person.id } } : { private: true },
          })
          channel.subscribe((status, error) => {
            if (status === 'SUBSCRIBED') {
              tally.ok.push(performance.now())
              if (!joined) resolve()
              joined = true
            } else if (status === 'CHANNEL_ERROR' && error?.message.startsWith(LIMIT_REASON)) {
              tally.refused++
            } else if (
              status === 'CHANNEL_ERROR' &&
              error &&
              !/close|transport/i.test(error.message)
            ) {
              tally.otherErrors.push(`${topic}: ${error.message}`)
            }
          })
        })
    )
  )
  tally.allJoinedMs.push(performance.now() - started)
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

const here = path.dirname(fileURLToPath(import.meta.url))
const { child, info } = await spawnStackChild<StackInfo>(path.join(here, 'stack-child.ts'))
const sql = postgres(info.dbUrl, { max: 2, onnotice: () => {} })
const clients: SupabaseClient[] = []
try {
  const world = await makeWorld(info, sql, size)
  const tally: Tally = { ok: [], refused: 0, otherErrors: [], allJoinedMs: [] }
  const rand = random(7)
  const start = performance.now()
  const opens = world.people.map(
    (person) =>
      new Promise<void>((resolve) => {
        setTimeout(
          () =>
            void open(person, info, tally, clients).then(resolve, (error: unknown) => {
              tally.otherErrors.push(String(error))
              resolve()
            }),
          rand() * withinMs
        )
      })
  )
  await Promise.race([
    Promise.all(opens),
    new Promise((resolve) => setTimeout(resolve, withinMs + giveUpMs)),
  ])
  const elapsed = performance.now() - start
  const buckets = new Map<number, number>()
  for (const t of tally.ok) {
    const second = Math.floor((t - start) / 1000)
    buckets.set(second, (buckets.get(second) ?? 0) + 1)
  }
  const last = Math.max(...tally.ok) - start
  const all = [...tally.allJoinedMs].sort((a, b) => a - b)
  console.log(
    `joins storm: ${size} people x 5 topics, opened within ${withinMs / 1000} s, ` +
      `TENANT_MAX_JOINS_PER_SECOND ${process.env.BENCH_TENANT_MAX_JOINS_PER_SECOND ?? "serve's default"}`
  )
  console.log(
    `  joins answered ok ${tally.ok.length}, refused by the limit ${tally.refused}, ` +
      `other errors ${tally.otherErrors.length}${tally.otherErrors[0] ? ` (${tally.otherErrors[0]})` : ''}`
  )
  console.log(
    `  the last join at ${(last / 1000).toFixed(2)} s: ${((tally.ok.length / last) * 1000).toFixed(0)} joins/s on average, ` +
      `the busiest second ${Math.max(...buckets.values())}`
  )
  console.log(
    `  people with all five joined: ${all.length} of ${size}; opening to all joined ` +
      `p50 ${quantile(all, 0.5).toFixed(0)} ms, p99 ${quantile(all, 0.99).toFixed(0)} ms, ` +
      `max ${(all.at(-1) ?? NaN).toFixed(0)} ms (run ${(elapsed / 1000).toFixed(1)} s)`
  )
} finally {
  await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
  for (const c of clients) c.realtime.disconnect()
  await sql.end({ timeout: 2 })
  await stopProcess(child)
}
process.exit(0)
