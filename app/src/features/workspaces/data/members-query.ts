// Everyone currently in a workspace, with their profile and role (one RPC).
import { t } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { rpcAll } from '../../../lib/rpc-all.ts'
import { workspaceKeys } from './keys.ts'
import type { Member } from './types.ts'

export async function fetchMembers(workspaceId: string): Promise<Member[]> {
  const data = await rpcAll('workspace_roster', { p_workspace_id: workspaceId })
  return data.map((row) => ({
    userId: row.user_id,
    role: row.role,
    displayName: row.display_name?.trim() || t`Unnamed`,
    avatarPath: row.avatar_path,
  }))
}

export function useMembersQuery(workspaceId: string) {
  return useQuery({
    queryKey: workspaceKeys.members(workspaceId),
    queryFn: () => fetchMembers(workspaceId),
  })
}
