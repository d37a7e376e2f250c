// The one back-off of the live channel: how long to wait before trying again after a network
// failure, for resends (SendQueue) and catch-ups (sync-machine.ts) alike. A pure value; whoever
// holds it arms the timer.

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Delays between automatic tries after network failures; the last one repeats. */
export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10000, 30000]

export interface Backoff {
  /** Failed tries since the last success (or since the network came back). */
  readonly attempt: number
  /** A timer for the next try is running. */
  readonly armed: boolean
}

export const NO_BACKOFF: Backoff = { attempt: 0, armed: false }

/** The next try after a failure: how long to wait, and the back-off once armed; null if armed. */
export function nextRetry(backoff: Backoff): { backoff: Backoff; delayMs: number } | null {
  if (backoff.armed) return null
  const delayMs = RETRY_DELAYS_MS[Math.min(backoff.attempt, RETRY_DELAYS_MS.length - 1)]!
  return { backoff: { attempt: backoff.attempt + 1, armed: true }, delayMs }
}

/** The timer went off or was cleared. */
export function disarmed(backoff: Backoff): Backoff {
  return backoff.armed ? { ...backoff, armed: false } : backoff
}

/** The network is back or someone asked: the next wait is the shortest again. */
export function restarted(backoff: Backoff): Backoff {
  return backoff.attempt === 0 ? backoff : { ...backoff, attempt: 0 }
}
