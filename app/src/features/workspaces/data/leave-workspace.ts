// Leaving a workspace (the workspace menu's item, on the first screen): the database refuses,
// with a sentence we show, when the last owner tries to leave.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { workspaceKeys } from './keys.ts'

export async function leaveWorkspace(workspaceId: string): Promise<void> {
  const { error } = await supabase().rpc('leave_workspace', { p_workspace_id: workspaceId })
  if (error) throw error
}

export function useLeaveWorkspace(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => leaveWorkspace(workspaceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  })
}
