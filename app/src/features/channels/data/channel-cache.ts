// The channel list's cache, patched in place by what arrives live: a changed channel row (new
// messages move last_seq; renames, topics, archiving), and the mentions of me among the new
// messages of a channel that is not open (live-mentions.ts). Other features hand such rows here
// instead of writing the cache themselves.
import { useCallback, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { patchLive } from '../../../lib/query-client.ts'
import { channelKeys } from './keys.ts'
import { unreadOf } from './types.ts'
import type { Channel } from './types.ts'

/** A channels row as realtime sends it: only the id is sure to be there. */
export interface ChannelRowChange {
  id: string
  last_seq?: number | string
  name?: string | null
  topic?: string | null
  archived_at?: string | null
}

/** The list with the row applied, or null when the list does not hold that channel. */
export function applyChannelRow(list: Channel[], row: ChannelRowChange): Channel[] | null {
  const index = list.findIndex((c) => c.id === row.id)
  const c = list[index]
  if (!c) return null
  const changed: Channel = {
    ...c,
    lastSeq: row.last_seq === undefined ? c.lastSeq : Number(row.last_seq),
    name: row.name === undefined ? c.name : row.name,
    topic: row.topic === undefined ? c.topic : row.topic || null,
    archivedAt: row.archived_at === undefined ? c.archivedAt : row.archived_at,
  }
  changed.unread = unreadOf(changed)
  return list.map((x, i) => (i === index ? changed : x))
}

/**
 * Applies a changed channel row to the workspace's cached list; returns false when the channel
 * is unknown there (the list should then be fetched again). New messages in a channel of mine
 * other than the open one are looked at for mentions of me.
 */
export function useChannelRowPatch(
  workspaceId: string,
  me: string,
  openChannelId: string | null
): (row: ChannelRowChange) => boolean {
  const queryClient = useQueryClient()
  const open = useRef(openChannelId)
  open.current = openChannelId
  return useCallback(
    (row) => {
      let known = false
      let from = 0
      let to = 0
      patchLive<Channel[]>(queryClient, channelKeys.list(workspaceId), (list) => {
        const before = list?.find((c) => c.id === row.id)
        const next = list && applyChannelRow(list, row)
        const after = next?.find((c) => c.id === row.id)
        known = !!next
        if (before?.isMember && after && after.lastSeq > before.lastSeq) {
          from = before.lastSeq
          to = after.lastSeq
        }
        return next ?? list
      })
      if (to > from && row.id !== open.current && me) {
        const move = { workspaceId, channelId: row.id, me, from, to }
        void import('./live-mentions.ts').then((m) => m.countNewMentions(queryClient, move))
      }
      return known
    },
    [queryClient, workspaceId, me]
  )
}

/** Someone not in the channel's roster wrote there: they joined since it was fetched. */
export function useRefreshRoster(): (channelId: string) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (channelId) => void queryClient.invalidateQueries({ queryKey: channelKeys.members(channelId) }),
    [queryClient]
  )
}
