import { useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import { workspaceKeys } from './keys.ts'
import type { Workspace } from './types.ts'

/** My workspaces with my role and unread total (one RPC). */
export async function fetchWorkspaces(): Promise<Workspace[]> {
  const data = await rpcRows('my_workspaces')
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    role: row.role,
    unread: Number(row.unread_count ?? 0),
  }))
}

export function useWorkspacesQuery() {
  return useQuery({ queryKey: workspaceKeys.list(), queryFn: fetchWorkspaces })
}
