// The live channel's sync protocol as a pure function: (state, event) -> (state, effects).
// LiveChannel runs the effects (fetches into its MessageWindow, the retry timer, the send queue)
// and reports back what happened as events (open-at.ts adds those of a conversation opened at a
// message, in its lazy chunk). The rule it keeps: after every (re)subscribe, every
// `online` and every skipped seq, fetch everything after the last contiguous seq held before
// calling the channel live. One fetch of the protocol runs at a time; a catch-up asked for while
// one runs is queued and runs once more when it ends. Its state, events and effects are typed in
// sync-types.ts.
import { disarmed, nextRetry, NO_BACKOFF, restarted } from './backoff.ts'
import { deriveStatus } from './status.ts'
import type {
  SyncEffect,
  SyncEvent,
  SyncLimits,
  SyncState,
  SyncStep,
  SyncTask,
} from './sync-types.ts'
import type { ChannelStatus } from './types.ts'

const IDLE: SyncTask = { kind: 'idle' }

export function initialSyncState(): SyncState {
  return {
    loaded: false,
    online: true,
    connected: false,
    everConnected: false,
    synced: false,
    fatal: null,
    task: IDLE,
    queued: false,
    staleTail: false,
    catchUpError: null,
    backoff: NO_BACKOFF,
    hasOlder: true,
    loadingOlder: false,
    olderError: null,
    anchor: null,
    hasNewer: false,
    loadingNewer: false,
    newerError: null,
  }
}

export function syncStatus(state: SyncState): ChannelStatus {
  return deriveStatus(state, state.task.kind !== 'idle')
}

export function reduce(state: SyncState, event: SyncEvent, limits: SyncLimits): SyncStep {
  // A copy changed in place by the helpers below; the caller's state is never touched.
  const s: SyncState = { ...state }
  const fx: SyncEffect[] = []
  switch (event.type) {
    case 'start':
      s.online = event.online
      s.task = { kind: 'latest', then: 'stop' }
      fx.push({ type: 'fetch-latest' }, { type: 'flush-sends' })
      break
    case 'online':
      if (event.online === s.online) break
      s.online = event.online
      if (!event.online) {
        s.staleTail = true
        break
      }
      s.backoff = restarted(s.backoff)
      s.synced = false
      requestCatchUp(s, fx)
      fx.push({ type: 'resume-sends' })
      break
    case 'transport':
      if (event.status === 'connected') {
        s.connected = true
        s.everConnected = true
        s.synced = false
        requestCatchUp(s, fx)
        fx.push({ type: 'flush-sends' })
      } else {
        if (s.connected) s.staleTail = true
        s.connected = false
        s.synced = false
      }
      break
    case 'resync':
      if (s.fatal) {
        // Start over from the newest page; the catch-up follows it.
        s.fatal = null
        if (s.task.kind === 'idle') firstPage(s, fx)
      }
      s.synced = false
      requestCatchUp(s, fx)
      fx.push({ type: 'flush-sends' })
      break
    case 'retry-due':
      s.backoff = disarmed(s.backoff)
      requestCatchUp(s, fx)
      break
    case 'gap':
      if (!s.synced) break // a catch-up is due or running anyway
      s.synced = false
      requestCatchUp(s, fx)
      break
    case 'latest-loaded': {
      if (s.task.kind !== 'latest') break
      s.loaded = true
      s.hasOlder = event.count >= limits.pageSize
      const { then } = s.task
      if (then === 'finish') finishRound(s, fx)
      else if (then === 'catch-up' || s.queued) beginRound(s, fx)
      else s.task = IDLE
      break
    }
    case 'tail-loaded':
      if (s.task.kind !== 'tail') break
      s.staleTail = false
      afterPages(s, fx)
      break
    case 'after-loaded': {
      if (s.task.kind !== 'after') break
      const pages = s.task.pages + 1
      if (event.count < limits.pageSize) {
        finishRound(s, fx)
      } else if (pages >= limits.maxCatchUpPages) {
        // Too far behind to replay: reopen at the latest messages; older ones page in on scroll.
        s.task = { kind: 'latest', then: 'finish' }
        fx.push({ type: 'fetch-latest' })
      } else {
        s.task = { kind: 'after', pages }
        fx.push({ type: 'fetch-after' })
      }
      break
    }
    case 'failed':
      if (s.task.kind !== event.fetch) break
      s.task = IDLE
      s.queued = false
      // Before the first page the channel stays loading (or offline) until a retry, and says
      // why (the server may be unreachable), as a catch-up does.
      s.catchUpError = event.error
      if (event.retryable) scheduleRetry(s, fx)
      else s.fatal = event.error
      break
    case 'load-older':
      // Older pages follow the first one (before it, the window may hold a cache's messages).
      if (s.loadingOlder || !s.hasOlder || !s.loaded || event.oldest === null) break
      s.loadingOlder = true
      s.olderError = null
      fx.push({ type: 'fetch-older', before: event.oldest })
      break
    case 'older-loaded':
      s.loadingOlder = false
      s.hasOlder = event.count >= limits.pageSize
      break
    case 'older-failed':
      s.loadingOlder = false
      s.olderError = event.error
      break
  }
  return { state: s, effects: fx }
}

/** A catch-up now, or once the running fetch ends. Nothing while a fatal error stands. */
export function requestCatchUp(s: SyncState, fx: SyncEffect[]): void {
  if (s.fatal) return
  if (s.task.kind !== 'idle') {
    s.queued = true
    return
  }
  if (s.backoff.armed) {
    s.backoff = disarmed(s.backoff)
    fx.push({ type: 'cancel-retry' })
  }
  if (s.loaded) beginRound(s, fx)
  else firstPage(s, fx)
}

/** The first page, then a catch-up: the newest messages, or those around the anchor. */
function firstPage(s: SyncState, fx: SyncEffect[]): void {
  if (s.anchor !== null) {
    s.task = { kind: 'around' }
    fx.push({ type: 'fetch-around', seq: s.anchor })
  } else {
    s.task = { kind: 'latest', then: 'catch-up' }
    fx.push({ type: 'fetch-latest' })
  }
}

/**
 * One round of a catch-up: the stale tail if any, then every page after the synced seq (none
 * while opened at a message: newer pages come as they are scrolled to).
 */
export function beginRound(s: SyncState, fx: SyncEffect[]): void {
  s.queued = false
  if (s.staleTail) {
    s.task = { kind: 'tail' }
    fx.push({ type: 'fetch-tail' })
  } else afterPages(s, fx)
}

function afterPages(s: SyncState, fx: SyncEffect[]): void {
  if (s.hasNewer) {
    finishRound(s, fx)
    return
  }
  s.task = { kind: 'after', pages: 0 }
  fx.push({ type: 'fetch-after' })
}

/** The round reached the newest message: live if still joined, or one more round if asked. */
function finishRound(s: SyncState, fx: SyncEffect[]): void {
  if (s.queued) {
    beginRound(s, fx)
    return
  }
  s.task = IDLE
  s.catchUpError = null
  s.backoff = NO_BACKOFF
  if (s.connected) s.synced = true
}

function scheduleRetry(s: SyncState, fx: SyncEffect[]): void {
  // Offline, the network's return starts the next try.
  if (!s.online) return
  const next = nextRetry(s.backoff)
  if (!next) return
  s.backoff = next.backoff
  fx.push({ type: 'arm-retry', delayMs: next.delayMs })
}
