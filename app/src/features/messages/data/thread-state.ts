// One open thread over supabase-js: its parent (when the channel does not hold it), my
// following and read position in it (thread_members, my own rows), follow/unfollow and
// mark-read. Loaded with the thread panel.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { toMessage } from './rows.ts'
import { threadKeys } from './thread-keys.ts'

export interface MyThreadState {
  following: boolean
  lastReadSeq: number
}

/** My following and read position in a thread (none yet: not following, nothing read). */
export function useMyThreadState(threadId: string) {
  return useQuery({
    queryKey: threadKeys.mine(threadId),
    queryFn: async (): Promise<MyThreadState> => {
      const { data, error } = await supabase()
        .from('thread_members')
        .select('following, last_read_seq')
        .eq('thread_id', threadId)
        .maybeSingle()
      if (error) throw error
      return { following: data?.following ?? false, lastReadSeq: Number(data?.last_read_seq ?? 0) }
    },
  })
}

/** A thread's parent message, when the channel does not hold it. */
export function useThreadParent(threadId: string, enabled: boolean) {
  return useQuery({
    queryKey: threadKeys.parent(threadId),
    enabled,
    queryFn: async (): Promise<ChatMessage | null> => {
      const { data, error } = await supabase()
        .from('messages')
        .select(
          'id, channel_id, seq, author_id, body, created_at, edited_at, deleted_at, removed_at, app:integration_messages(app_name, username)'
        )
        .eq('id', threadId)
        .maybeSingle()
      if (error) throw error
      if (!data) return null
      const { app, ...row } = data
      return toMessage({ ...row, app_name: app?.app_name, app_username: app?.username }, true)
    },
  })
}

export function useFollowThread(threadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (follow: boolean) =>
      rpcOne('follow_thread', { p_thread_id: threadId, p_follow: follow }),
    onSuccess: (following) => {
      queryClient.setQueryData<MyThreadState>(threadKeys.mine(threadId), (old) => ({
        lastReadSeq: old?.lastReadSeq ?? 0,
        following: Boolean(following),
      }))
      void queryClient.invalidateQueries({ queryKey: [...threadKeys.all, 'list'] })
    },
  })
}

export function useMarkThreadRead(threadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (seq: number) => rpcOne('mark_thread_read', { p_thread_id: threadId, p_seq: seq }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...threadKeys.all, 'list'] }),
  })
}
