// The live channel's sync protocol in types: what it fetches (SyncTask), its state, the events
// it is told and the effects it asks for, and what open-at.ts adds to them (ChannelExtension).
// sync-machine.ts is the reducer over them.
import type { Backoff } from './backoff.ts'
import type { StatusFlags } from './status.ts'
import type { TransportStatus } from './types.ts'

/** What the protocol is fetching. */
export type SyncTask =
  | { kind: 'idle' }
  /**
   * The newest page. Then: `stop` (the first load: nothing follows unless a catch-up was asked
   * for meanwhile), `catch-up` (a catch-up needs it first), `finish` (the gap was too long to
   * replay, so this page reopens the window and ends the catch-up).
   */
  | { kind: 'latest'; then: 'stop' | 'catch-up' | 'finish' }
  /** Re-reading the newest messages held: edits, deletes and reactions missed while away. */
  | { kind: 'tail' }
  /** Pages of what came after the last contiguous seq held; `pages` done so far. */
  | { kind: 'after'; pages: number }
  /** The pages around `anchor` (a message opened by its link), then a catch-up. */
  | { kind: 'around' }

export type FetchKind = Exclude<SyncTask['kind'], 'idle'>

export interface SyncState extends StatusFlags {
  task: SyncTask
  /** A catch-up was asked for while the task ran. */
  queued: boolean
  /** Events may have been missed for messages already held. */
  staleTail: boolean
  /** Why the last catch-up failed (shown while it is retried). */
  catchUpError: string | null
  backoff: Backoff
  hasOlder: boolean
  loadingOlder: boolean
  olderError: string | null
  /**
   * Opened at a message (`anchor`: its seq) and not joined to the newest messages yet
   * (`hasNewer`): newer pages load on demand, and the first short one joins them.
   */
  anchor: number | null
  hasNewer: boolean
  loadingNewer: boolean
  newerError: string | null
}

export interface SyncLimits {
  pageSize: number
  /** Catch-up pages before giving up on the gap and reopening at the latest messages. */
  maxCatchUpPages: number
}

export type SyncEvent =
  | { type: 'start'; online: boolean }
  | { type: 'online'; online: boolean }
  | { type: 'transport'; status: TransportStatus }
  /** The page became visible again, the user pressed retry, … */
  | { type: 'resync' }
  | { type: 'retry-due' }
  /** A live message left a seq missing below it. */
  | { type: 'gap' }
  | { type: 'latest-loaded'; count: number }
  | { type: 'tail-loaded' }
  | { type: 'after-loaded'; count: number }
  | { type: 'failed'; fetch: FetchKind; error: string; retryable: boolean }
  | { type: 'load-older'; oldest: number | null }
  | { type: 'older-loaded'; count: number }
  | { type: 'older-failed'; error: string }
  /** Open at the message with this seq (a search result, a permalink). */
  | { type: 'open-at'; seq: number }
  /** Counts of the two pages: up to the anchor (it included), and after it. */
  | { type: 'around-loaded'; older: number; newer: number }
  /** Back to the newest messages (the normal channel). */
  | { type: 'jump-latest' }
  | { type: 'load-newer' }
  | { type: 'newer-loaded'; count: number }
  | { type: 'newer-failed'; error: string }

export type SyncEffect =
  | { type: 'fetch-latest' }
  | { type: 'fetch-tail' }
  /** From the window's last contiguous seq, read when the fetch starts. */
  | { type: 'fetch-after' }
  | { type: 'fetch-older'; before: number }
  /** Replaces the window with the pages around that seq. */
  | { type: 'fetch-around'; seq: number }
  /** The page after the window's last contiguous seq, read when the fetch starts. */
  | { type: 'fetch-newer' }
  | { type: 'arm-retry'; delayMs: number }
  | { type: 'cancel-retry' }
  | { type: 'flush-sends' }
  /** Flush with the send queue's back-off restarted: the network is back. */
  | { type: 'resume-sends' }

export interface SyncStep {
  state: SyncState
  effects: SyncEffect[]
}

/** What open-at.ts adds to a LiveChannel: the events it reduces (null: the core's) and its effects. */
export interface ChannelExtension {
  reduce(state: SyncState, event: SyncEvent, limits: SyncLimits): SyncStep | null
  run(effect: SyncEffect): void
}
