// The stack under measurement with Chorus's own project (supabase/: its config and migrations),
// in a process of its own so that its CPU and memory (with its PostgreSQL, the process tree)
// are read from /proc apart from the load generators'. Prints one JSON line when ready; stops
// on SIGTERM.
//   node --import tsx bench/team/stack-child.ts
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'
import { ROOT } from '../support/processes.ts'

// The local tenant's limits (100 events/s, 500 joins/s, as hosted Realtime's smaller plans) are
// what a plan sells, not what the server can do: lifted unless set, as in bench/realtime.
process.env.TENANT_MAX_EVENTS_PER_SECOND ??= '100000000'
process.env.TENANT_MAX_JOINS_PER_SECOND ??= '100000'
process.env.TENANT_MAX_PRESENCE_EVENTS_PER_SECOND ??= '100000'

const dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-bench-team-'))
await chmod(dataDir, 0o755)
const stack = await startStack({
  workdir: ROOT,
  dataDir,
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
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .finally(() => process.exit(0))
})
