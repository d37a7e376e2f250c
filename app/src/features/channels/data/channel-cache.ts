// The channel list's cache, patched in place by what arrives live (channel-live.ts, a chunk of
// its own that applies each change: a channel's move, my membership's change). Other features
// hand such rows here instead of writing the cache themselves.
import { useCallback, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { LiveOperation } from '../../../lib/live.ts'
import type { ChannelRowChange, MembershipRecord } from './live-rows.ts'
import { channelKeys } from './keys.ts'

const applier = () => import('./channel-live.ts')

/**
 * Applies a changed channel row to the workspace's cached list; resolves false when the channel
 * is unknown there. New messages in a channel of mine other than the open one are looked at for
 * mentions of me.
 */
export function useChannelRowPatch(
  workspaceId: string,
  me: string,
  openChannelId: string | null
): (row: ChannelRowChange) => Promise<boolean> {
  const queryClient = useQueryClient()
  const open = useRef(openChannelId)
  open.current = openChannelId
  return useCallback(
    async (row) =>
      (await applier()).patchChannelRow(queryClient, workspaceId, me, open.current, row),
    [queryClient, workspaceId, me]
  )
}

/** Applies a change of my membership to the cached list; resolves false when it cannot be. */
export function useMembershipPatch(
  workspaceId: string
): (operation: LiveOperation, record: MembershipRecord) => Promise<boolean> {
  const queryClient = useQueryClient()
  return useCallback(
    async (operation, record) =>
      (await applier()).patchMembership(queryClient, workspaceId, operation, record),
    [queryClient, workspaceId]
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
