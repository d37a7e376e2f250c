// Activity over supabase-js: what happened to me in a workspace (activity(): mentions, reactions
// to my messages, replies in threads I follow, being added to a channel), newest first, more on
// request; marking items seen (mark_activity_seen). It stays current from the live topics: my own
// (a reaction to a message of mine, a reply in a thread I follow, being added, my marks moving
// on any device, new messages of channels it carries) and the sidebar's channel list (its
// mention counts, kept live from the workspace's topic). Loaded with the view or the count.
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import type { LiveChange } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { showWrite } from '../../../lib/show-write.ts'
import { channelKeys } from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import type { RpcRow } from '../../../lib/rpc.ts'

export type ActivityKind = 'mention' | 'reply' | 'reaction' | 'channel_invite'
/** Whom a mention named: me, @here, @channel (or @everyone), or a group of mine. */
export type MentionKind = 'you' | 'here' | 'channel' | 'group'

export interface ActivityItem {
  id: string
  kind: ActivityKind
  at: string
  actorId: string | null
  channelId: string
  channelName: string | null
  channelKind: string
  messageId: string | null
  threadId: string | null
  body: string
  emoji: string | null
  mention: MentionKind | null
  /** The message's place in its channel (null: a reply kept in its thread) and its thread. */
  seq: number | null
  threadSeq: number | null
  unread: boolean
}

/** Activity shows this many items at first, and this many more on each request. */
export const ACTIVITY_PAGE = 50
/** The most it shows (activity()'s own limit). */
export const MAX_SHOWN = 200

export const activityKeys = {
  all: ['activity'] as const,
  list: (workspaceId: string) => ['activity', workspaceId] as const,
}

export function toActivityItem(r: RpcRow<'activity'>): ActivityItem {
  return {
    id: r.item_id,
    kind: r.kind as ActivityKind,
    at: r.at,
    actorId: r.actor_id,
    channelId: r.channel_id,
    channelName: r.channel_name,
    channelKind: r.channel_kind,
    messageId: r.message_id,
    threadId: r.thread_id,
    body: r.body ?? '',
    emoji: r.emoji,
    mention: (r.mention as MentionKind | null) ?? null,
    seq: r.seq === null ? null : Number(r.seq),
    threadSeq: r.thread_seq === null ? null : Number(r.thread_seq),
    unread: r.unread,
  }
}

/** My Activity in a workspace, the newest `shown` items (more on request, up to MAX_SHOWN). */
export function useActivity(workspaceId: string, shown = ACTIVITY_PAGE) {
  return useQuery({
    queryKey: [...activityKeys.list(workspaceId), shown],
    queryFn: async (): Promise<ActivityItem[]> => {
      const rows = await rpcRows('activity', { p_workspace_id: workspaceId, p_limit: shown })
      return rows.map(toActivityItem)
    },
    placeholderData: (previous) => previous,
  })
}

function showSeen(queryClient: QueryClient, workspaceId: string, ids: Set<string> | null) {
  return showWrite<ActivityItem[]>(
    queryClient,
    { queryKey: activityKeys.list(workspaceId) },
    (items) =>
      items?.map((item) =>
        item.unread && (ids === null || ids.has(item.id)) ? { ...item, unread: false } : item
      )
  )
}

/** Marks items seen (their ids), or everything (null): shown at once, the server told after. */
export function useMarkActivitySeen(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[] | null) =>
      rpcOne('mark_activity_seen', {
        p_workspace_id: workspaceId,
        ...(ids ? { p_item_ids: ids } : {}),
      }),
    onMutate: (ids) => showSeen(queryClient, workspaceId, ids && new Set(ids)),
    onSettled: (_, error, __, shown) =>
      (error || shown?.dropped) &&
      queryClient.invalidateQueries({ queryKey: activityKeys.list(workspaceId) }),
  })
}

/** My read position moved in a channel or a thread (any device): the messages it passed are
 *  read in Activity too (pure; the items as they were when nothing is passed). */
export function readPassed(items: ActivityItem[], change: LiveChange): ActivityItem[] {
  const r = change.record
  const to = Number(r.last_read_seq)
  if (change.operation !== 'UPDATE' || !Number.isFinite(to)) return items
  const passed = (item: ActivityItem) =>
    change.table === 'channel_members'
      ? item.channelId === r.channel_id && item.seq !== null && item.seq <= to
      : change.table === 'thread_members' &&
        item.threadId === r.thread_id &&
        item.seq === null &&
        item.threadSeq !== null &&
        item.threadSeq <= to
  return items.some((i) => i.unread && i.kind !== 'reaction' && passed(i))
    ? items.map((i) =>
        i.unread && i.kind !== 'reaction' && passed(i) ? { ...i, unread: false } : i
      )
    : items
}

/** Whether a live change may be Activity of mine in this workspace (pure). */
export function touchesActivity(change: LiveChange, workspaceId: string, me: string): boolean {
  const r = change.record
  switch (change.table) {
    case 'activity':
    case 'activity_marks':
    case 'thread_replies':
      return r.workspace_id === workspaceId
    case 'channel_members':
      return change.operation !== 'UPDATE' && r.workspace_id === workspaceId && r.user_id === me
    case 'channels': {
      if (r.workspace_id !== workspaceId || !('new_messages' in r)) return false
      const added = r.new_messages as
        { author_id: string | null; mentions?: string[] | null }[] | null
      // Too many to list (a burst), or too many mentioned to name: look again.
      if (!Array.isArray(added)) return true
      return added.some(
        (m) => m.author_id !== me && (!Array.isArray(m.mentions) || m.mentions.includes(me))
      )
    }
    default:
      return false
  }
}

/** The mentions of me the sidebar counts in a workspace's channels (its cached list). */
function mentionsCounted(queryClient: QueryClient, workspaceId: string): number {
  const list = queryClient.getQueryData<Channel[]>(channelKeys.list(workspaceId))
  return (list ?? []).reduce((sum, c) => sum + c.mentions, 0)
}

/**
 * Keeps my Activity current: a change on my own topic that may be mine, or more mentions counted
 * in the sidebar's list (which follows the workspace's topic, or a guest's own), has it fetched
 * again (together, soon).
 */
export function useActivityLive(workspaceId: string, me: string) {
  const queryClient = useCatchUpClient()
  useEffect(() => {
    let timer: number | undefined
    const again = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: activityKeys.list(workspaceId) }),
        300
      )
    }
    const stop = subscribeLive(liveTopic.user(me), {
      onChange: (change) => {
        if (touchesActivity(change, workspaceId, me)) again()
        else if (change.table === 'channel_members' || change.table === 'thread_members')
          queryClient.setQueriesData<ActivityItem[]>(
            { queryKey: activityKeys.list(workspaceId) },
            (items) => items && readPassed(items, change)
          )
      },
      onJoined: (joined) => {
        if (joined)
          void catchUp(queryClient, liveTopic.user(me), {
            queryKey: activityKeys.list(workspaceId),
          })
      },
    })
    let mentions = mentionsCounted(queryClient, workspaceId)
    const listKey = JSON.stringify(channelKeys.list(workspaceId))
    const unwatch = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== listKey) return
      const now = mentionsCounted(queryClient, workspaceId)
      if (now > mentions) again()
      mentions = now
    })
    return () => {
      window.clearTimeout(timer)
      stop()
      unwatch()
    }
  }, [workspaceId, me, queryClient])
}
