// My channels in every workspace (my channel_members rows with their channel), as the notifier
// needs them for the workspaces that are not open: each channel's kind, name, last_seq, when its
// last message came, my read position, my level and mute. One request for all of them; RLS shows me only my own rows and channels I can read.
import type { QueryClient } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { notificationKeys } from './keys.ts'
import type { ChannelKind, NotifyLevel } from '../rules.ts'

export interface Membership {
  channelId: string
  workspaceId: string
  kind: ChannelKind
  name: string | null
  lastSeq: number
  /** My read position in the channel. */
  lastReadSeq: number
  /** When the channel's newest message was sent (the server's clock), if it has any. */
  lastMessageAt: string | null
  level: NotifyLevel | null
  muted: boolean
}

export async function fetchMyMemberships(me: string): Promise<Membership[]> {
  const { data, error } = await supabase()
    .from('channel_members')
    .select(
      'channel_id, workspace_id, last_read_seq, notify_level, muted, channels(kind, name, last_seq, last_message_at)'
    )
    .eq('user_id', me)
  if (error) throw error
  return data.flatMap((r) =>
    r.channels
      ? [
          {
            channelId: r.channel_id,
            workspaceId: r.workspace_id,
            kind: r.channels.kind as ChannelKind,
            name: r.channels.name,
            lastSeq: Number(r.channels.last_seq),
            lastReadSeq: Number(r.last_read_seq),
            lastMessageAt: r.channels.last_message_at,
            level: r.notify_level,
            muted: r.muted,
          },
        ]
      : []
  )
}

/**
 * My memberships, fresh, through the query cache: callers at the same moment (the notifier's
 * start: the other workspaces' first load and the hand-over) share one request.
 */
export function myMemberships(queryClient: QueryClient, me: string): Promise<Membership[]> {
  return queryClient.fetchQuery({
    queryKey: notificationKeys.memberships(me),
    queryFn: () => fetchMyMemberships(me),
    staleTime: 0,
  })
}

/** A person's display name (the title of a direct message's notification). */
export async function fetchDisplayName(userId: string): Promise<string | null> {
  const { data } = await supabase()
    .from('profiles')
    .select('display_name')
    .eq('id', userId)
    .maybeSingle()
  return data?.display_name ?? null
}

/** Display names by user id (lower case), for the ids given; none asked, none fetched. */
export async function fetchDisplayNames(userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  if (userIds.length === 0) return names
  const { data } = await supabase().from('profiles').select('id, display_name').in('id', userIds)
  for (const row of data ?? []) names.set(row.id.toLowerCase(), row.display_name)
  return names
}
