// The live conversation's network side over supabase-js: pages of messages by seq through REST
// (a channel's by its seq, a thread's replies by their thread seq), sends keyed by the client's
// id, and the channel's live topic (lib/live.ts), which only its members may join.
import { isNetworkError, cleanError } from '../../../lib/clean-error.ts'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { TransportError } from '../conversation/types.ts'
import type {
  ChannelTransport,
  ChatMessage,
  Conversation,
  OutgoingMessage,
  Reaction,
  TransportListener,
} from '../conversation/types.ts'
import { channelEventOf } from './live-events.ts'
import { fetchPage, takePrefetchedPage } from './message-page.ts'
import { toMessage, toMessageFields } from './rows.ts'
import type { AttachmentRow, ReactionRow } from './rows.ts'

/** message_page() returns at most this many rows. */
const MAX_PAGE = 200

/** Turns a supabase-js error into one the live channel can classify. */
export function transportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error
  const code = (error as { code?: unknown } | null)?.code
  return new TransportError(
    cleanError(error),
    isNetworkError(error),
    typeof code === 'string' ? code : null
  )
}

async function run<T>(
  call: () => PromiseLike<{ data: T; error: unknown }>
): Promise<NonNullable<T>> {
  let result: { data: T; error: unknown }
  try {
    result = await call()
  } catch (error) {
    throw transportError(error)
  }
  if (result.error) throw transportError(result.error)
  return result.data as NonNullable<T>
}

/** A page of a thread's replies, by thread seq. */
function fetchThreadPage(
  threadId: string,
  args: { before?: number; after?: number; limit: number }
): Promise<ChatMessage[]> {
  return rpcRows('thread_page', {
    p_thread_id: threadId,
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

/** A thread's latest page asked for as it is opened (before the panel renders), once. */
const openingThreads = new Map<string, { at: number; page: Promise<ChatMessage[]> }>()
const OPENING_FRESH_MS = 5_000
const THREAD_PAGE = 50

/** Asks for a thread's latest replies now: the click that opens it need not wait for the panel. */
export function prefetchThreadPage(threadId: string): void {
  const page = fetchThreadPage(threadId, { limit: THREAD_PAGE })
  page.catch(() => undefined)
  openingThreads.set(threadId, { at: Date.now(), page })
}

function takeThreadPage(threadId: string, limit: number): Promise<ChatMessage[]> | null {
  const entry = openingThreads.get(threadId)
  openingThreads.delete(threadId)
  if (!entry || limit > THREAD_PAGE || Date.now() - entry.at > OPENING_FRESH_MS) return null
  return entry.page
}

export function supabaseChannelTransport(
  channelId: string,
  userId: string,
  conversation: Conversation = { kind: 'channel' }
): ChannelTransport {
  const client = supabase()
  const threadId = conversation.kind === 'thread' ? conversation.threadId : null

  function page(args: { before?: number; after?: number; limit: number }): Promise<ChatMessage[]> {
    const limited = { ...args, limit: Math.min(args.limit, MAX_PAGE) }
    return (
      threadId === null ? fetchPage(channelId, limited) : fetchThreadPage(threadId, limited)
    ).catch((error: unknown) => {
      throw transportError(error)
    })
  }

  return {
    latest: (limit) =>
      (
        (threadId === null
          ? takePrefetchedPage(channelId, limit)
          : takeThreadPage(threadId, limit)) ?? page({ limit })
      ).catch((error: unknown) => {
        throw transportError(error)
      }),
    after: (afterSeq, limit) => page({ after: afterSeq, limit }),
    before: (beforeSeq, limit) => page({ before: beforeSeq, limit }),

    async send(message: OutgoingMessage) {
      // The same id again returns the stored message: a retry never duplicates.
      const row = await run(() =>
        client
          .rpc('send_message', {
            p_id: message.id,
            p_channel_id: message.channelId,
            p_body: message.body,
            p_attachments: message.attachments.map((a) => ({
              path: a.path,
              name: a.name,
              width: a.width,
              height: a.height,
            })),
            ...(threadId === null
              ? {}
              : { p_parent_id: threadId, p_in_channel: message.inChannel ?? false }),
          })
          .single()
      )
      const attachments = message.attachments.map((a) => ({ ...a, messageId: message.id }))
      return { ...toMessageFields(row, threadId !== null), reactions: [], attachments }
    },

    async edit(messageId, body) {
      await run(() => client.rpc('edit_message', { p_id: messageId, p_body: body }))
    },

    async remove(messageId) {
      await run(() => client.rpc('delete_message', { p_id: messageId }))
    },

    async addReaction(messageId: string, reaction: Reaction) {
      await run(() =>
        // The same reaction twice is no error: the database keeps one.
        client.from('reactions').insert({
          id: reaction.id,
          message_id: messageId,
          channel_id: channelId,
          user_id: userId,
          emoji: reaction.emoji,
        })
      )
    },

    async removeReaction(messageId: string, reaction: Reaction) {
      await run(() =>
        client
          .from('reactions')
          .delete()
          .eq('message_id', messageId)
          .eq('user_id', userId)
          .eq('emoji', reaction.emoji)
      )
    },

    subscribe(listener: TransportListener) {
      // The channel's private live topic: only its members may join, and its events come from
      // the database in commit order. Live once joined: a change committed before the join is in
      // the catch-up the live channel then makes, one committed after it arrives here.
      return subscribeLive(liveTopic.channel(channelId), {
        onJoined: (joined) => listener.onStatus(joined ? 'connected' : 'disconnected'),
        onChange: (change) => {
          const event = channelEventOf(change, channelId, conversation)
          if (event) listener.onEvent(event)
        },
      })
    },
  }
}
