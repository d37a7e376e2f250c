// The catch-up's retry timer (the sync machine arms and cancels it): one armed at a time.
import type { Timers } from './backoff.ts'

export class RetryTimer {
  private handle: unknown = null

  constructor(private readonly timers: Timers) {}

  /** Calls `due` after `delayMs`, in place of any timer armed before. */
  arm(delayMs: number, due: () => void): void {
    this.cancel()
    this.handle = this.timers.setTimeout(() => {
      this.handle = null
      due()
    }, delayMs)
  }

  cancel(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle)
    this.handle = null
  }
}
