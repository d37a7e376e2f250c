// What a start undoes when a later step fails, and what stop() undoes: every step registers
// the cleanup of what it started, and they run in reverse, each failure logged, none stopping
// the others.
import type { Logger } from '../logger.ts'

export type Cleanup = () => Promise<unknown>

export class Cleanups {
  private readonly fns: Cleanup[] = []

  constructor(private readonly log: Logger) {}

  /** Undone before everything registered so far. */
  push(fn: Cleanup): void {
    this.fns.push(fn)
  }

  /** Undone after everything registered so far. */
  unshift(fn: Cleanup): void {
    this.fns.unshift(fn)
  }

  /** Runs every cleanup once, last registered first. */
  async run(): Promise<void> {
    const fns = this.fns.splice(0).reverse()
    for (const fn of fns) await fn().catch((e: unknown) => this.log.warn('cleanup failed', e))
  }
}
