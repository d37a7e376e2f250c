// Realtime benchmarks, against the real stack started in a child process:
//   node --import tsx bench/realtime/run.ts [--subscribers 1000] [--receivers 1000] [--idle 5000]
//     [--members 1000] [--only fanout|broadcast|private|memory]
// - postgres_changes fan-out to N subscribers, each a distinct user under RLS: deliveries per
//   second and commit-to-receipt p50/p99 (targets: >= 10,000/s with p99 < 100 ms);
// - broadcast to N clients on one channel: deliveries per second and send-to-receipt p50/p99
//   (target p99 < 50 ms);
// - resident memory of the stack with N idle connections (target < 300 MB);
// - a team of N on one private channel: presence frames of a join storm, the stack's CPU idle
//   and per database broadcast, delivery latency.
// Each prints the baseline measured in the same run next to it.
import type { ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { broadcast } from './broadcast.ts'
import type { StackInfo } from './clients.ts'
import { fanout } from './fanout.ts'
import { idleMemory } from './memory.ts'
import { privateTeam } from './private.ts'
import { format } from './stats.ts'
import { spawnStackChild } from '../support/processes.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    receivers: { type: 'string', default: '1000' },
    idle: { type: 'string', default: '5000' },
    members: { type: 'string', default: '1000' },
    only: { type: 'string' },
  },
})

// BENCH_NODE_OPTIONS (e.g. --cpu-prof) applies to the stack's process only.
const startStackChild = () =>
  spawnStackChild<StackInfo>(
    path.join(here, 'stack-child.ts'),
    (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean)
  )

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

const line = (label: string, value: string, note = '') =>
  console.log(`  ${label.padEnd(34)} ${value.padStart(12)}   ${note}`)

/** Runs one bench against a fresh stack of its own. */
async function withStack<T>(bench: (info: StackInfo) => Promise<T>): Promise<T> {
  const { child, info } = await startStackChild()
  try {
    return await bench(info)
  } finally {
    await stopChild(child)
  }
}

async function loadAverage(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8')).split(' ')[0] ?? '?'
}

async function main() {
  const only = values.only
  console.log(`${availableParallelism()} cores, load average ${await loadAverage()} at start`)
  if (!only || only === 'fanout') {
    const subscribers = Number(values.subscribers)
    const result = await withStack((info) =>
      fanout(info, { subscribers, rates: [10, 20, 40], seconds: 5, burst: 200 })
    )
    console.log(
      `\npostgres_changes fan-out: ${result.subscribers} subscribers, each a distinct user under RLS`
    )
    for (const step of result.steps) {
      line(
        step.label,
        `${format(step.deliveriesPerSecond)}/s`,
        `p50 ${format(step.p50)} ms, p99 ${format(step.p99)} ms, ${step.deliveries}/${step.expected} delivered` +
          (step.short > 0 ? `, ${step.short} subscribers short` : '')
      )
    }
    const best = Math.max(...result.steps.map((s) => s.deliveriesPerSecond))
    line(
      'hosted method (lookup per pair)',
      `${format(result.baselineChecksPerSecond)}/s`,
      'RLS checks alone, same database and users'
    )
    line(
      'ratio, best fan-out / hosted method',
      `${format(best / result.baselineChecksPerSecond, 1)}x`
    )
  }
  if (!only || only === 'broadcast') {
    const result = await withStack((info) =>
      broadcast(info, { receivers: Number(values.receivers), rates: [10, 50, 100], seconds: 5 })
    )
    console.log(`\nbroadcast: ${result.receivers} clients on one channel`)
    for (const step of result.steps) {
      line(
        `${step.label} (stack)`,
        `${format(step.deliveriesPerSecond)}/s`,
        `p50 ${format(step.p50, 1)} ms, p99 ${format(step.p99, 1)} ms, ${step.deliveries}/${step.expected} delivered`
      )
      const base = step.baseline
      line(
        `${step.label} (bare ws fan-out)`,
        `${format(base.deliveriesPerSecond)}/s`,
        `p50 ${format(base.p50, 1)} ms, p99 ${format(base.p99, 1)} ms`
      )
    }
  }
  if (!only || only === 'private') {
    const r = await withStack((info) =>
      privateTeam(info, { members: Number(values.members), rate: 10, seconds: 5 })
    )
    const n = r.members
    console.log(`\na team on one private channel: ${n} members, each a distinct user under RLS`)
    line(
      'presence join storm',
      `${r.diffFrames} frames`,
      `one diff per join would be ${format((n * (n + 1)) / 2)}; all see all after ${format(r.convergedMs)} ms`
    )
    line('stack CPU, idle', `${format(r.idleCpu, 1)} %`, 'of one core, PostgreSQL included')
    line(
      'stack CPU, a commit every 100 ms',
      `${format(r.busyDatabaseCpu, 1)} %`,
      'private channels re-checked'
    )
    line(
      `database broadcasts, ${r.broadcasts}`,
      `${format(r.msPerBroadcast, 2)} ms`,
      `CPU per broadcast beyond that (${format(r.usPerDelivery, 1)} µs per delivery)`
    )
    line(
      'delivery',
      `p99 ${format(r.p99)} ms`,
      `p50 ${format(r.p50)} ms, ${r.deliveries}/${r.expected} delivered`
    )
  }
  if (!only || only === 'memory') {
    const result = await withStack((info) => idleMemory(info, { connections: Number(values.idle) }))
    console.log(
      `\nmemory with ${result.connections} idle connections (each a user joined to a channel)`
    )
    line('stack process RSS, no connections', `${format(result.before.nodeRss)} MB`)
    line('stack process RSS, connected', `${format(result.after.nodeRss)} MB`, 'target < 300 MB')
    line('per connection', `${format(result.perConnectionKb, 1)} KB`)
    line(
      'stack + PostgreSQL, PSS, connected',
      `${format(result.after.treePss)} MB`,
      `(${format(result.before.treePss)} MB with none)`
    )
  }
  console.log(`\nload average ${await loadAverage()} at the end`)
}

await main()
