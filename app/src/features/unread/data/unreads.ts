// All unreads over supabase-js: my unread messages of a workspace by channel (unread_messages():
// the newest of each channel I have not muted, after my read position). The groups follow the
// sidebar's channel list (kept live): a channel that moves on or is read elsewhere has them
// fetched again. Loaded with the view.
import { useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import type { Channel } from '../../channels/index.ts'

/** How many of a channel's newest unread messages a group shows. */
export const PER_CHANNEL = 20

export interface UnreadMessage {
  id: string
  seq: number
  authorId: string | null
  body: string
  createdAt: string
}

export interface UnreadGroup {
  channelId: string
  lastSeq: number
  unreadCount: number
  messages: UnreadMessage[]
}

/** The channels with something unread I have not muted, as the sidebar counts them (pure). */
export function unreadChannels(channels: readonly Channel[]): Channel[] {
  return channels.filter((c) => c.isMember && !c.muted && c.unread > 0)
}

/** What is unread in the list, as one key: the groups are fetched again when it changes (pure). */
export function unreadSignature(channels: readonly Channel[]): string {
  return unreadChannels(channels)
    .map((c) => `${c.id}:${c.lastReadSeq}:${c.lastSeq}`)
    .sort()
    .join(',')
}

export function useUnreadGroups(workspaceId: string, signature: string) {
  return useQuery({
    queryKey: ['unreads', workspaceId, signature],
    queryFn: async (): Promise<UnreadGroup[]> => {
      const rows = await rpcRows('unread_messages', {
        p_workspace_id: workspaceId,
        p_per_channel: PER_CHANNEL,
      })
      return rows.map((r) => ({
        channelId: r.channel_id,
        lastSeq: Number(r.last_seq),
        unreadCount: Number(r.unread_count),
        messages: ((r.messages ?? []) as Record<string, unknown>[]).map((m) => ({
          id: String(m.id),
          seq: Number(m.seq),
          authorId: (m.author_id as string | null) ?? null,
          body: String(m.body ?? ''),
          createdAt: String(m.created_at ?? ''),
        })),
      }))
    },
    placeholderData: (previous) => previous,
  })
}
