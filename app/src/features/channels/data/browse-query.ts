// The public channels of a workspace, joined or not, for the channel browser (RLS shows me every
// public channel of my workspaces). Its own module: the browser's dialog is not first-screen code.
import { useQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { fromRow } from './channels-query.ts'
import { channelKeys } from './keys.ts'
import type { Channel } from './types.ts'

/** Public channels of the workspace, joined or not, for the channel browser. */
export async function fetchPublicChannels(workspaceId: string): Promise<Channel[]> {
  const { data, error } = await supabase()
    .from('channels')
    .select(
      'id, workspace_id, kind, name, topic, is_default, created_by, archived_at, last_seq, last_message_at, created_at'
    )
    .eq('workspace_id', workspaceId)
    .eq('kind', 'public')
    .order('name')
  if (error) throw error
  return data.map((row) => ({
    ...fromRow(row),
    isMember: false,
    lastReadSeq: 0,
    unread: 0,
    mentions: 0,
    dmMembers: [],
  }))
}

export function usePublicChannelsQuery(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: channelKeys.browse(workspaceId),
    queryFn: () => fetchPublicChannels(workspaceId),
    enabled,
  })
}
