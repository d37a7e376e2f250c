// What a LiveChannel is made with (its conversation, transport, outbox, the network's state,
// timers, page sizes, a cache), and where a conversation's unsent messages are kept.
import type { Outbox } from './outbox.ts'
import type { Timers } from './backoff.ts'
import type { ChannelTransport, ChatMessage, Conversation } from './types.ts'

export interface Connectivity {
  isOnline(): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

export interface LiveChannelOptions {
  channelId: string
  /** A thread of the channel (its replies, by thread seq), or the channel itself (default). */
  conversation?: Conversation
  userId: string
  transport: ChannelTransport
  outbox: Outbox
  connectivity: Connectivity
  timers?: Timers
  now?: () => Date
  newId: () => string
  pageSize?: number
  /** Catch-up pages before giving up on the gap and reopening at the latest messages. */
  maxCatchUpPages?: number
  /** Last-known messages (an offline cache), shown until the first page replaces them. */
  cached?: ChatMessage[]
}

export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Where a conversation's unsent messages are kept: the channel's, or a thread's own. */
export function outboxKeyOf(channelId: string, conversation?: Conversation): string {
  return conversation?.kind === 'thread'
    ? `${channelId}.thread.${conversation.threadId}`
    : channelId
}
