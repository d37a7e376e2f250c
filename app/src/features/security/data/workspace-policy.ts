// The workspaces' two-factor policy: owners require it (set_workspace_require_mfa, which needs an
// aal2 session to turn on); mfa_blocked_workspaces() names the workspaces this session may not
// read yet, and why.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { securityKeys } from './keys.ts'

export interface OwnedWorkspace {
  id: string
  name: string
  requireMfa: boolean
}

export interface BlockedWorkspace {
  id: string
  name: string
  reason: 'verify' | 'enrol'
}

export async function ownedWorkspaces(): Promise<OwnedWorkspace[]> {
  const mine = (await rpcRows('my_workspaces')).filter((w) => w.role === 'owner')
  if (mine.length === 0) return []
  const { data, error } = await supabase()
    .from('workspaces')
    .select('id, require_mfa')
    .in(
      'id',
      mine.map((w) => w.id)
    )
  if (error) throw error
  const required = new Map(data.map((w) => [w.id, w.require_mfa]))
  return mine.map((w) => ({ id: w.id, name: w.name, requireMfa: required.get(w.id) ?? false }))
}

export async function blockedWorkspaces(): Promise<BlockedWorkspace[]> {
  return (await rpcRows('mfa_blocked_workspaces')).map((w) => ({
    id: w.id,
    name: w.name,
    reason: w.reason === 'verify' ? 'verify' : 'enrol',
  }))
}

export function useOwnedWorkspaces() {
  return useQuery({ queryKey: securityKeys.ownedWorkspaces(), queryFn: ownedWorkspaces })
}

export function useBlockedWorkspaces() {
  return useQuery({ queryKey: securityKeys.blocked(), queryFn: blockedWorkspaces })
}

export function useSetRequireMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: { workspaceId: string; required: boolean }) =>
      rpcOne('set_workspace_require_mfa', {
        p_workspace_id: v.workspaceId,
        p_required: v.required,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  })
}
