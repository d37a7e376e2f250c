// A conversation opened at one message (a search result, a permalink) is its LiveChannel, not a
// copy: openAt() replaces the window with the pages around the message's seq; it stays live
// (edits, deletions, reactions of what it holds; what lies beyond it comes with its pages, never
// as a hole: LiveChannel.accepts); newer pages load on demand, and the first short one joins the
// newest messages, followed by the usual catch-up (after the last seq held), so a message sent
// meanwhile is not missed: from then on it is the channel as usual. jumpToLatest() goes back to
// the newest page at once. What ran for a replaced window is dropped (LiveChannel.epoch).
// Loaded only with a message opened by its link (OpenAtMessage's lazy chunk), so its events and
// effects are added to the channel's machine here rather than in sync-machine.ts.
import type { LiveChannel } from './live-channel.ts'
import { beginRound, requestCatchUp } from './sync-machine.ts'
import { messageOf } from './types.ts'
import type { SyncEffect, SyncEvent, SyncLimits, SyncState, SyncStep } from './sync-types.ts'

/** Shows the conversation at the message with this seq. */
export function openAt(live: LiveChannel, seq: number): void {
  live.extension ??= { reduce: reduceOpenAt, run: (effect) => runOpenAt(live, effect) }
  live.epoch += 1
  live.window.clear()
  live.dispatch({ type: 'open-at', seq })
}

/** Back to the newest messages from a window opened at a message (else nothing). */
export function jumpToLatest(live: LiveChannel): void {
  if (!live.getSnapshot().hasNewer) return
  live.epoch += 1
  live.dispatch({ type: 'jump-latest' })
}

/** The next page below the window (while it does not reach the newest messages). */
export function loadNewer(live: LiveChannel): void {
  live.dispatch({ type: 'load-newer' })
}

/** A window opened at a message, before it loads (the old one's fetches dropped). */
const NOT_LOADED = {
  task: { kind: 'idle' },
  queued: false,
  loaded: false,
  hasOlder: true,
  loadingOlder: false,
  olderError: null,
  loadingNewer: false,
  newerError: null,
} satisfies Partial<SyncState>

/** The window reaches the newest messages: the channel as usual from now on. */
function join(s: SyncState): void {
  s.anchor = null
  s.hasNewer = false
  s.loadingNewer = false
  s.newerError = null
}

/** This mode's events; null for the others (the core machine's). */
export function reduceOpenAt(
  state: SyncState,
  event: SyncEvent,
  limits: SyncLimits
): SyncStep | null {
  const s: SyncState = { ...state }
  const fx: SyncEffect[] = []
  switch (event.type) {
    case 'open-at':
      Object.assign(s, NOT_LOADED, { anchor: event.seq, hasNewer: true, synced: false })
      s.task = { kind: 'around' }
      fx.push({ type: 'fetch-around', seq: event.seq })
      break
    case 'around-loaded':
      if (s.task.kind !== 'around') break
      s.loaded = true
      s.hasOlder = event.older >= limits.pageSize
      // Short: the newest messages are in; the catch-up is then the usual one.
      if (event.newer < limits.pageSize) join(s)
      beginRound(s, fx)
      break
    case 'jump-latest':
      if (!s.hasNewer) break
      Object.assign(s, NOT_LOADED, { loaded: s.loaded, synced: false })
      join(s)
      // Finished by the newest page, as a gap too long to replay is.
      s.task = { kind: 'latest', then: 'finish' }
      fx.push({ type: 'fetch-latest' })
      break
    case 'load-newer':
      if (s.loadingNewer || !s.hasNewer || !s.loaded) break
      s.loadingNewer = true
      s.newerError = null
      fx.push({ type: 'fetch-newer' })
      break
    case 'newer-loaded':
      if (!s.loadingNewer) break
      s.loadingNewer = false
      if (event.count < limits.pageSize) {
        join(s)
        s.synced = false
        requestCatchUp(s, fx)
      }
      break
    case 'newer-failed':
      if (!s.loadingNewer) break
      s.loadingNewer = false
      s.newerError = event.error
      break
    default:
      return null
  }
  return { state: s, effects: fx }
}

function runOpenAt(live: LiveChannel, effect: SyncEffect): void {
  const { transport, window, limits } = live
  if (effect.type === 'fetch-around') {
    // Up to the message (it included) and after it: one contiguous window.
    void live
      .fetch('around', () =>
        Promise.all([
          transport.before(effect.seq + 1, limits.pageSize),
          transport.after(effect.seq, limits.pageSize),
        ])
      )
      .then((pages) => {
        if (!pages) return
        // A new contiguous window: every seq up to its newest is held.
        window.clear()
        window.upsertMany([...pages[0], ...pages[1]])
        window.syncedSeq = window.maxSeq()
        live.dispatch({ type: 'around-loaded', older: pages[0].length, newer: pages[1].length })
      })
  } else if (effect.type === 'fetch-newer') {
    const epoch = live.epoch
    const current = () => epoch === live.epoch
    transport.after(window.syncedSeq, limits.pageSize).then(
      (page) => {
        if (!current()) return
        window.appendAfterSynced(page)
        live.dispatch({ type: 'newer-loaded', count: page.length })
      },
      (error: unknown) => {
        if (current()) live.dispatch({ type: 'newer-failed', error: messageOf(error) })
      }
    )
  }
}
