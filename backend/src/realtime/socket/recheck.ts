// Private channels keep their permission only while the policies still grant it: every
// `privateRecheckMs` (1 s by default) the read policies of every open private channel are
// checked again, all in one rolled-back transaction, and a channel whose caller may no longer
// read the topic is closed with the real server's message. Write permission learned since the
// last check is forgotten, so the next send or track asks the policies again. Hosted Realtime
// keeps a channel's authorization until its token changes; this stack is stricter.
// A round is one database round trip whatever the number of channels (policy-round.ts), and it
// is skipped while the policies would read the same rows: when nothing but the re-checks
// themselves has ended in the database since the last round began (snapshots.ts), or when the
// tables the last round's checks read have the same fingerprint as it saw
// (platform/58-realtime-policy-reads.sql; a message sent elsewhere then costs one fingerprint,
// not a check per channel). Channels joined since the last round (their policies may read other
// tables) are checked alone while the others' tables are unchanged, and what they read joins
// what is compared. A policy that changes its answer with the clock alone, or with a grant, is
// asked again when its tables change, or at the latest FULL_ROUND_MS after the last full round.
// Each round ends by telling `onRound` what it did (the stack's 'realtime-recheck' event), so that
// tests wait for rounds rather than for the clock.
import type { Database } from '../../db/database.ts'
import { isConnectionError } from '../../db/errors.ts'
import type { Logger } from '../../logger.ts'
import { fingerprintRows, recheckRound } from './policy-round.ts'
import type { RoundResult } from './policy-round.ts'
import type { CallerScope, ReadPolicies } from './private-auth.ts'
import { nothingEndedSince, parseSnapshot } from './snapshots.ts'
import type { Snapshot } from './snapshots.ts'

/** Rounds run at least this often, even when nothing was committed. */
export const FULL_ROUND_MS = 60_000

/** What the re-check needs of an open private channel. */
export interface Rechecked {
  readonly closed: boolean
  readonly subTopic: string
  readonly scope: CallerScope
  /** The policies as they stand now. */
  reauthorized(policies: ReadPolicies): void
}

const DENIED: ReadPolicies = { broadcast: false, presence: false }

/** What one round did. */
export interface RecheckRound {
  /**
   * full: every open channel checked; fresh: only the channels joined since the last round;
   * skipped: the tables the policies read were as they were; idle: no channel open; failed: the
   * database could not be reached or the round raised (the channels keep what they had).
   */
  kind: 'full' | 'fresh' | 'skipped' | 'idle' | 'failed'
  /** Channels whose policies were asked. */
  checked: number
  /** Channels closed because their caller may no longer read the topic. */
  revoked: number
}

export class PrivateRecheck {
  private readonly channels = new Set<Rechecked>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false
  /**
   * Where the last round began, its own transaction, and what its checks read with their
   * fingerprint (null: run the next round).
   */
  private last: {
    snapshot: Snapshot
    own: Set<bigint>
    at: number
    reads: string
    fingerprint: string
    /** The rows its fingerprint could sum (the same limit makes the same fingerprint). */
    maxRows: number
  } | null = null
  /** Channels joined since the last round began: the next round checks them. */
  private readonly fresh = new Set<Rechecked>()
  /** Rounds run and skipped, and checks made (in the debug log). */
  readonly counts = { rounds: 0, skipped: 0, checks: 0 }

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly intervalMs: number,
    /** Told of each round as it ends. */
    private readonly onRound: (round: RecheckRound) => void = () => {}
  ) {}

  add(channel: Rechecked): void {
    this.channels.add(channel)
    this.fresh.add(channel)
    this.schedule()
  }

  delete(channel: Rechecked): void {
    this.channels.delete(channel)
    this.fresh.delete(channel)
  }

  /** One round of checks now (tests and the timer). */
  check(): Promise<void> {
    this.running ??= this.round().then(
      (round) => {
        this.running = null
        this.schedule()
        this.onRound(round)
      },
      () => {
        this.running = null
        this.schedule()
      }
    )
    return this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.running || this.channels.size === 0) return
    if (this.intervalMs <= 0) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.check()
    }, this.intervalMs)
    this.timer.unref()
  }

  private async round(): Promise<RecheckRound> {
    const open = [...this.channels].filter((channel) => !channel.closed)
    for (const channel of this.channels) if (channel.closed) this.channels.delete(channel)
    const fresh = [...this.fresh].filter((channel) => !channel.closed)
    this.fresh.clear()
    const failed: RecheckRound = { kind: 'failed', checked: 0, revoked: 0 }
    if (open.length === 0) return { kind: 'idle', checked: 0, revoked: 0 }
    try {
      const last = this.last
      if (last && (await this.unchanged())) {
        if (fresh.length === 0) {
          this.counts.skipped++
          return { kind: 'skipped', checked: 0, revoked: 0 }
        }
        // The others' answers stand while their tables are as they were: only the channels
        // joined since are checked, and the others' tables compared again in the same snapshot.
        const result = await this.run(fresh, last.reads, last.maxRows)
        if (!result) {
          for (const channel of fresh) this.fresh.add(channel)
          return failed
        }
        if (result.baseFingerprint === last.fingerprint) {
          const revoked = this.apply(fresh, result, last.at, last.maxRows)
          return { kind: 'fresh', checked: fresh.length, revoked }
        }
        // Something the others' policies read changed meanwhile: every channel is checked.
      }
      const maxRows = fingerprintRows(open.length)
      const result = await this.run(open, '', maxRows)
      if (!result) return failed
      const revoked = this.apply(open, result, Date.now(), maxRows)
      return { kind: 'full', checked: open.length, revoked }
    } catch (error) {
      this.last = null
      this.log.error('re-checking private channels failed', error)
      return failed
    }
  }

  /**
   * A round's answers given to its channels; what it read becomes what the next compares. Returns
   * how many channels it closed.
   */
  private apply(
    checked: Rechecked[],
    result: RoundResult,
    fullAt: number,
    maxRows: number
  ): number {
    this.counts.rounds++
    this.counts.checks += checked.length
    this.log.debug(
      `re-checked ${checked.length} of ${this.channels.size} private channels ` +
        `(${this.counts.rounds} rounds, ${this.counts.skipped} skipped)`
    )
    const snapshot = parseSnapshot(result.snapshot)
    this.last = snapshot
      ? {
          snapshot,
          own: new Set(result.xid ? [BigInt(result.xid)] : []),
          at: fullAt,
          reads: result.reads,
          fingerprint: result.fingerprint,
          maxRows,
        }
      : null
    let revoked = 0
    checked.forEach((channel, index) => {
      const now = result.policies[index]
      if (now === null) {
        this.log.warn(`RlsPolicyError reading realtime.messages for topic ${channel.subTopic}`)
      }
      if (channel.closed) return
      channel.reauthorized(now ?? DENIED)
      if (channel.closed) revoked++
    })
    return revoked
  }

  /**
   * Nothing but our own rounds ended in the database since the last round began, or what ended
   * left the tables its checks read as they were. In the second case the snapshot taken just
   * before the fingerprint becomes the one to compare with next time.
   */
  private async unchanged(): Promise<boolean> {
    const last = this.last
    if (!last || Date.now() - last.at >= FULL_ROUND_MS) return false
    const [row] = await this.db.api<{ snapshot: string }[]>`
      select pg_current_snapshot()::text as snapshot
    `
    const now = row ? parseSnapshot(row.snapshot) : null
    if (now === null) return false
    if (nothingEndedSince(last.snapshot, now, last.own)) return true
    // The snapshot is taken before the fingerprint's (the function's statements take their own):
    // whatever ended after it is compared again at the next round.
    const [seen] = await this.db.api<{ snapshot: string; fingerprint: string }[]>`
      select pg_current_snapshot()::text as snapshot,
        _supabase_local.policy_fingerprint(
          string_to_array(${last.reads}, ',')::oid[], ${last.maxRows}
        ) as fingerprint
    `
    const before = seen ? parseSnapshot(seen.snapshot) : null
    if (!seen || before === null || seen.fingerprint !== last.fingerprint) return false
    last.snapshot = before
    return true
  }

  /**
   * The round; if a policy raised an error, again with each check isolated (a failing caller is
   * denied, the others are served). Null when the database cannot be reached: the channels keep
   * what they had until the next round.
   */
  private async run(open: Rechecked[], base: string, maxRows: number): Promise<RoundResult | null> {
    try {
      return await recheckRound(this.db, open, false, base, maxRows)
    } catch (error) {
      if (isConnectionError(error)) return null
      this.log.debug(`re-checking private channels one by one: ${(error as Error).message}`)
    }
    try {
      return await recheckRound(this.db, open, true, base, maxRows)
    } catch (error) {
      if (isConnectionError(error)) return null
      throw error
    }
  }
}
