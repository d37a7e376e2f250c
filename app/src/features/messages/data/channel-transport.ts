// The live conversation's network side over supabase-js: pages of messages by seq (pages.ts,
// the one page module for channels and threads, with what was asked for early), sends keyed by the client's
// id, and the channel's live topic (lib/live.ts), which only its members may join.
import { isNetworkError, cleanError } from '../../../lib/clean-error.ts'
import { errorCode } from '../../../lib/error-codes.ts'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
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
import { fetchPage, takePrefetchedPage } from './pages.ts'
import type { PageArgs } from './pages.ts'
import { toMessageFields } from './rows.ts'

/** message_page() returns at most this many rows. */
const MAX_PAGE = 200

/** Turns a supabase-js error into one the live channel can classify. */
export function transportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error
  const sqlstate = (error as { code?: unknown } | null)?.code
  return new TransportError(
    cleanError(error),
    isNetworkError(error),
    errorCode(error) ?? (typeof sqlstate === 'string' ? sqlstate : null)
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

export function supabaseChannelTransport(
  channelId: string,
  userId: string,
  conversation: Conversation = { kind: 'channel' }
): ChannelTransport {
  const client = supabase()
  const threadId = conversation.kind === 'thread' ? conversation.threadId : null

  function page(args: PageArgs): Promise<ChatMessage[]> {
    const limited = { ...args, limit: Math.min(args.limit, MAX_PAGE) }
    return fetchPage(channelId, limited, conversation).catch((error: unknown) => {
      throw transportError(error)
    })
  }

  return {
    latest: (limit) =>
      (takePrefetchedPage(channelId, limit, conversation) ?? page({ limit })).catch(
        (error: unknown) => {
          throw transportError(error)
        }
      ),
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
        // Waiting only for the server's join limit (a sign-in storm): nothing to say, the list
        // keeps what it has, and the join's 'connected' catches up as after any reconnect.
        onJoined: (joined, waiting) => {
          if (!waiting) listener.onStatus(joined ? 'connected' : 'disconnected')
        },
        onChange: (change) => {
          const event = channelEventOf(change, channelId, conversation)
          if (event) listener.onEvent(event)
        },
      })
    },
  }
}
