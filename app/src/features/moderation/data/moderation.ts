// Moderation over supabase-js (issue 35, part 4): my reports of a channel's messages (row-level
// security shows me only mine), reporting a message; for owners and admins the open reports
// (open_reports: every channel, private ones included, only the reported message), dismissing
// them, removing and restoring a message, and suspending a person. The database decides who may.
import { msg } from '@lingui/core/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import type { RpcRow } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

export const REASONS = [
  { id: 'spam', label: msg`Spam` },
  { id: 'harassment', label: msg`Harassment` },
  { id: 'inappropriate', label: msg`Inappropriate` },
  { id: 'other', label: msg`Something else` },
] as const
export type ReportReason = (typeof REASONS)[number]['id']

export const moderationKeys = {
  all: ['moderation'] as const,
  myReports: (channelId: string) => ['moderation', 'my-reports', channelId] as const,
  open: (workspaceId: string) => ['moderation', 'open', workspaceId] as const,
  suspended: (workspaceId: string) => ['moderation', 'suspended-members', workspaceId] as const,
  mine: () => ['moderation', 'suspended-from'] as const,
}

/** The ids of the messages of a channel that I reported. */
export function useMyReports(channelId: string, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.myReports(channelId),
    enabled,
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('message_reports')
        .select('message_id')
        .eq('channel_id', channelId)
      if (error) throw error
      return new Set(data.map((r) => r.message_id))
    },
  })
}

export function useReportMessage(channelId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: { messageId: string; reason: ReportReason; note: string }) =>
      rpcOne('report_message', { p_message_id: v.messageId, p_reason: v.reason, p_note: v.note }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: moderationKeys.myReports(channelId) }),
  })
}

export type OpenReport = RpcRow<'open_reports'>
export interface ReportEntry {
  reporter_id: string | null
  reporter_name: string | null
  reason: ReportReason
  note: string | null
  created_at: string
}

export function useOpenReports(workspaceId: string) {
  return useQuery({
    queryKey: moderationKeys.open(workspaceId),
    queryFn: () => rpcRows('open_reports', { p_workspace_id: workspaceId }),
  })
}

/** Dismiss a message's reports, remove it, or restore it. */
export function useResolve(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (v: { messageId: string; action: 'dismiss' | 'remove' | 'restore' }) => {
      const args = { p_message_id: v.messageId }
      if (v.action === 'dismiss') await rpcOne('dismiss_reports', args)
      else if (v.action === 'remove') await rpcRows('remove_message', args)
      else await rpcRows('restore_message', args)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.open(workspaceId) }),
  })
}

/** Who is suspended in the workspace: user id → since when. */
export function useSuspendedMembers(workspaceId: string) {
  return useQuery({
    queryKey: moderationKeys.suspended(workspaceId),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('workspace_members')
        .select('user_id, suspended_at')
        .eq('workspace_id', workspaceId)
        .is('left_at', null)
        .not('suspended_at', 'is', null)
      if (error) throw error
      return new Map(data.map((m) => [m.user_id, m.suspended_at]))
    },
  })
}

export function useSuspend(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: { userId: string; suspend: boolean }) =>
      rpcRows(v.suspend ? 'suspend_member' : 'unsuspend_member', {
        p_workspace_id: workspaceId,
        p_user_id: v.userId,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: moderationKeys.suspended(workspaceId) }),
  })
}

/** The workspaces I am suspended from (their names only). */
export function useSuspendedFrom() {
  return useQuery({
    queryKey: moderationKeys.mine(),
    queryFn: () => rpcRows('suspended_workspaces'),
  })
}
