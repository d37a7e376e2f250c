// Creating and administering workspaces, through the RPCs that check who may (the database
// refuses with a sentence we show). Used by lazy screens; leaving is leave-workspace.ts's.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { activeLanguage } from '../../../lib/i18n.ts'
import { supabase } from '../../../lib/supabase.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { workspaceKeys } from './keys.ts'
import type { Role } from './types.ts'

/** A new workspace; its #general's topic is in the language the app shows. */
export async function createWorkspace(name: string): Promise<string> {
  const row = await rpcOne('create_workspace', {
    p_name: name.trim(),
    p_language: activeLanguage(),
  })
  return row.id
}

export async function changeRole(workspaceId: string, userId: string, role: Role): Promise<void> {
  const { error } = await supabase().rpc('set_member_role', {
    p_workspace_id: workspaceId,
    p_user_id: userId,
    p_role: role,
  })
  if (error) throw error
}

export async function removeMember(workspaceId: string, userId: string): Promise<void> {
  const { error } = await supabase().rpc('remove_member', {
    p_workspace_id: workspaceId,
    p_user_id: userId,
  })
  if (error) throw error
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  })
}

export function useChangeRole(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: { userId: string; role: Role }) => changeRole(workspaceId, v.userId, v.role),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) }),
  })
}

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => removeMember(workspaceId, userId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) }),
  })
}
