// The notifications panel's reminders: saved-for-later messages of this workspace whose reminder
// has come (the same list as the Later view's due ones), each opening its message.
import { t } from '@lingui/core/macro'
import { Link } from '../../../ui/Link.tsx'
import { useLaterItems } from '../../saved/index.ts'
import { notificationText } from './notification-text.ts'

export function DueReminders({ workspaceId, onOpen }: { workspaceId: string; onOpen: () => void }) {
  const items = useLaterItems(workspaceId, false)
  const due = (items.data ?? []).filter((i) => i.due)
  if (due.length === 0) return null
  return (
    <section aria-label={t`Reminders`}>
      <h3>{t`Reminders`}</h3>
      <ul className="due-reminders">
        {due.map((i) => (
          <li key={i.id}>
            <Link href={`/w/${workspaceId}/c/${i.channelId}/m/${i.messageId}`} onClick={onOpen}>
              {i.channelKind === 'dm' ? t`Direct message` : `#${i.channelName ?? ''}`}:{' '}
              {notificationText(i.message.body)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
