// How `start` and `serve` stop: on the first SIGINT, SIGTERM or SIGHUP the stack stops in order;
// a second signal forces.
import { tolerateClosedSocketWrites } from '../db/postgres-quirks.ts'
import type { Logger } from '../logger.ts'
import type { Stack } from '../stack.ts'

/**
 * Ctrl-C and friends. The first signal stops the stack in order (services, pools, then
 * PostgreSQL, which runs in a session of its own so the terminal's signal does not reach it);
 * a second one forces. npm forwards the terminal's Ctrl-C to its script, so under npm start
 * the same keypress arrives twice a moment apart: that is not a second Ctrl-C.
 */
export class Stopper {
  private readonly controller = new AbortController()
  readonly signal: AbortSignal = this.controller.signal
  stack: Stack | null = null
  readonly requested: Promise<'signal'>
  private firstAt = 0

  constructor() {
    let resolve!: (reason: 'signal') => void
    this.requested = new Promise((r) => (resolve = r))
    const onSignal = (name: NodeJS.Signals) => {
      if (this.firstAt === 0) {
        this.firstAt = Date.now()
        process.stdout.write(`\nStopping (${name})...\n`)
        this.controller.abort()
        resolve('signal')
        return
      }
      if (Date.now() - this.firstAt < SAME_KEYPRESS_MS) return
      process.stderr.write(`Received ${name} again; stopping now.\n`)
      this.stack?.kill()
      process.exit(130)
    }
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.removeAllListeners(name)
      process.on(name, onSignal)
    }
    // PostgreSQL gone under the stack must end in "stopping the stack", not a crash of
    // postgres.js (db/postgres-quirks.ts).
    tolerateClosedSocketWrites(() => {})
  }

  /** Stops the stack; what has not stopped after STOP_BUDGET_MS is stopped by force. */
  async stopStack(log: Logger): Promise<void> {
    const stack = this.stack
    if (!stack) return
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), STOP_BUDGET_MS)
    })
    const outcome = await Promise.race([
      stack.stop().then(
        () => 'done' as const,
        (error: unknown) => {
          log.warn(`stopping: ${(error as Error).message}`)
          return 'done' as const
        }
      ),
      late,
    ])
    clearTimeout(timer)
    if (outcome === 'late') {
      log.warn(`The stack did not stop within ${STOP_BUDGET_MS} ms; stopping it by force.`)
      stack.kill()
    }
  }
}

const SAME_KEYPRESS_MS = 500
const STOP_BUDGET_MS = 1800
