// What a bench's stack child does once its project folder is ready: the local tenant's limits
// lifted, the real stack started on free ports, one JSON line with what the load generators need,
// and on SIGTERM a stop that removes the child's temporary folder.
import { rm } from 'node:fs/promises'
import { createLogger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'

/**
 * Starts the stack for `workdir` with its data in `dataDir` and serves until SIGTERM, then
 * removes `temporary` (the child's own folder).
 */
export async function runStackChild(options: {
  workdir: string
  dataDir: string
  temporary: string
}): Promise<void> {
  // The local tenant's limits (100 events/s, 500 joins/s, as hosted Realtime's smaller plans) are
  // what a plan sells, not what the server can do; the benches measure far above them: lifted
  // unless set.
  process.env.TENANT_MAX_EVENTS_PER_SECOND ??= '100000000'
  process.env.TENANT_MAX_JOINS_PER_SECOND ??= '100000'
  process.env.TENANT_MAX_PRESENCE_EVENTS_PER_SECOND ??= '100000'

  const stack = await startStack({
    workdir: options.workdir,
    dataDir: options.dataDir,
    apiPort: 0,
    dbPort: 0,
    inboxPort: 0,
    log: createLogger(process.env.STACK_LOG_LEVEL === 'debug' ? 'debug' : 'warn'),
  })

  announceAndServe(
    {
      apiUrl: stack.apiUrl,
      dbUrl: stack.dbUrl,
      anonKey: stack.keys.anonKey,
      jwtSecret: stack.config.auth.jwtSecret,
    },
    () => stack.stop().then(() => rm(options.temporary, { recursive: true, force: true }))
  )
}

/**
 * What a bench's stack child does once its stack is up: one JSON line with what the load
 * generators need (its pid added), then serving until SIGTERM, which runs `stop` once and exits.
 */
export function announceAndServe(
  info: { apiUrl: string; dbUrl: string; anonKey: string; jwtSecret: string },
  stop: () => Promise<unknown>
): void {
  process.stdout.write(`${JSON.stringify({ ...info, pid: process.pid })}\n`)
  let stopping = false
  process.on('SIGTERM', () => {
    if (stopping) return
    stopping = true
    void stop().finally(() => process.exit(0))
  })
}
