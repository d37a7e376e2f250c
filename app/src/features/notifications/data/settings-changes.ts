// The functions that change my notification settings (the settings panel's, a lazy chunk); each
// change refreshes the settings (and the channel list refreshes itself from the live
// channel_members update).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import type { NotifyLevel } from '../rules.ts'
import { notificationKeys } from './keys.ts'

export function useNotificationMutations(workspaceId: string) {
  const queryClient = useQueryClient()
  const onSettled = () =>
    queryClient.invalidateQueries({ queryKey: notificationKeys.settings(workspaceId) })
  return {
    channel: useMutation({
      mutationFn: (v: { channelId: string; level?: NotifyLevel | 'default'; muted?: boolean }) =>
        rpcRows('set_channel_notifications', {
          p_channel_id: v.channelId,
          ...(v.level ? { p_level: v.level } : {}),
          ...(v.muted === undefined ? {} : { p_muted: v.muted }),
        }),
      onSettled,
    }),
    defaultLevel: useMutation({
      mutationFn: (level: NotifyLevel) =>
        rpcOne('set_notification_default', { p_workspace_id: workspaceId, p_level: level }),
      onSettled,
    }),
    dnd: useMutation({
      mutationFn: (v: { enabled: boolean; start: string; end: string; timeZone: string }) =>
        rpcOne('set_do_not_disturb', {
          p_enabled: v.enabled,
          p_start: v.start,
          p_end: v.end,
          p_time_zone: v.timeZone,
        }),
      onSettled,
    }),
    snooze: useMutation({
      mutationFn: (until: Date | null) =>
        rpcOne('snooze_notifications', { p_until: until ? until.toISOString() : null } as never),
      onSettled,
    }),
    email: useMutation({
      mutationFn: (enabled: boolean) => rpcOne('set_email_notifications', { p_enabled: enabled }),
      onSettled,
    }),
    emailDelay: useMutation({
      mutationFn: (minutes: number) =>
        rpcOne('set_workspace_email_delay', { p_workspace_id: workspaceId, p_minutes: minutes }),
      onSettled,
    }),
  }
}
