// The channel's live events from the changes the database broadcasts on its topic
// (live:channel:<id>), in the shapes the live channel takes.
import type { LiveChange } from '../../../lib/live.ts'
import type { LiveEvent } from '../conversation/types.ts'
import { toAttachment, toMessageFields, toReaction } from './rows.ts'
import type { AttachmentRow, MessageRow, ReactionRow } from './rows.ts'

/** The live event a change of the channel means, or null for a change the channel ignores. */
export function channelEventOf(change: LiveChange, channelId: string): LiveEvent | null {
  const record = change.record
  if (record.channel_id !== channelId || typeof record.id !== 'string') return null
  switch (change.table) {
    case 'messages':
      // A reply kept in its thread is not a channel message: its seq is its place in the thread.
      if (change.operation === 'DELETE' || record.in_channel === false) return null
      return { kind: 'message', message: toMessageFields(record as unknown as MessageRow) }
    case 'reactions': {
      const row = record as unknown as ReactionRow
      if (change.operation === 'DELETE') return { kind: 'reaction-removed', reactionId: row.id }
      if (change.operation !== 'INSERT' || !row.message_id) return null
      return { kind: 'reaction-added', messageId: row.message_id, reaction: toReaction(row) }
    }
    case 'attachments':
      if (change.operation !== 'INSERT') return null
      return { kind: 'attachment', attachment: toAttachment(record as unknown as AttachmentRow) }
    default:
      return null
  }
}
