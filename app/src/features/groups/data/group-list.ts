// A workspace's user groups with their members (readable by its members; row-level security
// says whose), one query shared by the Groups dialog, the members panel and the composer's
// autocomplete: this module stays small, as the composer is on the first screen.
import { useQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'

export interface Group {
  id: string
  handle: string
  name: string
  description: string
  memberIds: string[]
}

export const groupKeys = {
  list: (workspaceId: string) => ['groups', workspaceId] as const,
  policy: (workspaceId: string) => ['groups', workspaceId, 'policy'] as const,
}

/** The groups, read once `enabled` (the composer asks only once an @ is typed). */
export function useGroups(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.list(workspaceId),
    enabled,
    queryFn: async (): Promise<Group[]> => {
      const { data, error } = await supabase()
        .from('user_groups')
        .select('id, handle, name, description, user_group_members(user_id)')
        .eq('workspace_id', workspaceId)
        .order('handle')
      if (error) throw error
      return data.map((g) => ({
        id: g.id,
        handle: g.handle,
        name: g.name,
        description: g.description,
        memberIds: g.user_group_members.map((m) => m.user_id),
      }))
    },
  })
}
