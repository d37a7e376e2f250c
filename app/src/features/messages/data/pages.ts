// The one page module, for channels and threads: a page of a conversation's messages by seq
// (message_page() for a channel, by its seq; thread_page() for a thread's replies, by their
// thread seq), as the live channel holds them (reactions, attachments, thread summary); and the
// one cache of a latest page asked for early, which the live channel takes once instead of
// asking again: the channel in the address at boot (main.tsx, in parallel with loading the
// signed-in chunk), a thread as the click that opens it happens (before the panel renders).
import { rpcRows } from '../../../lib/rpc.ts'
import type { ChatMessage, Conversation } from '../conversation/types.ts'
import { toMessage } from './rows.ts'
import type { AttachmentRow, ReactionRow, ThreadRow } from './rows.ts'

export interface PageArgs {
  before?: number
  after?: number
  limit: number
}

/** A page of a channel's messages (conversation: the channel) or of a thread's replies. */
export function fetchPage(
  channelId: string,
  args: PageArgs,
  conversation: Conversation = { kind: 'channel' }
): Promise<ChatMessage[]> {
  if (conversation.kind === 'thread') {
    return rpcRows('thread_page', {
      p_thread_id: conversation.threadId,
      p_before_seq: args.before,
      p_after_seq: args.after,
      p_limit: args.limit,
    }).then((rows) =>
      rows.map((row) =>
        toMessage(
          {
            ...row,
            reactions: row.reactions as ReactionRow[] | null,
            attachments: row.attachments as AttachmentRow[] | null,
            thread: null,
          },
          true
        )
      )
    )
  }
  return rpcRows('message_page', {
    p_channel_id: channelId,
    p_before_seq: args.before,
    p_after_seq: args.after,
    p_limit: args.limit,
  }).then((rows) =>
    rows.map((row) =>
      // The reactions, attachments and thread the functions embed are json (no generated shape).
      toMessage({
        ...row,
        reactions: row.reactions as ReactionRow[] | null,
        attachments: row.attachments as AttachmentRow[] | null,
        thread: row.thread as unknown as ThreadRow | null,
      })
    )
  )
}

/** How long a page asked for early stays good to take: a channel's at boot, a thread's on a click. */
const FRESH_MS = { channel: 10_000, thread: 5_000 }
const THREAD_PAGE = 50

const early = new Map<string, { at: number; limit: number; page: Promise<ChatMessage[]> }>()

function keyOf(channelId: string, conversation: Conversation): string {
  return conversation.kind === 'thread' ? `thread:${conversation.threadId}` : `channel:${channelId}`
}

function askEarly(channelId: string, conversation: Conversation, limit: number): void {
  const page = fetchPage(channelId, { limit }, conversation)
  page.catch(() => undefined)
  early.set(keyOf(channelId, conversation), { at: Date.now(), limit, page })
}

/** Asks for a channel's latest page now (at boot, for the channel in the address). */
export function prefetchLatest(channelId: string, limit = 50): void {
  askEarly(channelId, { kind: 'channel' }, limit)
}

/** Asks for a thread's latest replies now: the click that opens it need not wait for the panel. */
export function prefetchThreadPage(channelId: string, threadId: string): void {
  askEarly(channelId, { kind: 'thread', threadId }, THREAD_PAGE)
}

/** The latest page asked for early, once, if it is recent and big enough. */
export function takePrefetchedPage(
  channelId: string,
  limit: number,
  conversation: Conversation = { kind: 'channel' }
): Promise<ChatMessage[]> | null {
  const key = keyOf(channelId, conversation)
  const entry = early.get(key)
  early.delete(key)
  if (!entry || entry.limit < limit || Date.now() - entry.at > FRESH_MS[conversation.kind]) {
    return null
  }
  return entry.page
}
