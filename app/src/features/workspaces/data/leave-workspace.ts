// Leaving a workspace (the workspace menu's item, a chunk loaded when chosen): the database
// refuses, with a sentence the menu shows in a toast, when the last owner tries to leave.
import { supabase } from '../../../lib/supabase.ts'

export async function leaveWorkspace(workspaceId: string): Promise<void> {
  const { error } = await supabase().rpc('leave_workspace', { p_workspace_id: workspaceId })
  if (error) throw error
}
