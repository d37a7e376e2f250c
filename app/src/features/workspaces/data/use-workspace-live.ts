// Keeps the sidebar, the members list and the channel rosters current from two live topics
// (lib/live.ts): the workspace's (public channels, new messages moving last_seq, rosters of
// public channels, members, profiles) and my own (my memberships and read positions, my private
// channels and DMs and their rosters). Only members may join the first, only I the second.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import type { LiveChange } from '../../../lib/live.ts'
import { workspaceKeys } from './keys.ts'
import { effectsOf } from './workspace-changes.ts'
import type { Cached, ChannelChange } from './workspace-changes.ts'

export type { ChannelChange } from './workspace-changes.ts'

interface Options {
  workspaceId: string
  userId: string
  channelsKey: QueryKey
  /** Channel rosters: they change when people join or leave the workspace. */
  rostersKey: QueryKey
  /** Applies a changed channel row to the cached list; returns false when the channel is unknown. */
  onChannelRow: (row: ChannelChange) => boolean
  /** A guest may not join the workspace's topic: what they may read comes to their own. */
  guest?: boolean
}

export function useWorkspaceLive({
  workspaceId,
  userId,
  channelsKey,
  rostersKey,
  onChannelRow,
  guest = false,
}: Options) {
  const queryClient = useQueryClient()

  useEffect(() => {
    let timer: number | undefined
    const pending = new Set<Cached>()
    const rosters = new Set<string>()
    const flush = () => {
      const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey })
      if (pending.has('channels')) invalidate(channelsKey)
      if (pending.has('members')) {
        invalidate(workspaceKeys.members(workspaceId))
        invalidate(workspaceKeys.guests(workspaceId))
      }
      if (pending.has('workspaces')) invalidate(workspaceKeys.list())
      if (pending.has('rosters')) invalidate(rostersKey)
      else for (const channelId of rosters) invalidate([...rostersKey, channelId])
      pending.clear()
      rosters.clear()
    }
    const later = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(flush, 250)
    }
    const onChange = (change: LiveChange) => {
      for (const effect of effectsOf(change, workspaceId)) {
        if (effect.kind === 'channel-row') {
          // Patched in place when the channel is known (its unread count moves with last_seq).
          pending.add(onChannelRow(effect.row) ? 'workspaces' : 'channels')
        } else if (effect.kind === 'roster') {
          rosters.add(effect.channelId)
        } else {
          pending.add(effect.what)
        }
      }
      later()
    }
    // After a (re)join, whatever changed meanwhile is fetched again.
    const onJoined = (joined: boolean) => {
      if (!joined) return
      pending.add('channels')
      later()
    }
    const leaveWorkspace = guest
      ? () => {}
      : subscribeLive(liveTopic.workspace(workspaceId), { onChange, onJoined })
    const leaveMine = subscribeLive(liveTopic.user(userId), { onChange, onJoined })
    return () => {
      window.clearTimeout(timer)
      leaveWorkspace()
      leaveMine()
    }
  }, [workspaceId, userId, channelsKey, rostersKey, onChannelRow, queryClient, guest])
}
