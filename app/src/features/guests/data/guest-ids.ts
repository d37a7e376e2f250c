// Which people of a workspace are its guests, and of which kind (workspace_members.role =
// 'guest'; a guest sees only the people of their channels, so the list is theirs to read too):
// one small query, kept while the workspace's members do not change (use-workspace-live
// invalidates it with them).
import { useQuery } from '@tanstack/react-query'
import { useRoute } from '../../../lib/router.ts'
import { STALE } from '../../../lib/query-client.ts'
import { supabase } from '../../../lib/supabase.ts'

/** Under the workspace's keys, so what invalidates the workspace invalidates this too. */
export const guestIdsKey = (workspaceId: string) => ['workspaces', workspaceId, 'guests'] as const

export interface Guest {
  id: string
  kind: 'single' | 'multi'
}

export async function fetchGuests(workspaceId: string): Promise<Guest[]> {
  const { data, error } = await supabase()
    .from('workspace_members')
    .select('user_id, guest_kind')
    .eq('workspace_id', workspaceId)
    .eq('role', 'guest')
    .is('left_at', null)
  if (error) throw error
  // guest_kind is 'single' or 'multi' for a guest (a check constraint)
  return data.map((row) => ({ id: row.user_id, kind: row.guest_kind as Guest['kind'] }))
}

/** The workspace's guests and their kinds (none asked for without a workspace). */
export function useGuestsQuery(workspaceId: string | null) {
  return useQuery({
    queryKey: guestIdsKey(workspaceId ?? ''),
    queryFn: () => fetchGuests(workspaceId!),
    enabled: !!workspaceId,
    staleTime: STALE.MINUTES.FIVE,
  })
}

/** The guests of the workspace open now (the address says which). */
export function useOpenWorkspaceGuests(): Guest[] | undefined {
  const route = useRoute()
  return useGuestsQuery(route.name === 'workspace' ? route.workspaceId : null).data
}
