// The limits a Realtime tenant has, with the Supabase CLI's local tenant values, and the
// environment variables that change them (the real server's names where it has one). Under
// `serve` the rates are the server's, measured, not a hosted plan's: SERVE_EVENTS_PER_CORE
// messages and SERVE_JOINS_PER_CORE joins a second for each core; each connection may cause a
// tenth of the messages and CLIENT_MAX_JOINS_PER_SECOND joins, so that one client that floods or
// joins in a loop is cut off alone, long before the whole stack is over its rate (which closes
// every channel of a topic, or refuses everyone's joins). docs/performance.md ("A morning's
// sign-in storm") has the measurements and the arithmetic.
import { availableParallelism } from 'node:os'

/**
 * Messages per second (deliveries) one core carries under `serve`. Chorus's live events are
 * broadcasts (lib/live.ts: no Postgres changes): bench/realtime measured 100,040 broadcast
 * deliveries/s at p99 15 ms on a 2-core machine (50,000 a core), 20,016 RLS-checked Postgres
 * changes/s (bench/realtime/README.md). A busy hour of 2,000 people (bench/team, 2026-11-26)
 * counted 18,000-18,600 a second on 2 cores, and the old 10,000 a core (20,000) closed topics
 * at its bursts (13-17% of the deliveries lost in two runs of three). Half the broadcast
 * capacity, 50,000 on 2 cores, is 2.7 times that hour.
 */
export const SERVE_EVENTS_PER_CORE = 25_000

/**
 * Joins per second one core answers under `serve`. Opening Chorus joins 5 topics (live:user,
 * live:workspace, live:channel and channel:<open> for typing, workspace:<ws> with presence); 2,000
 * people opening within a minute are 10,000 joins, 167 a second on average and about 290 in the
 * busiest second (Poisson: 33 people a second, + 4 sigma). bench/team/joins.ts (2026-11-29) had
 * the stack answer 640 private joins/s on average and 900 in its busiest second, with the limit
 * lifted and the load generator on the same 2 cores: 1,000 a core is above what the stack
 * answers, so the limit refuses nothing it could serve, and 2,000 people opening at once (the
 * bench's storm) wait for the stack, not for refusals.
 */
export const SERVE_JOINS_PER_CORE = 1000

export interface Limits {
  maxChannelsPerClient: number
  /**
   * Joins per second of the whole stack (max_joins_per_second; a sliding second). Over it the
   * join is refused with "ClientJoinRateLimitReached: Too many joins per second" and the socket
   * closed, as the real server does; the app joins again after a jittered back-off.
   */
  maxJoinsPerSecond: number
  /**
   * Joins per second one connection may make (CLIENT_MAX_JOINS_PER_SECOND, this stack's own; 0:
   * no limit), checked before the stack's: a client that joins in a loop is refused and its
   * socket closed before it spends everyone's joins. As many as a connection may have channels,
   * so that a socket's reconnection (which rejoins all of them at once) is never refused. Off
   * under `start` (the CLI's local tenant has no such limit).
   */
  clientMaxJoinsPerSecond: number
  /** Largest broadcast or presence payload, in bytes (max_payload_size_in_kb). */
  maxPayloadBytes: number
  maxPresenceEventsPerSecond: number
  /**
   * Messages per second of the whole stack (max_events_per_second): each broadcast received and
   * each delivery of it to a channel counts, averaged as Realtime's RateCounter averages them.
   */
  maxEventsPerSecond: number
  /**
   * Messages per second one connection may cause (CLIENT_MAX_EVENTS_PER_SECOND, this stack's
   * own; 0: no limit): each broadcast it sends counts with its deliveries, each other event it
   * sends as one. Over it, the connection's channels are closed with "Too many messages per
   * second" and the socket is closed; the other connections are not touched. Checked before the
   * stack's rate. Off under `start` (the CLI's local tenant has no such limit).
   */
  clientMaxEventsPerSecond: number
  /** Presence calls (track/untrack) one channel may make per window. */
  clientPresenceMaxCalls: number
  clientPresenceWindowMs: number
  /** Sleep before a join error reply (the real server's CHANNEL_ERROR_BACKOFF_MS). */
  channelErrorBackoffMs: number
  /** Sleep before refusing a connection (CONNECT_ERROR_BACKOFF_MS). */
  connectErrorBackoffMs: number
  /** A connection without any frame for this long is closed (Phoenix's transport timeout). */
  idleTimeoutMs: number
  /**
   * A connection that neither sent a frame nor answered a WebSocket ping for this long is cut
   * off, its presence leaving (this stack's own setting, 0 off; see liveness.ts).
   */
  livenessMs: number
  /**
   * How often open private channels check their read permission again (this stack's own
   * setting: hosted Realtime keeps a channel's authorization until its token changes).
   */
  privateRecheckMs: number
  /** Largest WebSocket frame (the real server's max_frame_size). */
  maxFrameBytes: number
}

/**
 * The limits from the environment, over the mode's defaults: `start` has the CLI's local tenant's
 * (a hosted Free plan's sizes), `serve` sizes the message and join rates to the machine's
 * cores.
 */
export function limitsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  mode: 'start' | 'serve' = 'start',
  cores = availableParallelism()
): Limits {
  const int = (name: string, fallback: number) => {
    const value = Number(env[name])
    return Number.isInteger(value) && value >= 0 ? value : fallback
  }
  const events = int(
    'TENANT_MAX_EVENTS_PER_SECOND',
    mode === 'serve' ? SERVE_EVENTS_PER_CORE * Math.max(1, cores) : 100
  )
  const channels = int('TENANT_MAX_CHANNELS_PER_CLIENT', 100)
  return {
    maxChannelsPerClient: channels,
    maxJoinsPerSecond: int(
      'TENANT_MAX_JOINS_PER_SECOND',
      mode === 'serve' ? SERVE_JOINS_PER_CORE * Math.max(1, cores) : 500
    ),
    clientMaxJoinsPerSecond: int('CLIENT_MAX_JOINS_PER_SECOND', mode === 'serve' ? channels : 0),
    maxPayloadBytes: int('TENANT_MAX_PAYLOAD_SIZE_IN_KB', 3000) * 1000,
    maxPresenceEventsPerSecond: int('TENANT_MAX_PRESENCE_EVENTS_PER_SECOND', 1000),
    maxEventsPerSecond: events,
    clientMaxEventsPerSecond: int(
      'CLIENT_MAX_EVENTS_PER_SECOND',
      mode === 'serve' ? Math.max(100, Math.floor(events / 10)) : 0
    ),
    clientPresenceMaxCalls: int('CLIENT_PRESENCE_MAX_CALLS', 5),
    clientPresenceWindowMs: int('CLIENT_PRESENCE_WINDOW_MS', 30_000),
    channelErrorBackoffMs: int('CHANNEL_ERROR_BACKOFF_MS', 5000),
    connectErrorBackoffMs: int('CONNECT_ERROR_BACKOFF_MS', 2000),
    idleTimeoutMs: int('REALTIME_IDLE_TIMEOUT_MS', 60_000),
    livenessMs: int('REALTIME_LIVENESS_MS', 15_000),
    privateRecheckMs: int('REALTIME_PRIVATE_RECHECK_MS', 1000),
    maxFrameBytes: 5_000_000,
  }
}

/**
 * One connection's message budget: `perSecond` messages a second, up to a second's worth saved.
 * A send that costs more than is left still goes while anything is left (a broadcast to a large
 * topic costs its audience), and the budget is then owed; `take` is false once it is spent.
 * 0: no limit.
 */
export class EventBudget {
  private left: number
  private at: number

  constructor(
    readonly perSecond: number,
    now = Date.now()
  ) {
    this.left = perSecond
    this.at = now
  }

  take(count: number, now = Date.now()): boolean {
    if (this.perSecond <= 0) return true
    this.left = Math.min(this.perSecond, this.left + ((now - this.at) * this.perSecond) / 1000)
    this.at = now
    if (this.left <= 0) return false
    this.left -= count
    return true
  }
}

/** Events per sliding window: `take()` is false once `limit` events happened within `windowMs`. */
export class RateWindow {
  private readonly times: number[] = []
  private head = 0

  constructor(
    private readonly limit: number,
    private readonly windowMs: number
  ) {}

  take(now = Date.now()): boolean {
    while (
      this.head < this.times.length &&
      (this.times[this.head] as number) <= now - this.windowMs
    ) {
      this.head++
    }
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head)
      this.head = 0
    }
    if (this.times.length - this.head >= this.limit) return false
    this.times.push(now)
    return true
  }
}

/**
 * Events per second averaged over the last `maxTicks` one-second ticks, as Realtime's RateCounter
 * measures a tenant's messages: the average moves once a tick, so a burst is weighed against the
 * quiet seconds before it (up to a minute of them).
 */
export class RateCounter {
  private readonly ticks: number[] = []
  private sum = 0
  private current = 0
  private tickStart: number

  constructor(
    readonly limit: number,
    private readonly tickMs = 1000,
    private readonly maxTicks = 60,
    now = Date.now()
  ) {
    this.tickStart = now
  }

  add(count = 1, now = Date.now()): void {
    this.roll(now)
    this.current += count
  }

  /** Events per second over the ticks so far (0 before the first tick ends). */
  average(now = Date.now()): number {
    this.roll(now)
    return this.ticks.length === 0 ? 0 : this.sum / this.ticks.length
  }

  /** Over the limit: the average is above it. */
  triggered(now = Date.now()): boolean {
    return this.average(now) > this.limit
  }

  private roll(now: number): void {
    const elapsed = Math.floor((now - this.tickStart) / this.tickMs)
    if (elapsed <= 0) return
    this.push(this.current)
    for (let i = 1; i < Math.min(elapsed, this.maxTicks + 1); i++) this.push(0)
    this.current = 0
    this.tickStart += elapsed * this.tickMs
  }

  private push(count: number): void {
    this.ticks.push(count)
    this.sum += count
    if (this.ticks.length > this.maxTicks) this.sum -= this.ticks.shift() as number
  }
}
