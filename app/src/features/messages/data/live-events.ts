// A conversation's live events from the changes the database broadcasts on its channel's topic
// (live:channel:<id>), in the shapes the live channel takes. The channel takes its channel
// messages and its threads' summaries; a thread takes its own replies (by thread seq). Reactions
// and attachments go to both: each applies those of the messages it holds.
import type { LiveChange } from '../../../lib/live.ts'
import type { Conversation, LiveEvent } from '../conversation/types.ts'
import { toAttachment, toMessageFields, toReaction, toThreadSummary } from './rows.ts'
import type { AttachmentRow, MessageRow, ReactionRow, ThreadRow } from './rows.ts'

/** The live event a change of the channel means, or null for a change the conversation ignores. */
export function channelEventOf(
  change: LiveChange,
  channelId: string,
  conversation: Conversation = { kind: 'channel' }
): LiveEvent | null {
  const record = change.record
  if (record.channel_id !== channelId || typeof record.id !== 'string') return null
  const thread = conversation.kind === 'thread' ? conversation.threadId : null
  switch (change.table) {
    case 'messages':
      if (change.operation === 'DELETE') return null
      if (thread !== null) {
        if (record.parent_id !== thread) return null
        return { kind: 'message', message: toMessageFields(record as unknown as MessageRow, true) }
      }
      // A reply kept in its thread is not a channel message: it has no seq, only its thread_seq.
      if (record.in_channel === false) return null
      return { kind: 'message', message: toMessageFields(record as unknown as MessageRow) }
    case 'threads':
      if (thread !== null || change.operation === 'DELETE') return null
      return { kind: 'thread', summary: toThreadSummary(record as unknown as ThreadRow) }
    case 'reactions': {
      const row = record as unknown as ReactionRow
      if (change.operation === 'DELETE') return { kind: 'reaction-removed', reactionId: row.id }
      if (change.operation !== 'INSERT' || !row.message_id) return null
      return { kind: 'reaction-added', messageId: row.message_id, reaction: toReaction(row) }
    }
    case 'attachments':
      if (change.operation === 'DELETE') {
        const row = record as unknown as AttachmentRow
        return typeof row.message_id === 'string'
          ? { kind: 'attachment-removed', messageId: row.message_id, attachmentId: row.id }
          : null
      }
      if (change.operation !== 'INSERT') return null
      return { kind: 'attachment', attachment: toAttachment(record as unknown as AttachmentRow) }
    default:
      return null
  }
}
