// What a change on the workspace's live topic or on my own means for the cached data: the
// sidebar's channels, the workspace's members, my workspaces, the channels' rosters.
import type { LiveChange } from '../../../lib/live.ts'

export interface ChannelChange {
  id: string
  last_seq?: number | string
  name?: string | null
  topic?: string | null
  archived_at?: string | null
}

export type Cached = 'channels' | 'members' | 'workspaces' | 'rosters'

export type WorkspaceEffect =
  /** Patch the channel in the list (new messages, renames, topics, archiving); else refetch it. */
  | { kind: 'channel-row'; row: ChannelChange }
  | { kind: 'refresh'; what: Cached }
  /** Someone joined or left this channel: its roster is stale. */
  | { kind: 'roster'; channelId: string }

const refresh = (...what: Cached[]): WorkspaceEffect[] =>
  what.map((w) => ({ kind: 'refresh', what: w }))

/** The effects of a change; my own topic also carries changes of my other workspaces. */
export function effectsOf(change: LiveChange, workspaceId: string): WorkspaceEffect[] {
  const { record } = change
  const here = record.workspace_id === workspaceId
  switch (change.table) {
    case 'channels':
      if (!here) return []
      if (change.operation === 'UPDATE' && typeof record.id === 'string') {
        return [{ kind: 'channel-row', row: record as unknown as ChannelChange }]
      }
      return refresh('channels')
    case 'channel_members':
      // Mine: I was added or removed, or read on another device.
      return here ? refresh('channels') : []
    case 'channel_roster':
      return typeof record.channel_id === 'string'
        ? [{ kind: 'roster', channelId: record.channel_id }]
        : []
    case 'workspace_members':
      // Joins, leaves and roles show in the members list and in every channel's roster; my
      // own membership elsewhere only in my list of workspaces.
      return here ? refresh('members', 'workspaces', 'rosters') : refresh('workspaces')
    case 'workspaces':
      return refresh('workspaces')
    case 'profiles':
      // Names and pictures show in the members list and the rosters.
      return refresh('members', 'rosters')
    default:
      return []
  }
}
