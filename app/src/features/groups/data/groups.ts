// A workspace's user groups over supabase-js (its members read them; row-level security says
// whose): the groups with their members, and the RPCs that make, delete, join and leave them; who
// may use @channel, @here and @everyone (the workspace's `broadcast_mentions`, set by owners) and
// above how many people notified the composer asks first (`broadcast_warn_over`; null: never).
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { groupKeys } from './group-list.ts'

export { groupKeys, useGroups } from './group-list.ts'
export type { Group } from './group-list.ts'

export type BroadcastPolicy = 'everyone' | 'admins'

export interface BroadcastSettings {
  who: BroadcastPolicy
  warnOver: number | null
}

/** The groups read again when one, or its members, changes (the workspace's live topic). */
export function useGroupsLive(workspaceId: string): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.workspace(workspaceId), {
        onChange: (change) => {
          if (change.table === 'user_groups' || change.table === 'user_group_members')
            void queryClient.invalidateQueries({ queryKey: groupKeys.list(workspaceId) })
        },
      }),
    [queryClient, workspaceId]
  )
}

export function useBroadcastPolicy(workspaceId: string) {
  return useQuery({
    queryKey: groupKeys.policy(workspaceId),
    queryFn: async (): Promise<BroadcastSettings> => {
      const { data, error } = await supabase()
        .from('workspaces')
        .select('broadcast_mentions, broadcast_warn_over')
        .eq('id', workspaceId)
        .single()
      if (error) throw error
      return {
        who: data.broadcast_mentions === 'admins' ? 'admins' : 'everyone',
        warnOver: data.broadcast_warn_over,
      }
    },
  })
}

export function useGroupChanges(workspaceId: string) {
  const queryClient = useQueryClient()
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['groups', workspaceId] })
  return {
    create: useMutation({
      mutationFn: (g: { handle: string; name: string; description: string; userIds: string[] }) =>
        rpcOne('create_user_group', {
          p_workspace_id: workspaceId,
          p_handle: g.handle,
          p_name: g.name,
          p_description: g.description,
          p_user_ids: g.userIds,
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (groupId: string) => rpcOne('delete_user_group', { p_group_id: groupId }),
      onSuccess,
    }),
    join: useMutation({
      mutationFn: (g: { groupId: string; userId: string }) =>
        rpcOne('add_user_group_members', { p_group_id: g.groupId, p_user_ids: [g.userId] }),
      onSuccess,
    }),
    leave: useMutation({
      mutationFn: (g: { groupId: string; userId: string }) =>
        rpcOne('remove_user_group_member', { p_group_id: g.groupId, p_user_id: g.userId }),
      onSuccess,
    }),
    policy: useMutation({
      mutationFn: (who: BroadcastPolicy) =>
        rpcOne('set_broadcast_mentions', { p_workspace_id: workspaceId, p_who: who }),
      onSuccess,
    }),
    warning: useMutation({
      // null (never ask) is a value the function takes; generated types know no null arguments
      mutationFn: (over: number | null) =>
        rpcOne('set_broadcast_warning', { p_workspace_id: workspaceId, p_over: over as number }),
      onSuccess,
    }),
  }
}
