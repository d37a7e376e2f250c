// Who may post in a channel (announcement channels), over supabase-js: the setting as I see it
// (channel_posting_state: who, whether others may reply in threads, what I may do, the people
// listed), changed with set_channel_posting (the database decides who may), and kept live from
// the channel's topic, where every change of the setting or its list arrives.
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { showWrite } from '../../../lib/show-write.ts'

export type Who = 'everyone' | 'admins' | 'listed'

export interface Posting {
  who: Who
  /** Whether everyone else may still reply in threads. */
  replies: boolean
  mayPost: boolean
  mayReply: boolean
  mayManage: boolean
  /** The people listed (used when `who` is 'listed'). */
  posters: string[]
}

export const postingKey = (channelId: string) => ['posting', channelId] as const

export function toPosting(raw: unknown): Posting {
  const r = (raw ?? {}) as Record<string, unknown>
  const who = r.who === 'admins' || r.who === 'listed' ? r.who : 'everyone'
  return {
    who,
    replies: r.replies !== false,
    mayPost: r.may_post !== false,
    mayReply: r.may_reply !== false,
    mayManage: r.may_manage === true,
    posters: Array.isArray(r.posters) ? r.posters.map(String) : [],
  }
}

/** The channel's setting as I see it, live. */
export function usePosting(channelId: string) {
  const queryClient = useCatchUpClient()
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: postingKey(channelId) })
    return subscribeLive(liveTopic.channel(channelId), {
      onChange: (change) => {
        if (change.table === 'channel_posting' || change.table === 'channel_posters') refresh()
      },
      // back after a disconnect: what changed meanwhile
      onJoined: (joined) =>
        joined &&
        void catchUp(queryClient, liveTopic.channel(channelId), {
          queryKey: postingKey(channelId),
        }),
    })
  }, [channelId, queryClient])
  return useQuery({
    queryKey: postingKey(channelId),
    queryFn: async () =>
      toPosting(await rpcOne('channel_posting_state', { p_channel_id: channelId })),
    staleTime: 60_000,
  })
}

export interface PostingChange {
  who: Who
  replies: boolean
  /** The list of people; undefined keeps it. */
  people?: string[]
}

export function useSetPosting(channelId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: PostingChange) =>
      toPosting(
        await rpcOne('set_channel_posting', {
          p_channel_id: channelId,
          p_who: change.who,
          p_replies: change.replies,
          ...(change.people ? { p_user_ids: change.people } : {}),
        })
      ),
    // Shown at once; the answer (or, refused, the stored setting) replaces it.
    onMutate: (change) =>
      showWrite<Posting>(
        queryClient,
        { queryKey: postingKey(channelId), exact: true },
        (old) =>
          old && {
            ...old,
            who: change.who,
            replies: change.replies,
            posters: change.people ?? old.posters,
          }
      ),
    onSuccess: (posting) => queryClient.setQueryData(postingKey(channelId), posting),
    onError: () => queryClient.invalidateQueries({ queryKey: postingKey(channelId) }),
  })
}
