// What an invitation link says before anyone accepts it: the workspace, who invited, and
// whether the link can still be used (`public.invite_preview`, granted to anon: the signed-out
// sign-up page shows it as well as the signed-in invitation page). Null for a token no
// invitation has (mistyped, cut short, or revoked).
import { rpcRows } from './rpc.ts'

export type InviteStatus = 'valid' | 'expired' | 'used' | 'already_member'

export interface InvitePreview {
  workspaceId: string
  workspaceName: string
  role: 'owner' | 'admin' | 'member' | 'guest'
  email: string | null
  invitedBy: string | null
  expiresAt: string
  status: InviteStatus
}

export async function fetchInvitePreview(token: string): Promise<InvitePreview | null> {
  const data = await rpcRows('invite_preview', { p_token: token })
  const row = data[0]
  if (!row) return null
  return {
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    role: row.role,
    email: row.email,
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    status: row.status as InviteStatus,
  }
}
