// A channel's pins over supabase-js: the list (channel_pins), pin and unpin (pin_message,
// unpin_message; the database decides who may), kept fresh from the channel's live topic, where
// every pin and unpin of the channel arrives (and a pinned message's edit or deletion).
import { useEffect, useMemo } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'

export const pinKeys = {
  all: ['pins'] as const,
  channel: (channelId: string) => [...pinKeys.all, channelId] as const,
}

export interface Pin {
  id: string
  messageId: string
  channelId: string
  pinnedBy: string | null
  pinnedAt: string
  message: { authorId: string; body: string; createdAt: string; parentId: string | null }
}

export function useChannelPins(channelId: string) {
  return useQuery({
    queryKey: pinKeys.channel(channelId),
    queryFn: async (): Promise<Pin[]> => {
      const rows = await rpcRows('channel_pins', { p_channel_id: channelId })
      return rows.map((r) => {
        const m = (r.message ?? {}) as Record<string, unknown>
        return {
          id: r.id,
          messageId: r.message_id,
          channelId: r.channel_id,
          pinnedBy: r.pinned_by,
          pinnedAt: r.created_at,
          message: {
            authorId: (m.author_id as string | undefined) ?? '',
            body: (m.body as string | undefined) ?? '',
            createdAt: (m.created_at as string | undefined) ?? '',
            parentId: (m.parent_id as string | null | undefined) ?? null,
          },
        }
      })
    },
  })
}

/** Refreshes the channel's pins when one is added or removed, or a pinned message changes. */
export function usePinsLive(channelId: string, pinnedIds: ReadonlySet<string>) {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.channel(channelId), {
        onChange: (change) => {
          const pinChange = change.table === 'pins'
          const pinnedEdit =
            change.table === 'messages' && pinnedIds.has(String(change.record.id ?? ''))
          if (pinChange || pinnedEdit) {
            void queryClient.invalidateQueries({ queryKey: pinKeys.channel(channelId) })
          }
        },
      }),
    [channelId, pinnedIds, queryClient]
  )
}

export function usePinMutation(channelId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ messageId, pin }: { messageId: string; pin: boolean }) => {
      if (pin) await rpcOne('pin_message', { p_message_id: messageId })
      else await rpcOne('unpin_message', { p_message_id: messageId })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pinKeys.channel(channelId) }),
  })
}

export interface ChannelPinning {
  pins: Pin[]
  /** Pinned message id -> who pinned it. */
  pinnedBy: ReadonlyMap<string, string | null>
  toggle: (messageId: string, pin: boolean) => void
  error: unknown
  dismissError: () => void
}

/** Everything a channel needs of its pins: the list, live, and pin/unpin. */
export function useChannelPinning(channelId: string): ChannelPinning {
  const query = useChannelPins(channelId)
  const pinnedBy = useMemo(
    () => new Map((query.data ?? []).map((p) => [p.messageId, p.pinnedBy])),
    [query.data]
  )
  const pinnedIds = useMemo(() => new Set(pinnedBy.keys()), [pinnedBy])
  usePinsLive(channelId, pinnedIds)
  const mutation = usePinMutation(channelId)
  const { mutate, reset } = mutation
  return useMemo(
    () => ({
      pins: query.data ?? [],
      pinnedBy,
      toggle: (messageId: string, pin: boolean) => mutate({ messageId, pin }),
      error: mutation.error,
      dismissError: reset,
    }),
    [query.data, pinnedBy, mutate, reset, mutation.error]
  )
}
