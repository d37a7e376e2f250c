// The workspace's "hide message content in notifications" (workspaces.notifications_hide_content):
// pushes then carry the sender and the channel only. Owners and admins change it; the server
// refuses anyone else with its own message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

const key = (workspaceId: string) => ['push', 'hide-content', workspaceId] as const

export function useHideContent(workspaceId: string) {
  const queryClient = useQueryClient()
  const hidden = useQuery({
    queryKey: key(workspaceId),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('workspaces')
        .select('notifications_hide_content')
        .eq('id', workspaceId)
        .single()
      if (error) throw error
      return data.notifications_hide_content
    },
  })
  const set = useMutation({
    mutationFn: (value: boolean) =>
      rpcOne('set_notification_content_hidden', { p_workspace_id: workspaceId, p_hidden: value }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(workspaceId) }),
  })
  return { hidden, set }
}
