// Replies in threads, as the notifier needs them. A reply kept in its thread moves no channel's
// last_seq, so the channel watch never sees it: the database sends each reply, on my own user
// topic, to me if I follow its thread or am in its direct message (a `thread_replies` event:
// supabase/migrations/*_chorus_thread_reply_live.sql), with my facts at the time (following,
// level, mute, the channel's kind). The reply itself (author, body, mentions) is read by id
// through RLS, as any message. What came on the topic before the notifier listened (it loads a
// moment after the first screen) is read back once, when it starts with the page
// (fetchRepliesSince).
import { useEffect, useRef } from 'react'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { supabase } from '../../../lib/supabase.ts'
import type { ChannelKind, NotifyLevel } from '../rules.ts'
import type { Membership } from './memberships.ts'
import { SINCE_LIMIT } from './page-start.ts'

export interface ThreadReplyEvent {
  id: string
  channelId: string
  threadId: string
  workspaceId: string
  kind: ChannelKind
  following: boolean
  muted: boolean
  level: NotifyLevel | null
}

export interface Reply {
  id: string
  authorId: string
  body: string
  mentions: string[]
  deleted: boolean
  channelName: string | null
}

const KINDS: ReadonlySet<string> = new Set(['public', 'private', 'dm'])
const LEVELS: ReadonlySet<string> = new Set(['all', 'mentions', 'nothing'])

/** The event a live record carries, or null for anything that is not one. */
export function toThreadReplyEvent(record: Record<string, unknown>): ThreadReplyEvent | null {
  const { id, channel_id, thread_id, workspace_id, kind, following, muted, notify_level } = record
  if (
    typeof id !== 'string' ||
    typeof channel_id !== 'string' ||
    typeof thread_id !== 'string' ||
    typeof workspace_id !== 'string' ||
    typeof kind !== 'string' ||
    !KINDS.has(kind)
  )
    return null
  return {
    id,
    channelId: channel_id,
    threadId: thread_id,
    workspaceId: workspace_id,
    kind: kind as ChannelKind,
    following: following === true,
    muted: muted === true,
    level:
      typeof notify_level === 'string' && LEVELS.has(notify_level)
        ? (notify_level as NotifyLevel)
        : null,
  }
}

/** The reply by id, as RLS lets me read it (null: gone, or no longer mine to read). */
export async function fetchReply(id: string): Promise<Reply | null> {
  const { data, error } = await supabase()
    .from('messages')
    .select('id, author_id, body, mentions, deleted_at, channels(name)')
    .eq('id', id)
    .maybeSingle()
  if (error) throw error
  if (!data || !data.author_id) return null
  return {
    id: data.id,
    authorId: data.author_id,
    body: data.body,
    mentions: data.mentions ?? [],
    deleted: !!data.deleted_at,
    channelName: data.channels?.name ?? null,
  }
}

/** In how many of the newest threads the hand-over looks (SINCE_LIMIT replies at most). */
const SINCE_THREADS = 50

/**
 * The replies my user topic carried since `since` (ms since the epoch), as the events it
 * carried: in threads of my channels (RLS) that I follow or in direct messages, not mine, not
 * deleted, oldest first. My level and mute are today's, from `memberships`.
 */
export async function fetchRepliesSince(
  me: string,
  since: number,
  memberships: readonly Membership[]
): Promise<ThreadReplyEvent[]> {
  const after = new Date(since).toISOString()
  const threads = await supabase()
    .from('threads')
    .select('id, channel_id')
    .gte('last_reply_at', after)
    .order('last_reply_at', { ascending: false })
    .limit(SINCE_THREADS)
  if (threads.error) throw threads.error
  if (threads.data.length === 0) return []
  const threadIds = threads.data.map((t) => t.id)
  const [replies, follows] = await Promise.all([
    supabase()
      .from('messages')
      .select('id, channel_id, parent_id')
      .in('parent_id', threadIds)
      .gte('created_at', after)
      .neq('author_id', me)
      .is('deleted_at', null)
      .order('created_at')
      .limit(SINCE_LIMIT),
    supabase()
      .from('thread_members')
      .select('thread_id, following')
      .eq('user_id', me)
      .in('thread_id', threadIds),
  ])
  for (const answer of [replies, follows]) if (answer.error) throw answer.error
  const following = new Set(follows.data!.filter((f) => f.following).map((f) => f.thread_id))
  const member = new Map(memberships.map((m) => [m.channelId, m]))
  return replies.data!.flatMap((r) => {
    const m = member.get(r.channel_id)
    const event =
      m && r.parent_id
        ? toThreadReplyEvent({
            id: r.id,
            channel_id: r.channel_id,
            thread_id: r.parent_id,
            workspace_id: m.workspaceId,
            kind: m.kind,
            following: following.has(r.parent_id),
            muted: m.muted,
            notify_level: m.level,
          })
        : null
    return event && (event.following || event.kind === 'dm') ? [event] : []
  })
}

/** Calls onReply for each thread reply sent to my user topic (every tab receives them). */
export function useThreadReplies(me: string, onReply: (event: ThreadReplyEvent) => void): void {
  const latest = useRef(onReply)
  useEffect(() => {
    latest.current = onReply
  })
  useEffect(() => {
    if (!me) return
    return subscribeLive(liveTopic.user(me), {
      onChange: ({ table, operation, record }) => {
        if (table !== 'thread_replies' || operation !== 'INSERT') return
        const event = toThreadReplyEvent(record)
        if (event) latest.current(event)
      },
    })
  }, [me])
}
