// My notification settings for a workspace (my_notification_settings()), read on the first
// screen (Do Not Disturb, the notifier); the changes are settings-changes.ts's, with the panel.
import { useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
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
