// What this device has shown read in a channel and the server has not confirmed yet: the
// position of a mark still on its way (mark_read), or of messages seen and not marked yet (a busy
// channel's paced marks, messages/components/use-read-while-visible.ts). An answer or an event
// that left before the mark (the channel list fetched, my membership's change on my user topic)
// would otherwise move the list's read position back: the sidebar counted again what had been
// seen, and a channel opened then drew its "New messages" line above messages read long before.
// Any answer at or past the position confirms it (the entry goes), so a position moved back
// later (Mark unread, here or on another device) is shown as the server says.
import { unreadOf } from './types.ts'
import type { Channel } from './types.ts'

const shown = new Map<string, number>()

/** This device has shown `channelId` read up to `seq`. */
export function rememberShownRead(channelId: string, seq: number): void {
  shown.set(channelId, Math.max(shown.get(channelId) ?? 0, seq))
}

/** The server says my read position in `channelId` is `position`: what it covers is confirmed. */
export function confirmRead(channelId: string, position: number): void {
  const seq = shown.get(channelId)
  if (seq !== undefined && position >= seq) shown.delete(channelId)
}

/** A channel as the server sent it, with what this device has shown read and the server has
 * not confirmed yet. */
export function keepShownRead(channel: Channel): Channel {
  confirmRead(channel.id, channel.lastReadSeq)
  const seq = shown.get(channel.id)
  if (seq === undefined || !channel.isMember) return channel
  const kept = { ...channel, lastReadSeq: seq }
  kept.unread = unreadOf(kept)
  if (kept.unread === 0) kept.mentions = 0
  return kept
}

/** Forgets every position (for the tests). */
export function forgetShownReads(): void {
  shown.clear()
}
