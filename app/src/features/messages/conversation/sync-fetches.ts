// The sync machine's fetches as LiveChannel runs them: the newest page, the stale tail re-read,
// the pages after the last contiguous seq, and older pages, each into the channel's window and
// reported back as an event (open-at.ts runs its own the same way).
import type { MessageWindow } from './message-window.ts'
import type { FetchKind, SyncEvent, SyncLimits } from './sync-types.ts'
import { messageOf, TransportError } from './types.ts'
import type { ChannelTransport } from './types.ts'

/** How many of the newest held messages are re-read after a disconnection. */
const TAIL_REFRESH = 200

/** The channel as its fetches see it (LiveChannel). */
export interface FetchHost {
  readonly transport: ChannelTransport
  readonly limits: SyncLimits
  readonly window: MessageWindow
  /** Which window a fetch was made for: a window replaced drops the old one's results. */
  readonly epoch: number
  readonly isDisposed: boolean
  dispatch(event: SyncEvent): void
}

/** One fetch of the protocol: its result, or null once it failed (reported) or was disposed. */
export async function fetchOnce<T>(
  live: FetchHost,
  kind: FetchKind,
  call: () => Promise<T>
): Promise<T | null> {
  const epoch = live.epoch
  try {
    const result = await call()
    return live.isDisposed || epoch !== live.epoch ? null : result
  } catch (error) {
    if (epoch !== live.epoch) return null
    const retryable = error instanceof TransportError ? error.retryable : true
    live.dispatch({ type: 'failed', fetch: kind, error: messageOf(error), retryable })
    return null
  }
}

export function fetchLatest(live: FetchHost): void {
  void fetchOnce(live, 'latest', () => live.transport.latest(live.limits.pageSize)).then((page) => {
    if (!page) return
    live.window.replaceWithLatest(page)
    live.dispatch({ type: 'latest-loaded', count: page.length })
  })
}

export function fetchTail(live: FetchHost): void {
  // A catch-up by seq brings new messages, but the edits, deletions and reactions sent
  // while disconnected touched rows already held: re-read the newest of them.
  const range = live.window.tailRange(TAIL_REFRESH)
  if (!range) {
    live.dispatch({ type: 'tail-loaded' })
    return
  }
  void fetchOnce(live, 'tail', () => live.transport.after(range.afterSeq, range.limit)).then(
    (rows) => {
      if (!rows) return
      live.window.upsertMany(rows.filter((m) => m.seq <= range.upToSeq))
      live.dispatch({ type: 'tail-loaded' })
    }
  )
}

export function fetchAfter(live: FetchHost): void {
  void fetchOnce(live, 'after', () =>
    live.transport.after(live.window.syncedSeq, live.limits.pageSize)
  ).then((page) => {
    if (!page) return
    live.window.appendAfterSynced(page)
    live.dispatch({ type: 'after-loaded', count: page.length })
  })
}

/** The page before seq `before`; loadOlder awaits what this returns. */
export function fetchOlder(live: FetchHost, before: number): Promise<void> {
  const epoch = live.epoch
  return live.transport.before(before, live.limits.pageSize).then(
    (page) => {
      if (live.isDisposed || epoch !== live.epoch) return
      live.window.upsertMany(page)
      live.dispatch({ type: 'older-loaded', count: page.length })
    },
    (error: unknown) => {
      if (epoch === live.epoch) live.dispatch({ type: 'older-failed', error: messageOf(error) })
    }
  )
}
