// Settings, Security, Connected apps: the third-party apps the person let in through Auth's OAuth
// 2.1 server (Auth's own list of grants, auth.oauth.listGrants()), what each may do per workspace
// (public.app_access through set_app_access(): read unless granted write, 'none' takes reading
// away), and revoking one: Auth's revokeGrant (the consent withdrawn) and revoke_app() (its grants
// gone and its sessions ended, so that the access token it still holds reads nothing).
import { t } from '@lingui/core/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { securityKeys } from './keys.ts'

export type AppAccess = 'none' | 'read' | 'write'

export interface ConnectedApp {
  clientId: string
  name: string
  uri: string
  scopes: string[]
  grantedAt: string
  /** By workspace id: what the person set; a workspace not listed is 'read'. */
  access: Record<string, AppAccess>
}

export async function listApps(): Promise<ConnectedApp[]> {
  const grants = await supabase().auth.oauth.listGrants()
  if (grants.error) {
    // The project's OAuth server is off: no app can hold a token.
    if (grants.error.code === 'feature_disabled') return []
    throw grants.error
  }
  if (grants.data.length === 0) return []
  const { data, error } = await supabase()
    .from('app_access')
    .select('client_id, workspace_id, access')
  if (error) throw error
  return grants.data.map((grant) => ({
    clientId: grant.client.id,
    name: grant.client.name || t`Unnamed app`,
    uri: grant.client.uri,
    scopes: grant.scopes,
    grantedAt: grant.granted_at,
    access: Object.fromEntries(
      data
        .filter((row) => row.client_id === grant.client.id)
        .map((row) => [row.workspace_id, row.access as AppAccess])
    ),
  }))
}

export async function setAppAccess(input: {
  clientId: string
  workspaceId: string
  access: AppAccess
}): Promise<void> {
  await rpcRows('set_app_access', {
    p_client_id: input.clientId,
    p_workspace_id: input.workspaceId,
    p_access: input.access,
  })
}

export async function revokeApp(clientId: string): Promise<void> {
  const revoked = await supabase().auth.oauth.revokeGrant({ clientId })
  // Already withdrawn at Auth (another tab): the app's grants and sessions still go below.
  if (revoked.error && revoked.error.code !== 'oauth_consent_not_found') throw revoked.error
  await rpcRows('revoke_app', { p_client_id: clientId })
}

export function useConnectedApps() {
  return useQuery({ queryKey: securityKeys.apps(), queryFn: listApps })
}

function useAppsMutation<T>(fn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.apps() }),
  })
}

export function useSetAppAccess() {
  return useAppsMutation(setAppAccess)
}

export function useRevokeApp() {
  return useAppsMutation(revokeApp)
}
