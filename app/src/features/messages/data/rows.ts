// Database rows of messages, reactions and attachments (from the generated types), and their
// app shapes.
import type { Tables } from '../../../lib/database.types.ts'
import type { Attachment, ChatMessage, Reaction } from '../conversation/types.ts'

export type MessageRow = Pick<
  Tables<'messages'>,
  'id' | 'channel_id' | 'seq' | 'author_id' | 'body' | 'created_at' | 'edited_at' | 'deleted_at'
>

/** message_id is absent in the reactions message_page() embeds. */
export type ReactionRow = Pick<Tables<'reactions'>, 'id' | 'user_id' | 'emoji'> &
  Partial<Pick<Tables<'reactions'>, 'message_id'>>

/** message_id is absent in the attachments message_page() embeds. */
export type AttachmentRow = Pick<
  Tables<'attachments'>,
  'id' | 'path' | 'name' | 'size' | 'mime_type' | 'width' | 'height'
> &
  Partial<Pick<Tables<'attachments'>, 'message_id'>>

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
