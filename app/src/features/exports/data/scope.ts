// What the workspace's exports hold (issue 49, item 3): its export_scope, which every member
// reads (export_notice, with who changed it when and whether this person has yet to see that
// change) and only an owner changes (set_export_scope); dismiss_export_notice marks the change
// seen. The notice's key is under the workspace list's (['workspaces', 'list']): a change of the
// workspace's row comes live on its topic and refreshes that list, and with it this.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import type { ExportScope } from './words.ts'

export interface ScopeNotice {
  scope: ExportScope
  changedAt: string | null
  changedByName: string | null
  /** This person has not seen the latest change yet. */
  unseen: boolean
}

export const scopeKeys = {
  notice: (workspaceId: string) => ['workspaces', 'list', workspaceId, 'export-notice'] as const,
}

export async function fetchScopeNotice(workspaceId: string): Promise<ScopeNotice | null> {
  const [row] = await rpcRows('export_notice', { p_workspace_id: workspaceId })
  if (!row) return null
  return {
    scope: row.scope === 'all' ? 'all' : 'public',
    changedAt: row.changed_at,
    changedByName: row.changed_by_name,
    unseen: row.unseen,
  }
}

export function useScopeNotice(workspaceId: string) {
  return useQuery({
    queryKey: scopeKeys.notice(workspaceId),
    queryFn: () => fetchScopeNotice(workspaceId),
  })
}

export function useSetExportScope(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (scope: ExportScope) =>
      rpcOne('set_export_scope', { p_workspace_id: workspaceId, p_scope: scope }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.notice(workspaceId) }),
  })
}

export function useDismissScopeNotice(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => rpcOne('dismiss_export_notice', { p_workspace_id: workspaceId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.notice(workspaceId) }),
  })
}
