// A workspace's retention over supabase-js: its default (workspace_retention: days, null =
// forever; what deleting an account does) and the channels' own choices (channel_retention),
// read by every member as row-level security allows; changed by owners through the RPCs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import type { DeletedAccounts } from './words.ts'

export interface Retention {
  /** The workspace's default; null: forever. */
  keepDays: number | null
  deletedAccounts: DeletedAccounts
  /** The channels with a choice of their own (keepDays null: forever), by channel id. */
  channels: ReadonlyMap<string, { keepDays: number | null }>
}

export const retentionKeys = {
  workspace: (workspaceId: string) => ['retention', workspaceId] as const,
}

const asPolicy = (value: string | undefined): DeletedAccounts =>
  value === 'anonymize' || value === 'remove' ? value : 'keep'

export function useRetention(workspaceId: string) {
  return useQuery({
    queryKey: retentionKeys.workspace(workspaceId),
    queryFn: async (): Promise<Retention> => {
      const [workspace, channels] = await Promise.all([
        supabase()
          .from('workspace_retention')
          .select('keep_days, deleted_accounts')
          .eq('workspace_id', workspaceId)
          .maybeSingle(),
        supabase()
          .from('channel_retention')
          .select('channel_id, keep_days')
          .eq('workspace_id', workspaceId),
      ])
      if (workspace.error) throw workspace.error
      if (channels.error) throw channels.error
      return {
        keepDays: workspace.data?.keep_days ?? null,
        deletedAccounts: asPolicy(workspace.data?.deleted_accounts),
        channels: new Map(channels.data.map((c) => [c.channel_id, { keepDays: c.keep_days }])),
      }
    },
  })
}

export function useRetentionChanges(workspaceId: string) {
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: retentionKeys.workspace(workspaceId) })
  return {
    workspace: useMutation({
      mutationFn: (change: { keepDays: number | null; deletedAccounts?: DeletedAccounts }) =>
        rpcOne('set_workspace_retention', {
          p_workspace_id: workspaceId,
          // null (forever) is a value the function takes; the generated type says number only
          p_keep_days: change.keepDays as number,
          p_deleted_accounts: change.deletedAccounts,
        }),
      onSuccess,
    }),
    channel: useMutation({
      mutationFn: async (change: { channelId: string; keepDays: number | null | 'workspace' }) => {
        if (change.keepDays === 'workspace') {
          await rpcOne('clear_channel_retention', { p_channel_id: change.channelId })
        } else {
          await rpcOne('set_channel_retention', {
            p_channel_id: change.channelId,
            p_keep_days: change.keepDays as number,
          })
        }
      },
      onSuccess,
    }),
  }
}
