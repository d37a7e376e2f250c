// Database rows of messages, reactions and attachments, and their app shapes.
import type { Attachment, ChatMessage, Reaction } from '../conversation/types.ts'

export interface MessageRow {
  id: string
  channel_id: string
  seq: number | string
  author_id: string | null
  body: string
  created_at: string
  edited_at: string | null
  deleted_at: string | null
}

export interface ReactionRow {
  id: string
  /** Absent in the reactions embedded by message_page(). */
  message_id?: string
  user_id: string
  emoji: string
}

export interface AttachmentRow {
  id: string
  /** Absent in the attachments embedded by message_page(). */
  message_id?: string
  path: string
  name: string
  size: number | string
  mime_type: string
  width: number | null
  height: number | null
}

export function toMessageFields(row: MessageRow): Omit<ChatMessage, 'reactions' | 'attachments'> {
  return {
    id: row.id,
    channelId: row.channel_id,
    seq: Number(row.seq),
    authorId: row.author_id ?? '',
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
  }
}

export function toReaction(row: ReactionRow): Reaction {
  return { id: row.id, emoji: row.emoji, userId: row.user_id }
}

export function toAttachment(row: AttachmentRow, messageId = row.message_id ?? ''): Attachment {
  return {
    id: row.id,
    messageId,
    path: row.path,
    name: row.name,
    size: Number(row.size),
    mime: row.mime_type,
    width: row.width,
    height: row.height,
  }
}

export function toMessage(
  row: MessageRow & { reactions?: ReactionRow[] | null; attachments?: AttachmentRow[] | null }
): ChatMessage {
  return {
    ...toMessageFields(row),
    reactions: (row.reactions ?? []).map(toReaction),
    attachments: (row.attachments ?? []).map((a) => toAttachment(a, row.id)),
  }
}
