// Threads over supabase-js: the Threads view (threads() RPC); the keys of every thread query are
// the message screen's (messages/data/thread-keys.ts), whose thread panel shares them.
// Following and read positions change on my user topic (any device): the thread queries are
// refreshed from it. One open thread's own state is the thread panel's
// (messages/data/thread-state.ts).
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { rpcRows } from '../../../lib/rpc.ts'
import { threadKeys } from '../../messages/index.ts'

export interface FollowedThread {
  id: string
  channelId: string
  channelName: string | null
  channelKind: string
  parent: { authorId: string | null; body: string; createdAt: string; deletedAt: string | null }
  replyCount: number
  lastSeq: number
  lastReplyAt: string | null
  lastRepliers: string[]
  lastReadSeq: number
  unreadCount: number
}

/** The threads I follow in a workspace, unread first (the Threads view). */
export function useFollowedThreads(workspaceId: string) {
  return useQuery({
    queryKey: threadKeys.list(workspaceId),
    queryFn: async (): Promise<FollowedThread[]> => {
      const rows = await rpcRows('threads', { p_workspace_id: workspaceId, p_limit: 200 })
      return rows.map((r) => {
        const parent = (r.parent ?? {}) as Record<string, unknown>
        return {
          id: r.id,
          channelId: r.channel_id,
          channelName: r.channel_name,
          channelKind: r.channel_kind,
          parent: {
            authorId: (parent.author_id as string | null) ?? null,
            body: (parent.body as string | undefined) ?? '',
            createdAt: (parent.created_at as string | undefined) ?? '',
            deletedAt: (parent.deleted_at as string | null) ?? null,
          },
          replyCount: Number(r.reply_count),
          lastSeq: Number(r.last_seq),
          lastReplyAt: r.last_reply_at,
          lastRepliers: r.last_repliers ?? [],
          lastReadSeq: Number(r.last_read_seq),
          unreadCount: Number(r.unread_count),
        }
      })
    },
    // Replies in channels I do not have open come to nobody's topic of mine: look again often.
    refetchInterval: 15_000,
  })
}

/** Following and read positions moved (here or on another device): the thread queries refresh. */
export function useThreadsLive(userId: string) {
  const queryClient = useCatchUpClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.user(userId), {
        onChange: (change) => {
          if (change.table !== 'thread_members') return
          void queryClient.invalidateQueries({ queryKey: threadKeys.all })
        },
        onJoined: (joined) => {
          if (joined)
            void catchUp(queryClient, liveTopic.user(userId), {
              queryKey: [...threadKeys.all, 'list'],
            })
        },
      }),
    [userId, queryClient]
  )
}
