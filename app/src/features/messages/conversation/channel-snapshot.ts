// What React reads of a LiveChannel: its snapshot, made from the sync state, the window's
// messages and the pending sends, and compared field by field so that an unchanged one is kept.
import { syncStatus } from './sync-machine.ts'
import type { SyncState } from './sync-types.ts'
import type { ChannelSnapshot } from './types.ts'

export function snapshotOf(
  state: SyncState,
  messages: ChannelSnapshot['messages'],
  pending: ChannelSnapshot['pending']
): ChannelSnapshot {
  return {
    status: syncStatus(state),
    error: state.fatal ?? state.catchUpError,
    messages,
    pending,
    hasOlder: state.hasOlder,
    loadingOlder: state.loadingOlder,
    olderError: state.olderError,
    hasNewer: state.hasNewer,
    loadingNewer: state.loadingNewer,
    newerError: state.newerError,
    loaded: state.loaded,
  }
}

/** Field by field: the window and the queue replace their arrays whenever they change. */
export function sameSnapshot(a: ChannelSnapshot, b: ChannelSnapshot): boolean {
  for (const key of Object.keys(a) as (keyof ChannelSnapshot)[]) {
    if (a[key] !== b[key]) return false
  }
  return true
}
