import { useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import { workspaceKeys } from './keys.ts'
import type { Workspace } from './types.ts'

/** My workspaces with my role, unread total and largest file (one RPC); the row as it comes. */
export async function fetchWorkspaces(): Promise<Workspace[]> {
  const data = await rpcRows('my_workspaces')
  return data.map((row) => ({ ...row, unread: Number(row.unread_count ?? 0) }))
}

export function useWorkspacesQuery() {
  return useQuery({ queryKey: workspaceKeys.list(), queryFn: fetchWorkspaces })
}
