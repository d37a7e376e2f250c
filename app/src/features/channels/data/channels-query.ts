// My channels in a workspace with unread and mention counts and DM members (one RPC), and a
// channel's roster. The public channels I could join: browse-query.ts (the browser's own chunk).
import { useQuery } from '@tanstack/react-query'
import { afterLiveJoins } from '../../../lib/live.ts'
import { supabase } from '../../../lib/supabase.ts'
import { rpcRows } from '../../../lib/rpc.ts'
import { rpcAll } from '../../../lib/rpc-all.ts'
import { channelKeys } from './keys.ts'
import { keepShownRead } from './shown-read.ts'
import type { Channel, ChannelRow } from './types.ts'

/** The json channel_list() builds for a DM's members (json columns have no generated shape). */
type DmMemberJson = { id: string; display_name: string; avatar_path: string | null }[] | null

/** My own notification settings of the workspace's channels (my channel_members rows). */
async function fetchMyChannelSettings(
  workspaceId: string
): Promise<Map<string, Pick<Channel, 'muted' | 'notifyLevel'>>> {
  const { data, error } = await supabase()
    .from('channel_members')
    .select('channel_id, notify_level, muted')
    .eq('workspace_id', workspaceId)
  if (error) throw error
  return new Map(data.map((r) => [r.channel_id, { muted: r.muted, notifyLevel: r.notify_level }]))
}

export async function fetchChannels(workspaceId: string): Promise<Channel[]> {
  const [data, settings] = await Promise.all([
    rpcRows('channel_list', { p_workspace_id: workspaceId }),
    fetchMyChannelSettings(workspaceId),
  ])
  const channels = data.map((row) => ({
    ...fromRow(row),
    muted: settings.get(row.id)?.muted ?? false,
    notifyLevel: settings.get(row.id)?.notifyLevel ?? null,
    isMember: true,
    lastReadSeq: Number(row.last_read_seq ?? 0),
    unread: Number(row.unread_count ?? 0),
    mentions: Number(row.mention_count ?? 0),
    dmMembers: ((row.members as DmMemberJson) ?? []).map((m) => ({
      id: m.id,
      displayName: m.display_name,
      avatarPath: m.avatar_path,
    })),
  }))
  // Read up to where this device has shown, even if the answer left before its mark did.
  return channels.map(keepShownRead)
}

export function fromRow(
  row: ChannelRow
): Omit<Channel, 'isMember' | 'lastReadSeq' | 'unread' | 'mentions' | 'dmMembers'> {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind,
    name: row.name,
    topic: row.topic || null,
    isDefault: row.is_default,
    createdBy: row.created_by,
    archivedAt: row.archived_at,
    lastSeq: Number(row.last_seq ?? 0),
    activeAt: row.last_message_at ?? row.created_at,
  }
}

export function useChannelsQuery(workspaceId: string) {
  return useQuery({
    queryKey: channelKeys.list(workspaceId),
    queryFn: async ({ client, queryKey }) => {
      // Kept on the device (shown meanwhile): asked for once the live topics are in.
      if (client.getQueryData(queryKey)) await afterLiveJoins(workspaceId)
      return fetchChannels(workspaceId)
    },
  })
}

export interface ChannelMember {
  userId: string
  displayName: string
  avatarPath: string | null
  role: string
}

export async function fetchChannelMembers(channelId: string): Promise<ChannelMember[]> {
  const data = await rpcAll('channel_roster', { p_channel_id: channelId })
  return data.map((r) => ({
    userId: r.user_id,
    displayName: r.display_name,
    avatarPath: r.avatar_path,
    role: r.role,
  }))
}

export function useChannelMembersQuery(channelId: string) {
  return useQuery({
    queryKey: channelKeys.members(channelId),
    queryFn: () => fetchChannelMembers(channelId),
  })
}
