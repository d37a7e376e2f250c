// The sync machine's tests' vocabulary: events fed in order (play), the events they name, and a
// channel that is live.
import { initialSyncState, reduce } from './sync-machine.ts'
import type { SyncEffect, SyncEvent, SyncState } from './sync-types.ts'

export const limits = { pageSize: 10, maxCatchUpPages: 3 }

/** Feeds events in order; returns the last state and the effects of the last event. */
export function play(events: SyncEvent[], from: SyncState = initialSyncState()) {
  let state = from
  let effects: SyncEffect[] = []
  for (const event of events) ({ state, effects } = reduce(state, event, limits))
  return { state, effects }
}

export const start: SyncEvent = { type: 'start', online: true }
export const connected: SyncEvent = { type: 'transport', status: 'connected' }
export const disconnected: SyncEvent = { type: 'transport', status: 'disconnected' }
export const offline: SyncEvent = { type: 'online', online: false }
export const online: SyncEvent = { type: 'online', online: true }
export const latest = (count = 10): SyncEvent => ({ type: 'latest-loaded', count })
export const after = (count: number): SyncEvent => ({ type: 'after-loaded', count })
export const networkDown = (fetch: 'latest' | 'tail' | 'after'): SyncEvent => ({
  type: 'failed',
  fetch,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a test's error
  error: 'Failed to fetch',
  retryable: true,
})
export const refused = (fetch: 'latest' | 'tail' | 'after'): SyncEvent => ({
  type: 'failed',
  fetch,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a test's error
  error: 'Channel not found.',
  retryable: false,
})

/** Started, first page in, joined and caught up. */
export const live = () => play([start, latest(), connected, after(0)]).state
