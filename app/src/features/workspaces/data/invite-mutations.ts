// Invitations. A link: an invites row without email, usable by anyone holding it until it
// expires. By email: a row bound to that address (used once), and Supabase Auth delivers it
// through the workspaces-invite function: Auth's invitation names the inviter and the workspace,
// signs the person in (creating the account) and lands on the invite page, where they choose a
// name and password and accept; someone with an account already gets a sign-in link there.
import { t } from '@lingui/core/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { functions, supabase } from '../../../lib/supabase.ts'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { workspaceKeys } from './keys.ts'
import type { Invite, Role } from './types.ts'

export function inviteLink(token: string): string {
  return `${window.location.origin}/invite/${encodeURIComponent(token)}`
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A guest's invite names their channels and kind (single- or multi-channel). */
export interface GuestAccess {
  channelIds: string[]
  kind: 'single' | 'multi'
}

export async function createInvite(
  workspaceId: string,
  createdBy: string,
  role: Exclude<Role, 'owner'>,
  email: string | null,
  guest: GuestAccess | null = null
): Promise<string> {
  const { data, error } = await supabase()
    .from('invites')
    .insert({
      workspace_id: workspaceId,
      created_by: createdBy,
      role,
      email,
      max_uses: email ? 1 : null,
      channel_ids: guest?.channelIds ?? null,
      guest_kind: guest?.kind ?? null,
    })
    .select('token')
    .single()
  if (error) throw error
  return data.token
}

export async function sendInviteEmail(
  workspaceId: string,
  createdBy: string,
  email: string,
  role: Exclude<Role, 'owner'>,
  guest: GuestAccess | null = null
): Promise<string> {
  const address = email.trim().toLowerCase()
  if (!EMAIL_PATTERN.test(address)) throw new Error(t`That does not look like an email address.`)
  const token = await createInvite(workspaceId, createdBy, role, address, guest)
  const { error } = await (
    await functions()
  ).invoke('workspaces-invite', {
    body: { token, redirect_to: inviteLink(token) },
  })
  if (error) {
    // The function says why in {error} and, for a refusal of Chorus's, its code; supabase-js
    // only says it was not a 2xx. The code goes where cleanError reads it (a PostgREST error's
    // `details`), so the refusal reads in the app's language.
    const context = (error as { context?: Response }).context
    const body = (await context?.json().catch(() => null)) as {
      error?: string
      code?: string
    } | null
    throw Object.assign(new Error(body?.error ?? error.message), { details: body?.code })
  }
  return token
}

/** An account made by an email invitation has no password yet: the invitee picks one. */
export function needsPassword(metadata: Record<string, unknown> | undefined): boolean {
  return metadata?.invited_to_workspace === true && metadata.password_set !== true
}

export async function completeInvitedAccount(
  userId: string,
  displayName: string,
  password: string
): Promise<void> {
  const { error } = await supabase().auth.updateUser({
    password,
    data: { display_name: displayName, password_set: true },
  })
  if (error) throw error
  const { error: profileError } = await supabase()
    .from('profiles')
    .update({ display_name: displayName })
    .eq('id', userId)
  if (profileError) throw profileError
}

export function useCompleteInvitedAccount(userId: string) {
  return useMutation({
    mutationFn: (v: { displayName: string; password: string }) =>
      completeInvitedAccount(userId, v.displayName, v.password),
  })
}

export async function fetchInvites(workspaceId: string): Promise<Invite[]> {
  const { data, error } = await supabase()
    .from('invites')
    .select('token, email, role, expires_at, max_uses, use_count')
    .eq('workspace_id', workspaceId)
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false })
  if (error) throw error
  return data
    .filter((r) => r.max_uses === null || r.use_count < r.max_uses)
    .map((r) => ({ token: r.token, email: r.email, role: r.role, expiresAt: r.expires_at }))
}

export async function revokeInvite(token: string): Promise<void> {
  const { error } = await supabase().from('invites').delete().eq('token', token)
  if (error) throw error
}

/** What accepting the invitation makes mine (issue 49, item 1): each person a Slack import
 *  brought in with my verified address, and how many messages (none for anyone else). */
export interface ImportedHistory {
  displayName: string
  messages: number
}

export async function fetchInviteImported(token: string): Promise<ImportedHistory[]> {
  const rows = await rpcRows('invite_imported', { p_token: token })
  return rows.map((row) => ({ displayName: row.display_name, messages: row.messages }))
}

export function useInviteImported(token: string, enabled: boolean) {
  return useQuery({
    queryKey: [...workspaceKeys.invite(token), 'imported'],
    queryFn: () => fetchInviteImported(token),
    enabled,
    retry: false,
  })
}

export async function acceptInvite(token: string): Promise<string> {
  const row = await rpcOne('accept_invite', { p_token: token })
  return row.id
}

export function useInvitesQuery(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.invites(workspaceId),
    queryFn: () => fetchInvites(workspaceId),
    enabled,
  })
}

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: workspaceKeys.invite(token),
    // Imported when asked for, as the sign-up page does (features/auth/data/invitation.ts).
    queryFn: async () => (await import('../../../lib/invite-preview.ts')).fetchInvitePreview(token),
    retry: false,
  })
}

export function useCreateInvite(workspaceId: string, userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: {
      role: Exclude<Role, 'owner'>
      email: string | null
      guest?: GuestAccess | null
    }) =>
      v.email
        ? sendInviteEmail(workspaceId, userId, v.email, v.role, v.guest ?? null)
        : createInvite(workspaceId, userId, v.role, null),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: workspaceKeys.invites(workspaceId) }),
  })
}

export function useRevokeInvite(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvite,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: workspaceKeys.invites(workspaceId) }),
  })
}

export function useAcceptInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  })
}
