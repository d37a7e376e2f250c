// When to join again after the server refused a join for its rate ("ClientJoinRateLimitReached:
// Too many joins per second", which it answers and then closes the socket: a morning's sign-in
// storm), and when to reconnect a socket: exponential back-off with full jitter, so that the
// people refused in the same second do not all come back in the same second again (realtime-js's
// own pauses, 1, 2, 5 and 10 s, have no jitter). Pure values; live-join.ts arms the timers.

/** The reason the server gives (backend/src/realtime/errors.ts, the real server's). */
export const JOIN_LIMIT_CODE = 'ClientJoinRateLimitReached'

/** Whether a join's error (realtime-js's Error, or the reply's `{ reason }`) is the rate limit. */
export function isJoinLimited(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { message, reason } = error as { message?: unknown; reason?: unknown }
  const text = typeof reason === 'string' ? reason : message
  return typeof text === 'string' && text.startsWith(JOIN_LIMIT_CODE)
}

/** The first pause's ceiling after a refusal, doubled at each refusal in a row up to the cap. */
export const JOIN_RETRY_BASE_MS = 1000
export const JOIN_RETRY_CAP_MS = 30_000

/**
 * The pause before joining again after the `refusals`-th refusal in a row (1 for the first):
 * anywhere from 0 to min(cap, base × 2^(refusals − 1)) ("full jitter"), `random` in [0, 1).
 */
export function joinRetryDelayMs(refusals: number, random: () => number = Math.random): number {
  const ceiling = Math.min(JOIN_RETRY_CAP_MS, JOIN_RETRY_BASE_MS * 2 ** Math.max(0, refusals - 1))
  return Math.floor(random() * ceiling)
}

/** realtime-js's pauses before reconnecting a socket (RECONNECT_INTERVALS), the last repeating. */
export const RECONNECT_CEILINGS_MS = [1000, 2000, 5000, 10_000]

/**
 * The pause before the `tries`-th reconnection of the socket (1 for the first): after refusals
 * of a join (the server closed the socket), the join's back-off; else anywhere up to
 * realtime-js's own pause, never later than it was, so that a restarted server does not get
 * every client back in the same instant either.
 */
export function reconnectDelayMs(
  tries: number,
  refusals: number,
  random: () => number = Math.random
): number {
  if (refusals > 0) return joinRetryDelayMs(refusals, random)
  const ceilings = RECONNECT_CEILINGS_MS
  return Math.floor(random() * ceilings[Math.min(Math.max(tries, 1), ceilings.length) - 1]!)
}

/**
 * How many refusals in a row, and for how long, the wait goes unsaid: the channel is not joined
 * only because the server is busy answering everyone's joins, and will be in a moment; the
 * message list works from what it has and catches up once joined. Past either, it is said
 * ("Reconnecting…"), as any other wait for the server.
 */
export const QUIET_REFUSALS = 4
export const QUIET_FOR_MS = 20_000

/** Whether a channel not joined because of refusals is still waited for quietly. */
export function quietlyWaiting(
  refusals: number,
  firstRefusalAt: number | null,
  now: number
): boolean {
  return (
    refusals > 0 &&
    refusals <= QUIET_REFUSALS &&
    firstRefusalAt !== null &&
    now - firstRefusalAt < QUIET_FOR_MS
  )
}
