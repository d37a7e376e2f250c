// REST benchmark (issue 3): requests per second and p50/p99 latency at a few concurrency levels
// for three workloads through /rest/v1, next to the same SQL sent straight through postgres.js
// over the same pool, measured in the same run.
//   node --import tsx bench/rest/run.ts [--duration 2] [--rounds 3] [--connections 1,8,32]
//                                       [--workloads pk,list,insert]
//                                       [--loader auto|wrk|autocannon]
// Workloads: a select by primary key; a filtered list of 50 rows with one embedded relation; an
// insert with return=representation. Target: REST keeps at least 70% of the driver's throughput.
//
// "Driver" runs exactly what the REST service runs for the request, minus HTTP, parsing and
// planning: the request scope (role, claims, method, path, headers, search_path, role settings)
// and the statement, in one transaction on the same `api` pool. "Bare" sends the statement alone
// (no transaction, no scope) on a pool of the same size connected as authenticator with role
// anon; it shows what the per-request transaction itself costs. "HTTP floor" is Node's HTTP server
// answering the same requests with the driver path's transaction and nothing else (floor.ts): the
// share of the driver's throughput that HTTP alone leaves on this machine. The data and the
// statements are workloads.ts; the in-process load, drive.ts.
import { chmod, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { Database } from '../../backend/src/db/database.ts'
import { SessionPool } from '../../backend/src/db/session-pool.ts'
import type { RequestScope } from '../../backend/src/db/scope.ts'
import { createLogger } from '../../backend/src/logger.ts'
import { LOCAL_DB_PASSWORD, startStack } from '../../backend/src/stack.ts'
import { combine, drive } from './drive.ts'
import type { Measured } from './drive.ts'
import { startFloor } from './floor.ts'
import type { LoadJob, LoadResult } from './load.ts'
import { AUTHORS, MIGRATION, POSTS, statementFor, typed, valueFor } from './workloads.ts'
import type { Workload } from './workloads.ts'
import { detectWrk, runWrk } from './wrk.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '1,8,32' },
    workloads: { type: 'string', default: 'pk,list,insert' },
    // wrk when installed (far cheaper per request on a shared 2-core machine), else autocannon.
    loader: { type: 'string', default: 'auto' },
  },
})
const DURATION = Number(args.duration)
const ROUNDS = Number(args.rounds)
const CONNECTIONS = (args.connections ?? '1,8,32').split(',').map(Number)
const WORKLOADS = (args.workloads ?? 'pk,list,insert').split(',') as Workload[]
const WRK = args.loader === 'autocannon' ? null : detectWrk()
if (args.loader === 'wrk' && !WRK) throw new Error('--loader wrk: wrk is not installed')
/** Prepared statements, as the REST service runs them. */
const PREPARED = { prepare: true }
function load(job: LoadJob): Promise<LoadResult> {
  if (WRK) return runWrk(job)
  const script = fileURLToPath(new URL('./load.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult)
      else reject(new Error(`load generator exited with ${code}`))
    })
  })
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-rest-'))
  await chmod(dir, 0o755)
  const workdir = path.join(dir, 'project')
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  await writeFile(path.join(workdir, 'supabase', 'config.toml'), 'project_id = "bench"\n')
  await writeFile(
    path.join(workdir, 'supabase', 'migrations', '20240101000000_bench.sql'),
    MIGRATION
  )
  const log = createLogger('error')
  const stack = await startStack({
    workdir,
    dataDir: path.join(dir, 'data'),
    apiPort: 0,
    dbPort: 0,
    inboxPort: 0,
    fastDb: true,
    log,
  })
  const db = stack.context.db
  // Single-connection clients like the stack's request sessions (db/session-pool.ts says why).
  const bare = new SessionPool(10, () =>
    postgres(Database.apiUrl(stack.dbUrl, LOCAL_DB_PASSWORD), {
      max: 1,
      onnotice: () => {},
      connection: { role: 'anon', search_path: 'public, extensions' } as Record<string, string>,
    })
  )
  const floor = await startFloor()
  try {
    console.log(
      `REST benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`
    )
    console.log(
      `${POSTS} posts by ${AUTHORS} authors; ${ROUNDS} alternating rounds of ${DURATION} s per path; api pool of 10 connections`
    )
    console.log(
      `load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`
    )
    console.log(
      WRK
        ? `HTTP load: ${WRK}, one thread\n`
        : 'HTTP load: autocannon in a process of its own (latencies with 1 ms resolution; ' +
            'install wrk for a cheaper load generator)\n'
    )
    const header = [
      'workload',
      'conns',
      'REST req/s',
      'p50 ms',
      'p99 ms',
      'driver req/s',
      'p50 ms',
      'p99 ms',
      'REST/driver',
      'bare req/s',
      'REST/bare',
      'HTTP floor req/s',
      'floor/driver',
    ]
    console.log(header.join('\t'))
    const summary: string[] = []
    for (const workload of WORKLOADS) {
      const {
        statement,
        vary,
        readOnly,
        path: reqPath,
        method,
      } = await statementFor(stack, workload)
      const scope: RequestScope = {
        role: 'anon',
        claims: { iss: 'supabase-demo', role: 'anon', exp: 1983812996 },
        method,
        path: reqPath,
        headers: { apikey: stack.keys.anonKey, 'accept-profile': 'public' },
        cookies: {},
        searchPath: ['public', 'extensions'],
        settings: {},
      }
      const driverWith = (value: string) =>
        db.withScope(scope, { readOnly, end: 'commit' }, (tx) =>
          tx
            .unsafe(
              statement.text,
              typed(tx as unknown as Sql, statement, vary, value) as never[],
              PREPARED
            )
            .execute()
        )
      const driverOnce = () => driverWith(valueFor(workload))
      floor.use(driverWith)
      const floorJob = (connections: number, duration: number): LoadJob => ({
        url: floor.url,
        anonKey: stack.keys.anonKey,
        workload,
        connections,
        duration,
        posts: POSTS,
        authors: AUTHORS,
      })
      const bareOnce = async () => {
        const client = await bare.acquire()
        try {
          return await client.unsafe(
            statement.text,
            typed(client, statement, vary, valueFor(workload)) as never[],
            PREPARED
          )
        } finally {
          bare.release(client)
        }
      }
      // Warm up every path (prepared statements, JIT of the handlers).
      await load({
        url: stack.apiUrl,
        anonKey: stack.keys.anonKey,
        workload,
        connections: 4,
        duration: 1,
        posts: POSTS,
        authors: AUTHORS,
      })
      await drive(4, 1, driverOnce)
      await drive(4, 1, bareOnce)
      await load(floorJob(4, 1))
      for (const connections of CONNECTIONS) {
        // Rounds alternate the three paths, so that background load falls on all of them alike.
        const rests: LoadResult[] = []
        const drivers: Measured[] = []
        const plains: Measured[] = []
        const floors: LoadResult[] = []
        for (let round = 0; round < ROUNDS; round++) {
          const result = await load({
            url: stack.apiUrl,
            anonKey: stack.keys.anonKey,
            workload,
            connections,
            duration: DURATION,
            posts: POSTS,
            authors: AUTHORS,
          })
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(
              `${workload}: ${result.non2xx} non-2xx answers, ${result.errors} errors`
            )
          rests.push(result)
          drivers.push(await drive(connections, DURATION, driverOnce))
          plains.push(await drive(connections, DURATION, bareOnce))
          const floorResult = await load(floorJob(connections, DURATION))
          if (floorResult.non2xx > 0 || floorResult.errors > 0)
            throw new Error(`${workload}: the HTTP floor failed ${floorResult.non2xx} requests`)
          floors.push(floorResult)
        }
        const rest = combine(rests)
        const driver = combine(drivers)
        const plain = combine(plains)
        const httpFloor = combine(floors)
        const row = [
          workload,
          connections,
          rest.rps.toFixed(0),
          rest.p50.toFixed(2),
          rest.p99.toFixed(2),
          driver.rps.toFixed(0),
          driver.p50.toFixed(2),
          driver.p99.toFixed(2),
          `${((rest.rps / driver.rps) * 100).toFixed(0)}%`,
          plain.rps.toFixed(0),
          `${((rest.rps / plain.rps) * 100).toFixed(0)}%`,
          httpFloor.rps.toFixed(0),
          `${((httpFloor.rps / driver.rps) * 100).toFixed(0)}%`,
        ]
        console.log(row.join('\t'))
        summary.push(
          `${workload}@${connections}: ${((rest.rps / driver.rps) * 100).toFixed(0)}% ` +
            `(HTTP floor ${((httpFloor.rps / driver.rps) * 100).toFixed(0)}%)`
        )
      }
    }
    console.log(
      `\nREST throughput as a share of the driver's (target >= 70%): ${summary.join(', ')}`
    )
  } finally {
    await floor.close()
    await bare.end({ timeout: 2 })
    await stack.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
