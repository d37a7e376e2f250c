// Saved-for-later reminders as browser notifications: the notifier alerts each as it comes due,
// once settings are known, held while Do Not Disturb is on; a click opens its message.
import { t } from '@lingui/core/macro'
import { useSyncExternalStore } from 'react'
import { mentionedIds } from '../../../lib/message-tokens.ts'
import { navigate } from '../../../lib/router.ts'
import { fetchDisplayNames } from '../data/memberships.ts'
import { useDueReminders } from '../../saved/index.ts'
import type { ReminderMessage } from '../../saved/index.ts'
import { notificationText } from './notification-text.ts'
import { notificationsPermitted, onNotificationPermission } from './permission.ts'
import { useDndActive } from './use-dnd-active.ts'

/** Reminders: the notifier alerts once settings are known, not during Do Not Disturb. */
export function useReminderAlerts(
  me: string,
  workspaceId: string,
  leading: boolean,
  settingsKnown: boolean
): void {
  const held = useDndActive(workspaceId)
  const permitted = useSyncExternalStore(onNotificationPermission, notificationsPermitted)
  useDueReminders(me, leading && !held && settingsKnown && permitted, showReminder)
}

async function showReminder(m: ReminderMessage): Promise<void> {
  const where = m.channelKind === 'dm' ? t`direct message` : m.channelName ? m.channelName : null
  const names = await fetchDisplayNames(mentionedIds(m.body))
  const n = new Notification(where ? t`Reminder · ${where}` : t`Reminder`, {
    body: notificationText(m.body, names),
    tag: `reminder:${m.messageId}`,
  })
  n.onclick = () => {
    window.focus()
    navigate(`/w/${m.workspaceId}/c/${m.channelId}/m/${m.messageId}`)
    n.close()
  }
}
