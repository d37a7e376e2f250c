// A workspace's user groups over supabase-js (its members read them; row-level security says
// whose): the groups with their members, and the RPCs that make, delete, join and leave them; who
// may use @channel, @here and @everyone (the workspace's `broadcast_mentions`, set by owners).
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

export interface Group {
  id: string
  handle: string
  name: string
  description: string
  memberIds: string[]
}

export type BroadcastPolicy = 'everyone' | 'admins'

export const groupKeys = {
  list: (workspaceId: string) => ['groups', workspaceId] as const,
  policy: (workspaceId: string) => ['groups', workspaceId, 'policy'] as const,
}

export function useGroups(workspaceId: string) {
  return useQuery({
    queryKey: groupKeys.list(workspaceId),
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
    queryFn: async (): Promise<BroadcastPolicy> => {
      const { data, error } = await supabase()
        .from('workspaces')
        .select('broadcast_mentions')
        .eq('id', workspaceId)
        .single()
      if (error) throw error
      return data.broadcast_mentions === 'admins' ? 'admins' : 'everyone'
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
  }
}
