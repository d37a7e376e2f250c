// Replies in threads, as the notifier needs them. A reply kept in its thread moves no channel's
// last_seq, so the channel watch never sees it: the database sends each reply, on my own user
// topic, to me if I follow its thread or am in its direct message (a `thread_replies` event:
// supabase/migrations/*_chorus_thread_reply_live.sql), with my facts at the time (following,
// level, mute, the channel's kind). The reply itself (author, body, mentions) is read by id
// through RLS, as any message.
import { useEffect, useRef } from 'react'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { supabase } from '../../../lib/supabase.ts'
import type { ChannelKind, NotifyLevel } from '../rules.ts'

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
