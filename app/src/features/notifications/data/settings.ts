// My notification settings for a workspace (my_notification_settings()) and the functions that
// change them; each change refreshes the settings (and the channel list refreshes itself from
// the live channel_members update).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import type { DoNotDisturb, NotifyLevel } from '../rules.ts'
import { notificationKeys } from './keys.ts'

export interface NotificationSettings {
  defaultLevel: NotifyLevel
  dnd: DoNotDisturb
  emailEnabled: boolean
  emailDelayMinutes: number
}

export async function fetchNotificationSettings(
  workspaceId: string
): Promise<NotificationSettings> {
  const [row] = await rpcRows('my_notification_settings', { p_workspace_id: workspaceId })
  if (!row) throw new Error('No notification settings came back.')
  return {
    defaultLevel: row.default_level,
    dnd: {
      enabled: row.dnd_enabled,
      start: row.dnd_start,
      end: row.dnd_end,
      timeZone: row.dnd_time_zone,
      snoozeUntil: row.snooze_until ?? null,
    },
    emailEnabled: row.email_enabled,
    emailDelayMinutes: row.email_delay_minutes,
  }
}

export function useNotificationSettings(workspaceId: string) {
  return useQuery({
    queryKey: notificationKeys.settings(workspaceId),
    queryFn: () => fetchNotificationSettings(workspaceId),
    // DND and snoozes are set on other devices too.
    refetchInterval: 60_000,
  })
}

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
