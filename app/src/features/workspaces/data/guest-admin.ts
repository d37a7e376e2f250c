// What owners and admins do about guests outside the invite itself: the channels an invite may
// name, and a guest's kind (single- or multi-channel). Turning a guest into a member and back is
// the members dialog's role select (set_member_role); adding a multi-channel guest to a channel
// and removing them is the channel's own "add people" and "remove" (add_channel_members,
// remove_channel_member), which the database allows for guests to owners and admins only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

export type GuestKind = 'single' | 'multi'

export interface InvitableChannel {
  id: string
  name: string
  kind: 'public' | 'private'
}

/** The open channels (not DMs, not archived) I can see: those a guest invite may name. */
async function fetchInvitableChannels(workspaceId: string): Promise<InvitableChannel[]> {
  const { data, error } = await supabase()
    .from('channels')
    .select('id, name, kind')
    .eq('workspace_id', workspaceId)
    .neq('kind', 'dm')
    .is('archived_at', null)
    .order('name')
  if (error) throw error
  return data.map((c) => ({ id: c.id, name: c.name ?? '', kind: c.kind as 'public' | 'private' }))
}

export function useInvitableChannels(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['workspaces', workspaceId, 'guest-channels'],
    queryFn: () => fetchInvitableChannels(workspaceId),
    enabled,
  })
}

/** Sets a guest's kind; the members and guests of the workspace are asked for again. */
export function useSetGuestKind(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: { userId: string; kind: GuestKind }) =>
      rpcOne('set_guest_kind', {
        p_workspace_id: workspaceId,
        p_user_id: v.userId,
        p_kind: v.kind,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['workspaces', workspaceId] }),
  })
}
