// What one server holds: a simulated team on Chorus (its real schema and RPCs) against the stack
// in a process of its own, stepping the team's size up until delivery or the stack's CPU gives.
//   npm run bench:team                          # 25, 50, 100, 200, 400, 800 people, 60 s each
//   npm run bench:team -- --quick               # a smoke check: 4 and 8 people, fast rates
//   npm run bench:team -- --steps 100,150 --seconds 90 --generators 2
//   npm run bench:team -- --keep-going          # every step, also after one failed
// Each step: a fresh workspace of N people (world.ts), shared among the load generator processes
// (generator.ts), each person a supabase-js client behaving as the app does (person.ts); a
// warm-up, then a window in which every message's delivery to every other viewer of its channel
// is timed (send start to live receipt), the stack's CPU (its process and its PostgreSQL's, from
// /proc) and the generators' are read, and the stack's memory at the end. A step passes when
// p99 < 100 ms, the stack's CPU < 70% of the machine's cores and every delivery arrived.
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { cpus } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import type { StackInfo } from '../realtime/clients.ts'
import { format, percentile, treeMemory } from '../realtime/stats.ts'
import { loadAverage, treeCpuSeconds } from './cpu.ts'
import type { Command, Report, Reply } from './generator.ts'
import { RATES, now } from './profile.ts'
import { makeWorld } from './world.ts'
import { spawnStackChild } from '../support/processes.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    steps: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    generators: { type: 'string', default: '2' },
    'keep-going': { type: 'boolean', default: false },
  },
})
const quick = values.quick
const steps = (values.steps ?? (quick ? '10,20' : '25,50,100,200,400,800')).split(',').map(Number)
const seconds = Number(values.seconds ?? (quick ? 8 : 60))
const warmup = Number(values.warmup ?? (quick ? 2 : 15))
const generatorCount = Number(values.generators)
// The smoke check sends every 4 s instead of every 2 minutes, so that 8 s see some messages.
const rates: Partial<typeof RATES> = quick
  ? { sendEverySeconds: 4, uploadEverySeconds: 6, presenceChangeEverySeconds: 60 }
  : {}
const P99_LIMIT_MS = 100
/** What the clients push over their WebSocket: counted as calls, not as REST calls. */
const WEBSOCKET_CALLS = new Set(['typing broadcast', 'presence track'])
const CPU_LIMIT = 0.7
const CORES = cpus().length

const here = path.dirname(fileURLToPath(import.meta.url))
const sleepUntil = (t: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, t - now())))

const startStackChild = () => spawnStackChild<StackInfo>(path.join(here, 'stack-child.ts'))

interface Generator {
  child: ChildProcess
  ask(command: Command): Promise<Reply>
  tell(command: Command): void
}

function startGenerator(): Generator {
  const child = fork(path.join(here, 'generator.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting: ((reply: Reply) => void)[] = []
  child.on('message', (reply: Reply) => waiting.shift()?.(reply))
  child.once('exit', (code) => {
    if (code) console.error(`a load generator exited with ${code}`)
  })
  return {
    child,
    ask: (command) =>
      new Promise((resolve) => {
        waiting.push(resolve)
        child.send(command)
      }),
    tell: (command) => void child.send(command),
  }
}

interface StepResult {
  people: number
  messagesPerSecond: number
  delivered: number
  expected: number
  p50: number
  p95: number
  p99: number
  callsPerSecond: number
  /** REST calls (RPCs, selects, uploads; not the WebSocket's pushes) per message sent. */
  restPerMessage: number
  /** The same by call, largest first. */
  restByCall: [string, number][]
  /** Realtime messages the clients received per second, every topic (hosted plans' unit). */
  receivedPerSecond: number
  stackCpu: number
  generatorCpu: number
  pssMb: number
  rssMb: number
  load: number
  failures: Map<string, number>
  passed: boolean
}

async function runStep(
  stack: StackInfo,
  stackPid: number,
  sql: postgres.Sql,
  generators: Generator[],
  size: number
): Promise<StepResult> {
  const world = await makeWorld(stack, sql, size)
  const shares = generators.map((_, g) =>
    world.people.filter((_, i) => i % generators.length === g)
  )
  const opened = await Promise.all(
    generators.map((g, i) =>
      g.ask({
        type: 'open',
        people: shares[i] ?? [],
        apiUrl: stack.apiUrl,
        anonKey: stack.anonKey,
        rates,
      })
    )
  )
  const failedOpen = opened.flatMap((r) => (r.type === 'opened' ? r.failed : []))
  if (failedOpen.length > 0)
    console.log(`  ${failedOpen.length} people could not open: ${failedOpen[0]}`)

  const from = now() + warmup * 1000
  const to = from + seconds * 1000
  for (const g of generators) g.tell({ type: 'go', window: { from, to } })
  const generatorPids = generators.map((g) => g.child.pid as number)
  const generatorCpu = async () =>
    (await treeCpuSeconds(generatorPids)) +
    process.cpuUsage().user / 1e6 +
    process.cpuUsage().system / 1e6
  await sleepUntil(from)
  const stackBefore = await treeCpuSeconds([stackPid])
  const generatorsBefore = await generatorCpu()
  const startedAt = now()
  await sleepUntil(to)
  const stackAfter = await treeCpuSeconds([stackPid])
  const generatorsAfter = await generatorCpu()
  const elapsed = (now() - startedAt) / 1000
  const memory = await treeMemory(stackPid)
  const load = await loadAverage()

  const reports = (await Promise.all(generators.map((g) => g.ask({ type: 'stop' })))).flatMap(
    (r) => (r.type === 'report' ? [r.report] : [])
  )
  await Promise.all(generators.map((g) => g.ask({ type: 'close' })))
  return summarize(size, world.viewers, reports, {
    stackCpu: (stackAfter - stackBefore) / elapsed / CORES,
    generatorCpu: (generatorsAfter - generatorsBefore) / elapsed / CORES,
    pssMb: memory.pssMb,
    rssMb: memory.rssMb,
    load,
    failedOpen: failedOpen.length,
  })
}

function summarize(
  size: number,
  viewers: Map<string, number>,
  reports: Report[],
  measured: {
    stackCpu: number
    generatorCpu: number
    pssMb: number
    rssMb: number
    load: number
    failedOpen: number
  }
): StepResult {
  const deliveries = reports.flatMap((r) => r.deliveries)
  let sent = 0
  let expected = 0
  for (const report of reports) {
    for (const [channel, count] of report.sent) {
      sent += count
      expected += count * ((viewers.get(channel) ?? 1) - 1)
    }
  }
  const sum = (pairs: [string, number][][]) => {
    const total = new Map<string, number>()
    for (const [key, value] of pairs.flat()) total.set(key, (total.get(key) ?? 0) + value)
    return total
  }
  const byCall = sum(reports.map((r) => r.calls))
  const calls = [...byCall.values()].reduce((a, b) => a + b, 0)
  const rest = [...byCall].filter(([name]) => !WEBSOCKET_CALLS.has(name))
  const perMessage = (count: number) => (sent > 0 ? count / sent : 0)
  const failures = sum(reports.map((r) => r.failures))
  if (measured.failedOpen > 0) failures.set('open (REST + joins)', measured.failedOpen)
  const p99 = percentile(deliveries, 99)
  return {
    people: size,
    messagesPerSecond: sent / seconds,
    delivered: deliveries.length,
    expected,
    p50: percentile(deliveries, 50),
    p95: percentile(deliveries, 95),
    p99,
    callsPerSecond: calls / seconds,
    restPerMessage: perMessage(rest.reduce((total, [, count]) => total + count, 0)),
    restByCall: rest
      .map(([name, count]): [string, number] => [name, perMessage(count)])
      .sort((a, b) => b[1] - a[1]),
    receivedPerSecond: reports.reduce((total, r) => total + r.received, 0) / seconds,
    stackCpu: measured.stackCpu,
    generatorCpu: measured.generatorCpu,
    pssMb: measured.pssMb,
    rssMb: measured.rssMb,
    load: measured.load,
    failures,
    passed:
      p99 < P99_LIMIT_MS &&
      measured.stackCpu < CPU_LIMIT &&
      deliveries.length >= expected &&
      expected > 0 &&
      measured.failedOpen === 0,
  }
}

function printRow(r: StepResult): void {
  const pct = (x: number) => `${format(x * 100)}%`
  console.log(
    `${String(r.people).padStart(7)} ${format(r.messagesPerSecond, 2).padStart(7)} ` +
      `${`${r.delivered}/${r.expected}`.padStart(13)} ${format(r.p50, 1).padStart(6)} ` +
      `${format(r.p95, 1).padStart(6)} ${format(r.p99, 1).padStart(6)} ` +
      `${format(r.callsPerSecond, 1).padStart(8)} ${format(r.restPerMessage, 2).padStart(8)} ` +
      `${format(r.receivedPerSecond).padStart(7)} ` +
      `${pct(r.stackCpu).padStart(6)} ` +
      `${pct(r.generatorCpu).padStart(6)} ${format(r.pssMb).padStart(6)} ${format(r.rssMb).padStart(6)} ` +
      `${format(r.load, 2).padStart(6)}  ${r.passed ? 'yes' : 'no'}`
  )
  const byCall = r.restByCall.map(([name, n]) => `${name} ${format(n, 2)}`).join(', ')
  console.log(`          REST calls per message: ${byCall || 'none'}`)
  for (const [what, count] of r.failures) console.log(`          failed: ${count} x ${what}`)
}

async function main(): Promise<void> {
  const loadBefore = await loadAverage()
  const { child, info } = await startStackChild()
  const sql = postgres(info.dbUrl, { max: 2, onnotice: () => {} })
  const generators = Array.from({ length: generatorCount }, startGenerator)
  const results: StepResult[] = []
  try {
    console.log(
      `team bench: steps ${steps.join(', ')} people, ${warmup} s warm-up + ${seconds} s each, ` +
        `${generatorCount} load generator processes; ${CORES} cores shared by the stack and the generators`
    )
    console.log(
      `rates: ${Math.round(RATES.activeShare * 100)}% active, a message every ` +
        `${rates.sendEverySeconds ?? RATES.sendEverySeconds} s per active person after ` +
        `${RATES.typingSeconds.join('-')} s of typing; 1 in ${Math.round(1 / RATES.uploaderShare)} uploads ` +
        `${RATES.uploadMb.join('-')} MB every ${rates.uploadEverySeconds ?? RATES.uploadEverySeconds} s`
    )
    console.log(`load average before: ${format(loadBefore, 2)}\n`)
    console.log(
      ' people  msgs/s   deliveries    p50 ms p95 ms p99 ms  calls/s REST/msg  rt in/s  stack    gen  PSS MB RSS MB  load  pass'
    )
    for (const size of steps) {
      const result = await runStep(info, child.pid as number, sql, generators, size)
      results.push(result)
      printRow(result)
      if (!result.passed && !values['keep-going']) break
    }
  } finally {
    await sql.end({ timeout: 2 })
    for (const g of generators) g.child.disconnect()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  // The largest N of the unbroken run of passing steps from the first.
  const failed = results.findIndex((r) => !r.passed)
  const best = (failed === -1 ? results : results.slice(0, failed)).at(-1)
  console.log('')
  console.log(
    best
      ? `largest team that met both (p99 < ${P99_LIMIT_MS} ms, stack CPU < ${CPU_LIMIT * 100}%): ` +
          `${best.people} people, p99 ${format(best.p99, 1)} ms, stack CPU ${format(best.stackCpu * 100)}% ` +
          `of ${CORES} cores, stack + PostgreSQL PSS ${format(best.pssMb)} MB (load generators: ` +
          `${format(best.generatorCpu * 100)}% of the same cores)`
      : `no step met both (p99 < ${P99_LIMIT_MS} ms, stack CPU < ${CPU_LIMIT * 100}%)`
  )
  // With --keep-going a step may pass after one that failed (a few slow deliveries in a short
  // step): say so, rather than let the line above read as if nothing passed.
  const anyPassed = results.filter((r) => r.passed).at(-1)
  if (anyPassed && anyPassed !== best) {
    console.log(
      `largest step that met both after a failed one: ${anyPassed.people} people, p99 ` +
        `${format(anyPassed.p99, 1)} ms, stack CPU ${format(anyPassed.stackCpu * 100)}% of ${CORES} cores`
    )
  }
  // Calls per message should stay flat as the team grows (nothing fetched per live event).
  console.log(
    `REST calls per message sent: ${results.map((r) => `${r.people} people ${format(r.restPerMessage, 2)}`).join(', ')}`
  )
  console.log(`load average at the end: ${format(await loadAverage(), 2)}`)
}

await main()
