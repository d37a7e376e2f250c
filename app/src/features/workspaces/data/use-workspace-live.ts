// Keeps the sidebar, the members list and the channel rosters current from two live topics
// (lib/live.ts): the workspace's (public channels, new messages moving last_seq, rosters of
// public channels, members, profiles) and my own (my memberships and read positions, my private
// channels and DMs and their rosters). Only members may join the first, only I the second.
// A channel's move and my membership's change carry what the sidebar and the rail show (the
// new last_seq, my read position with my counts, a new channel's row): they are applied to the
// cached list, never fetched. The list is fetched only to fill a gap: after a (re)join, or a
// change of a channel it does not hold that should be there; a list kept on the device waits
// for the first joins and is fetched once (afterLiveJoins). What a change means
// (workspace-changes.ts) and how it is applied (the channels feature's) load with the first
// change: none comes before the Realtime client, which loads after the first screen.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { liveJoined, liveTopic, subscribeLive } from '../../../lib/live.ts'
import type { LiveChange } from '../../../lib/live.ts'
import { workspaceKeys } from './keys.ts'
import type { Cached, ChannelChange, MembershipChange } from './workspace-changes.ts'
import type { LiveOperation } from '../../../lib/live.ts'

export type { ChannelChange, MembershipChange, NewMessageSummary } from './workspace-changes.ts'

interface Options {
  workspaceId: string
  userId: string
  channelsKey: QueryKey
  /** The channel browser's list (public channels joined or not). */
  browseKey: QueryKey
  /** Channel rosters: they change when people join or leave the workspace. */
  rostersKey: QueryKey
  /** Applies a changed channel row to the cached list; false when the channel is unknown. */
  onChannelRow: (row: ChannelChange) => Promise<boolean> | boolean
  /** Applies a change of my membership to the cached list; false when it cannot. */
  onMembership: (operation: LiveOperation, record: MembershipChange) => Promise<boolean> | boolean
  /** A guest may not join the workspace's topic: what they may read comes to their own. */
  guest?: boolean
}

export function useWorkspaceLive({
  workspaceId,
  userId,
  channelsKey,
  browseKey,
  rostersKey,
  onChannelRow,
  onMembership,
  guest = false,
}: Options) {
  const queryClient = useQueryClient()

  useEffect(() => {
    let timer: number | undefined
    let stopped = false
    let applying: Promise<unknown> = Promise.resolve()
    const pending = new Set<Cached>()
    const rosters = new Set<string>()
    const flush = () => {
      const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey })
      if (pending.has('channels')) invalidate(channelsKey)
      if (pending.has('browse')) invalidate(browseKey)
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
    const gap = () => {
      pending.add('channels')
      later()
    }
    // Applied in order, each after the one before; one that cannot be is a gap.
    const onChange = (change: LiveChange) => {
      applying = applying
        .then(async () => {
          const { effectsOf } = await import('./workspace-changes.ts')
          for (const effect of effectsOf(change, workspaceId)) {
            if (stopped) return
            if (effect.kind === 'person')
              effect.patch(queryClient, [workspaceKeys.members(workspaceId), rostersKey])
            else if (effect.kind === 'channel-row') {
              // Patched in place when the channel is known (its unread count moves with
              // last_seq); a public channel I am not in is none of the sidebar's business.
              const known = await onChannelRow(effect.row)
              if (!known && (guest || effect.row.kind !== 'public')) gap()
            } else if (effect.kind === 'membership') {
              if (!(await onMembership(effect.operation, effect.record))) gap()
            } else {
              if (effect.kind === 'roster') rosters.add(effect.channelId)
              else pending.add(effect.what)
              later()
            }
          }
        })
        .catch(gap)
    }
    // After a (re)join, whatever changed meanwhile is fetched again; the topics' first joins
    // (seconds apart, at times) count as one, the last of them.
    let joins = guest ? 0 : -1
    const onJoined = (joined: boolean) => {
      if (!joined || joins++ < 0) return
      // A kept list waiting for the first joins is asked for now, once (lib/live.ts).
      if (joins === 1 && liveJoined(workspaceId)) return
      pending.add('channels')
      later()
    }
    const leaveWorkspace = guest
      ? () => {}
      : subscribeLive(liveTopic.workspace(workspaceId), { onChange, onJoined })
    const leaveMine = subscribeLive(liveTopic.user(userId), { onChange, onJoined })
    return () => {
      stopped = true
      window.clearTimeout(timer)
      leaveWorkspace()
      leaveMine()
    }
  }, [
    workspaceId,
    userId,
    channelsKey,
    browseKey,
    rostersKey,
    onChannelRow,
    onMembership,
    queryClient,
    guest,
  ])
}
