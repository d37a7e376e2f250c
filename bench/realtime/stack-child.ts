// The stack under measurement, in a process of its own so that the bench's clients do not share
// its event loop: a fresh project folder with the bench schema, an embedded PostgreSQL, the real
// stack. Prints one JSON line when ready; stops on SIGTERM.
//   node --import tsx bench/realtime/stack-child.ts
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'
import { BENCH_SCHEMA } from './schema.ts'

// The benches measure throughput far above the local tenant's message rate (100 per second,
// TENANT_MAX_EVENTS_PER_SECOND) and its joins per second: both are lifted unless set.
process.env.TENANT_MAX_EVENTS_PER_SECOND ??= '100000000'
process.env.TENANT_MAX_JOINS_PER_SECOND ??= '100000'

const base = await mkdtemp(path.join(tmpdir(), 'bench-realtime-'))
await chmod(base, 0o755)
const workdir = path.join(base, 'project')
await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
await writeFile(path.join(workdir, 'supabase', 'config.toml'), 'project_id = "bench"\n')
await writeFile(
  path.join(workdir, 'supabase', 'migrations', '20240101000000_bench.sql'),
  BENCH_SCHEMA
)

const stack = await startStack({
  workdir,
  dataDir: path.join(base, 'data'),
  apiPort: 0,
  dbPort: 0,
  inboxPort: 0,
  log: createLogger(process.env.STACK_LOG_LEVEL === 'debug' ? 'debug' : 'warn'),
})

process.stdout.write(
  `${JSON.stringify({
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    anonKey: stack.keys.anonKey,
    jwtSecret: stack.config.auth.jwtSecret,
    pid: process.pid,
  })}\n`
)

let stopping = false
process.on('SIGTERM', () => {
  if (stopping) return
  stopping = true
  void stack
    .stop()
    .then(() => rm(base, { recursive: true, force: true }))
    .finally(() => process.exit(0))
})
