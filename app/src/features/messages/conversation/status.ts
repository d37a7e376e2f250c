// The live channel's status as a pure function of what it knows. Order matters: a fatal error
// outranks being offline, which outranks everything about the connection.
import type { ChannelStatus } from './types.ts'

export interface StatusFlags {
  /** The first page arrived. */
  loaded: boolean
  /** The browser believes it has a network. */
  online: boolean
  /** The realtime subscription is joined. */
  connected: boolean
  /** It was joined at least once (so "not connected" means reconnecting). */
  everConnected: boolean
  /** Everything up to the newest message was fetched since the last join. */
  synced: boolean
  /** A failure retrying cannot fix (permission, missing channel). */
  fatal: string | null
}

export function deriveStatus(flags: StatusFlags, catchingUp: boolean): ChannelStatus {
  if (flags.fatal) return 'error'
  if (!flags.online) return 'offline'
  if (!flags.loaded) return 'loading'
  if (!flags.connected) return flags.everConnected ? 'reconnecting' : 'loading'
  if (catchingUp || !flags.synced) return 'catching-up'
  return 'live'
}
