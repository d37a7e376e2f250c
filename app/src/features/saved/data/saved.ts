// Saved for later over supabase-js: which messages I saved (saved_items, my own rows only) and
// the Later view's lists (later_items); save / done / remove are save-mutation.ts. My saved list
// changes on my user topic (my other devices too).
import { useEffect, useMemo } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

export const savedKeys = {
  all: ['saved'] as const,
  mine: () => [...savedKeys.all, 'mine'] as const,
  later: (workspaceId: string, done: boolean) =>
    [...savedKeys.all, 'later', workspaceId, done] as const,
}

export interface SavedState {
  remindAt: string | null
  doneAt: string | null
}

/** My saved messages by id (any workspace), with their reminder and done time. */
export function useMySaved() {
  const query = useQuery({
    queryKey: savedKeys.mine(),
    queryFn: async (): Promise<Map<string, SavedState>> => {
      const { data, error } = await supabase()
        .from('saved_items')
        .select('message_id, remind_at, done_at')
        .order('created_at', { ascending: false })
        .limit(1000)
      if (error) throw error
      return new Map(data.map((r) => [r.message_id, { remindAt: r.remind_at, doneAt: r.done_at }]))
    },
  })
  return useMemo(() => query.data ?? new Map<string, SavedState>(), [query.data])
}

export interface LaterItem {
  id: string
  messageId: string
  channelId: string
  channelName: string | null
  channelKind: string
  remindAt: string | null
  due: boolean
  doneAt: string | null
  message: { authorId: string; body: string; createdAt: string }
}

export function useLaterItems(workspaceId: string, done: boolean) {
  return useQuery({
    queryKey: savedKeys.later(workspaceId, done),
    queryFn: async (): Promise<LaterItem[]> => {
      const rows = await rpcRows('later_items', { p_workspace_id: workspaceId, p_done: done })
      return rows.map((r) => {
        const m = (r.message ?? {}) as Record<string, unknown>
        return {
          id: r.id,
          messageId: r.message_id,
          channelId: r.channel_id,
          channelName: r.channel_name,
          channelKind: r.channel_kind,
          remindAt: r.remind_at,
          due: r.due,
          doneAt: r.done_at,
          message: {
            authorId: (m.author_id as string | undefined) ?? '',
            body: (m.body as string | undefined) ?? '',
            createdAt: (m.created_at as string | undefined) ?? '',
          },
        }
      })
    },
    // A reminder comes due with time, not with a change: look again each minute.
    refetchInterval: 60_000,
  })
}

/** Keeps every saved query fresh from my user topic. */
export function useSavedLive(me: string) {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.user(me), {
        onChange: (change) => {
          if (change.table === 'saved_items') {
            void queryClient.invalidateQueries({ queryKey: savedKeys.all })
          }
        },
      }),
    [me, queryClient]
  )
}
