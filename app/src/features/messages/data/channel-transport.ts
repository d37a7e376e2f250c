// The live channel's network side over supabase-js: pages of messages by seq through REST, sends
// keyed by the client's id, and postgres_changes for the channel (RLS decides who receives what).
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { isNetworkError, cleanError } from '../../../lib/clean-error.ts'
import { supabase } from '../../../lib/supabase.ts'
import { TransportError } from '../conversation/types.ts'
import type {
  ChannelTransport,
  ChatMessage,
  OutgoingMessage,
  Reaction,
  TransportListener,
} from '../conversation/types.ts'
import { fetchPage, takePrefetched } from './prefetch.ts'
import { toAttachment, toMessageFields, toReaction } from './rows.ts'
import type { AttachmentRow, MessageRow, ReactionRow } from './rows.ts'

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

async function run<T>(call: () => PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  let result: { data: T | null; error: unknown }
  try {
    result = await call()
  } catch (error) {
    throw transportError(error)
  }
  if (result.error) throw transportError(result.error)
  return result.data as T
}

export function supabaseChannelTransport(channelId: string, userId: string): ChannelTransport {
  const client = supabase()

  function page(args: { before?: number; after?: number; limit: number }): Promise<ChatMessage[]> {
    return fetchPage(channelId, { ...args, limit: Math.min(args.limit, MAX_PAGE) }).catch(
      (error: unknown) => {
        throw transportError(error)
      }
    )
  }

  return {
    latest: (limit) =>
      (takePrefetched(channelId, limit) ?? page({ limit })).catch((error: unknown) => {
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
          })
          .single<MessageRow>()
      )
      const attachments = message.attachments.map((a) => ({ ...a, messageId: message.id }))
      return { ...toMessageFields(row), reactions: [], attachments }
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
      const filter = `channel_id=eq.${channelId}`
      let joined = false
      let changesReady = false
      const channel: RealtimeChannel = client
        .channel(`messages:${channelId}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'messages', filter },
          (p) => onMessage(p as RealtimePostgresChangesPayload<MessageRow>)
        )
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'messages', filter },
          (p) => onMessage(p as RealtimePostgresChangesPayload<MessageRow>)
        )
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'reactions', filter },
          (p) => {
            const row = (p as RealtimePostgresChangesPayload<ReactionRow>).new as ReactionRow
            if (!row.message_id) return
            listener.onEvent({
              kind: 'reaction-added',
              messageId: row.message_id,
              reaction: toReaction(row),
            })
          }
        )
        // Deleted rows carry only their id under RLS, so this cannot be filtered by channel;
        // ids the channel does not hold are ignored.
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'reactions' }, (p) => {
          const old = (p as RealtimePostgresChangesPayload<ReactionRow>).old as Partial<ReactionRow>
          if (old.id) listener.onEvent({ kind: 'reaction-removed', reactionId: old.id })
        })
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'attachments', filter },
          (p) => {
            const row = (p as RealtimePostgresChangesPayload<AttachmentRow>).new as AttachmentRow
            listener.onEvent({ kind: 'attachment', attachment: toAttachment(row) })
          }
        )
        // Live only once the server says the postgres_changes subscription runs: the join reply
        // comes first, and a change committed between the two would be in neither the catch-up
        // nor the stream.
        .on('system', {}, (payload: { extension?: string; status?: string }) => {
          if (payload.extension !== 'postgres_changes') return
          changesReady = payload.status === 'ok'
          report()
        })
        .subscribe((status) => {
          joined = status === 'SUBSCRIBED'
          if (!joined) changesReady = false
          report()
        })

      function report() {
        listener.onStatus(joined && changesReady ? 'connected' : 'disconnected')
      }

      function onMessage(payload: RealtimePostgresChangesPayload<MessageRow>) {
        const row = payload.new as MessageRow
        if (!row?.id || row.channel_id !== channelId) return
        listener.onEvent({ kind: 'message', message: toMessageFields(row) })
      }

      return () => {
        void client.removeChannel(channel)
      }
    },
  }
}
