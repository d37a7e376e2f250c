// What one server holds: a simulated team on Chorus (its real schema and RPCs) against the stack
// in a process of its own, stepping the team's size up until delivery or the stack's CPU gives.
//   npm run bench:team                          # 3 runs of 100, 250, 500, 1,000, 2,000 people, 60 s each
//   npm run bench:team -- --quick               # a smoke check: one run of 10 and 20 people, fast rates
//   npm run bench:team -- --runs 1              # one run
//   npm run bench:team -- --steps 100,150 --seconds 90 --generators 2
//   npm run bench:team -- --keep-going          # every step, also after one failed
//   npm run bench:team -- --storm 60 --mix-scale 5  # a 1-minute sign-in storm, the mix 5x faster
// Each step: a fresh workspace of N people (world.ts), shared among the load generator processes
// (generator.ts), each person behaving as the app does (person.ts: REST through supabase-js,
// Realtime over a raw socket speaking realtime-js's frames, socket.ts); a
// warm-up, then a window in which every message's delivery to every other viewer of its channel
// is timed (send start to live receipt), the stack's CPU (its process and its PostgreSQL's, from
// /proc) and the generators' are read, and the stack's memory at the end. Besides messages, the
// people act as a real team does (mix.ts: thread replies, reactions, searches, channel switches,
// thread opens, files up and down, status changes; everyone signs in within --storm seconds),
// each action timed. A step passes when delivery p99 < 100 ms with every delivery arrived, every
// action's p99 < 250 ms, errors <= 0.025% of the actions, and the stack's CPU < 70% of the cores.
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { cpus } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import type { StackInfo } from '../realtime/clients.ts'
import { format, treeMemory } from '../realtime/stats.ts'
import { loadAverage, treeCpuSeconds } from './cpu.ts'
import type { Command, Reply } from './generator.ts'
import { MIX, random, stormOffsets } from './mix.ts'
import { RATES, now } from './profile.ts'
import { CPU_LIMIT, P99_LIMIT_MS, printRow, summarize } from './summary.ts'
import type { StepResult } from './summary.ts'
import { makeWorld } from './world.ts'
import { spawnStackChild } from '../support/processes.ts'
import { printProfile } from './cpu-profile.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    steps: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    generators: { type: 'string', default: '2' },
    'keep-going': { type: 'boolean', default: false },
    runs: { type: 'string' },
    /** The sign-in storm: everyone opens Chorus within this many seconds (0: 10 at a time). */
    storm: { type: 'string' },
    /** The mix's rates (mix.ts) times this: a short run's compressed hour. */
    'mix-scale': { type: 'string' },
    /** A folder: the stack's Node process is profiled (--cpu-prof) into it, and summarized. */
    profile: { type: 'string' },
  },
})
const quick = values.quick
const steps = (values.steps ?? (quick ? '10,20' : '100,250,500,1000,2000')).split(',').map(Number)
/** Each run a stack of its own; the answer is the largest N met in every run. */
const runs = Number(values.runs ?? (quick ? 1 : 3))
const seconds = Number(values.seconds ?? (quick ? 8 : 60))
const warmup = Number(values.warmup ?? (quick ? 2 : 15))
const generatorCount = Number(values.generators)
// The smoke check sends every 4 s instead of every 2 minutes, so that 8 s see some messages.
const rates: Partial<typeof RATES> = quick
  ? { sendEverySeconds: 4, uploadEverySeconds: 6, presenceChangeEverySeconds: 60, mixScale: 30 }
  : {}
if (values['mix-scale'] !== undefined) rates.mixScale = Number(values['mix-scale'])
const stormSeconds = Number(values.storm ?? (quick ? 5 : 300))
const CORES = cpus().length

const here = path.dirname(fileURLToPath(import.meta.url))
const sleepUntil = (t: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, t - now())))

const profileDir = values.profile ? path.resolve(values.profile) : null
const startStackChild = () =>
  spawnStackChild<StackInfo>(
    path.join(here, 'stack-child.ts'),
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  )

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
  // The sign-in storm: each person's moment within the window, from a second from now.
  const stormFrom = now() + 1000
  const offsets = stormOffsets(size, stormSeconds * 1000, random(size + 1))
  const opensAt = generators.map((_, g) =>
    offsets.filter((_, i) => i % generators.length === g).map((offset) => stormFrom + offset)
  )
  const opened = await Promise.all(
    generators.map((g, i) =>
      g.ask({
        type: 'open',
        people: shares[i] ?? [],
        apiUrl: stack.apiUrl,
        anonKey: stack.anonKey,
        rates,
        ...(stormSeconds > 0 ? { opensAt: opensAt[i] } : {}),
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
  return summarize(size, seconds, world.viewers, reports, {
    stackCpu: (stackAfter - stackBefore) / elapsed / CORES,
    generatorCpu: (generatorsAfter - generatorsBefore) / elapsed / CORES,
    pssMb: memory.pssMb,
    rssMb: memory.rssMb,
    load,
    failedOpen: failedOpen.length,
  })
}

/** One run: a stack of its own, the steps up to the first that fails (every step with
 * --keep-going); its largest N is that of the unbroken run of passing steps from the first. */
async function runOnce(run: number): Promise<StepResult[]> {
  const { child, info } = await startStackChild()
  const sql = postgres(info.dbUrl, { max: 2, onnotice: () => {} })
  const generators = Array.from({ length: generatorCount }, startGenerator)
  const results: StepResult[] = []
  try {
    console.log(`run ${run} of ${runs}, load average ${format(await loadAverage(), 2)}`)
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
  if (profileDir) await printProfile(profileDir)
  const failed = results.findIndex((r) => !r.passed)
  const best = (failed === -1 ? results : results.slice(0, failed)).at(-1)
  console.log(
    best
      ? `run ${run}: largest team that met the targets (p99 < ${P99_LIMIT_MS} ms, actions, errors, stack CPU < ${CPU_LIMIT * 100}%): ` +
          `${best.people} people, p99 ${format(best.p99, 1)} ms, stack CPU ${format(best.stackCpu * 100)}% ` +
          `of ${CORES} cores, stack + PostgreSQL PSS ${format(best.pssMb)} MB (load generators: ` +
          `${format(best.generatorCpu * 100)}% of the same cores)`
      : `run ${run}: no step met the targets (p99 < ${P99_LIMIT_MS} ms, actions, errors, stack CPU < ${CPU_LIMIT * 100}%)`
  )
  // With --keep-going a step may pass after one that failed (a few slow deliveries in a short
  // step): say so, rather than let the line above read as if nothing passed.
  const anyPassed = results.filter((r) => r.passed).at(-1)
  if (anyPassed && anyPassed !== best) {
    console.log(
      `run ${run}: largest step that met the targets after a failed one: ${anyPassed.people} people, p99 ` +
        `${format(anyPassed.p99, 1)} ms, stack CPU ${format(anyPassed.stackCpu * 100)}% of ${CORES} cores`
    )
  }
  // Calls per message should stay flat as the team grows (nothing fetched per live event).
  console.log(
    `run ${run}: REST calls per message sent: ${results.map((r) => `${r.people} people ${format(r.restPerMessage, 2)}`).join(', ')}\n`
  )
  return failed === -1 ? results : results.slice(0, failed)
}

async function main(): Promise<void> {
  console.log(
    `team bench: ${runs} run(s) of steps ${steps.join(', ')} people, ${warmup} s warm-up + ${seconds} s each, ` +
      `${generatorCount} load generator processes; ${CORES} cores shared by the stack and the generators; ` +
      `the stack: ${process.env.BENCH_STACK === 'start' ? 'npm start (limits lifted)' : 'serve (production)'}`
  )
  console.log(
    `rates: ${Math.round(RATES.activeShare * 100)}% active, a message every ` +
      `${rates.sendEverySeconds ?? RATES.sendEverySeconds} s per active person after ` +
      `${RATES.typingSeconds.join('-')} s of typing; 1 in ${Math.round(1 / RATES.uploaderShare)} uploads ` +
      `${RATES.uploadMb.join('-')} MB every ${rates.uploadEverySeconds ?? RATES.uploadEverySeconds} s`
  )
  console.log(
    `the mix (mix.ts), per active person per hour, x ${rates.mixScale ?? RATES.mixScale}: ` +
      MIX.filter((e) => e.perHour > 0 && e.action !== 'send message')
        .map((e) => `${e.action} ${e.perHour}`)
        .join(', ') +
      `; sign-in storm: everyone within ${stormSeconds} s`
  )
  console.log(`load average before: ${format(await loadAverage(), 2)}\n`)
  const met: number[] = []
  for (let run = 1; run <= runs; run += 1) {
    met.push((await runOnce(run)).at(-1)?.people ?? 0)
  }
  // Every run steps through the same sizes: the smallest of the runs' answers was met in all.
  const all = Math.min(...met)
  console.log(
    all > 0
      ? `largest team met in all ${runs} run(s) (p99 < ${P99_LIMIT_MS} ms, actions, errors, stack CPU < ${CPU_LIMIT * 100}%): ` +
          `${all} people (each run: ${met.join(', ')})`
      : `no team size met in all ${runs} run(s) (each run: ${met.join(', ')})`
  )
  console.log(`load average at the end: ${format(await loadAverage(), 2)}`)
}

await main()
