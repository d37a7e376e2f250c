// The live channel's data and its contract with the network. The class never imports
// supabase-js: data/channel-transport.ts implements ChannelTransport over it, tests fake it. A
// message's own shape is the message slot's (slots/message.ts), which the features see.
import type { Attachment, ChatMessage, Reaction, ThreadSummary } from '../../../slots/message.ts'

export type {
  AppAuthor,
  Attachment,
  ChatMessage,
  Reaction,
  ThreadSummary,
} from '../../../slots/message.ts'

/**
 * What a live conversation holds: a channel's messages (seq = the channel's numbers), or the
 * replies of one thread in it (seq = the thread's numbers).
 */
export type Conversation = { kind: 'channel' } | { kind: 'thread'; threadId: string }

/** Attachment metadata of a message not yet confirmed (its file is already in Storage). */
export type OutgoingAttachment = Omit<Attachment, 'messageId'>

export interface OutgoingMessage {
  id: string
  channelId: string
  body: string
  attachments: OutgoingAttachment[]
  /** A reply also sent to the channel ("Also send to #channel"). */
  inChannel?: boolean
}

/**
 * A send the server has not confirmed. `waiting`: not sent yet or the network failed (retried
 * automatically); `sending`: a request is in flight; `failed`: the server refused it (retry by hand).
 */
export interface PendingMessage extends OutgoingMessage {
  authorId: string
  createdAt: string
  state: 'waiting' | 'sending' | 'failed'
  error: string | null
  attempts: number
}

export type ChannelStatus =
  'loading' | 'live' | 'catching-up' | 'reconnecting' | 'offline' | 'error'

export type LiveEvent =
  | { kind: 'message'; message: Omit<ChatMessage, 'reactions' | 'attachments'> }
  | { kind: 'reaction-added'; messageId: string; reaction: Reaction }
  /** Realtime tells only the id of a deleted row when the table has row-level security. */
  | { kind: 'reaction-removed'; reactionId: string }
  | { kind: 'attachment'; attachment: Attachment }
  /** A file gone from a message (its message deleted, or removed by an admin). */
  | { kind: 'attachment-removed'; messageId: string; attachmentId: string }
  /** A parent's thread summary changed (a reply came, went or was deleted). */
  | { kind: 'thread'; summary: ThreadSummary }

export type TransportStatus = 'connected' | 'disconnected'

export interface TransportListener {
  onStatus(status: TransportStatus): void
  onEvent(event: LiveEvent): void
}

/** Why a network call failed: worth retrying (network) or not (refused). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The refusal's Chorus code (`channel_archived`), else its SQLSTATE. */
    readonly code: string | null = null
  ) {
    super(message)
    this.name = 'TransportError'
  }
}

/** An error's text, as the channel shows it. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export interface ChannelTransport {
  /** The newest `limit` messages, ascending by seq. */
  latest(limit: number): Promise<ChatMessage[]>
  /** Messages with seq > afterSeq, ascending, at most `limit`. */
  after(afterSeq: number, limit: number): Promise<ChatMessage[]>
  /** Messages with seq < beforeSeq, ascending, the `limit` closest to it. */
  before(beforeSeq: number, limit: number): Promise<ChatMessage[]>
  /** Inserts the message; sending the same id again returns the stored message. */
  send(message: OutgoingMessage): Promise<ChatMessage>
  edit(messageId: string, body: string): Promise<void>
  remove(messageId: string): Promise<void>
  addReaction(messageId: string, reaction: Reaction): Promise<void>
  removeReaction(messageId: string, reaction: Reaction): Promise<void>
  subscribe(listener: TransportListener): () => void
}

export interface ChannelSnapshot {
  status: ChannelStatus
  /** Set in status 'error' and for failures of the last catch-up. */
  error: string | null
  /** Confirmed messages, ascending by seq. */
  messages: ChatMessage[]
  /** Unconfirmed sends, in the order they were made. */
  pending: PendingMessage[]
  hasOlder: boolean
  loadingOlder: boolean
  olderError: string | null
  /** Opened at a message (LiveChannel.openAt) and not joined to the newest messages yet. */
  hasNewer: boolean
  loadingNewer: boolean
  newerError: string | null
  /** Set once the first page arrived (an empty channel is loaded too). */
  loaded: boolean
}
