// Database rows of messages, reactions and attachments (from the generated types), and their
// app shapes.
import type { Tables } from '../../../lib/database.types.ts'
import type { Attachment, ChatMessage, Reaction, ThreadSummary } from '../conversation/types.ts'

export type MessageRow = Pick<
  Tables<'messages'>,
  'id' | 'channel_id' | 'seq' | 'author_id' | 'body' | 'created_at' | 'edited_at' | 'deleted_at'
> &
  Partial<Pick<Tables<'messages'>, 'parent_id' | 'thread_seq' | 'in_channel' | 'removed_at'>> & {
    /** The app that posted a message without an author (message_page, the live event). */
    app_name?: string | null
    app_username?: string | null
  }

export type ThreadRow = Pick<
  Tables<'threads'>,
  'id' | 'reply_count' | 'last_seq' | 'last_reply_at' | 'last_repliers'
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

/** A message in the conversation held: a thread numbers its replies by thread_seq. */
export function toMessageFields(
  row: MessageRow,
  inThread = false
): Omit<ChatMessage, 'reactions' | 'attachments'> {
  const fields: Omit<ChatMessage, 'reactions' | 'attachments'> = {
    id: row.id,
    channelId: row.channel_id,
    seq: Number(inThread ? row.thread_seq : row.seq),
    authorId: row.author_id,
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
    removedAt: row.removed_at ?? null,
    app: row.app_name ? { name: row.app_name, username: row.app_username ?? null } : null,
  }
  if (row.parent_id) fields.parentId = row.parent_id
  return fields
}

export function toThreadSummary(row: ThreadRow): ThreadSummary {
  return {
    threadId: row.id,
    replyCount: Number(row.reply_count),
    lastSeq: Number(row.last_seq),
    lastReplyAt: row.last_reply_at,
    lastRepliers: row.last_repliers ?? [],
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
  row: MessageRow & {
    reactions?: ReactionRow[] | null
    attachments?: AttachmentRow[] | null
    thread?: ThreadRow | null
  },
  inThread = false
): ChatMessage {
  const message: ChatMessage = {
    ...toMessageFields(row, inThread),
    reactions: (row.reactions ?? []).map(toReaction),
    attachments: (row.attachments ?? []).map((a) => toAttachment(a, row.id)),
  }
  // message_page() says whether a message has a thread; thread_page() (replies) has none.
  if (!inThread) message.thread = row.thread ? toThreadSummary(row.thread) : null
  return message
}
