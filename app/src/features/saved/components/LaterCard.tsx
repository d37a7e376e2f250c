// One saved message in the Later view, as a card: avatar, author, channel and time, two lines of
// its text, its reminder as a chip (a due one marked), and its actions as icon buttons with
// tooltips: open in channel, change reminder (a menu of times; "Custom…" the reminder dialog),
// mark done or not done, remove.
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { navigate } from '../../../lib/router.ts'
import { bodyAsText } from '../../../lib/message-tokens.ts'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { recentLabel } from '../../../lib/recent-label.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { IconButton } from '../../../ui/IconButton.tsx'
import { Menu, MenuItem, MenuSeparator } from '../../../ui/Menu.tsx'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import type { People } from '../../../slots/message.ts'
import type { LaterItem } from '../data/saved.ts'
import type { SaveChange } from '../data/save-mutation.ts'
import { reminderLabel, reminderTime } from '../data/reminders.ts'

const SaveDialog = lazyRetrying(() => import('./SaveDialog.tsx'), NotLoaded)

interface Props {
  item: LaterItem
  workspaceId: string
  people: People
  busy: boolean
  onChange: (change: SaveChange) => void
}

/** When the message was sent: its time today, else its date. */
function sentLabel(iso: string): string {
  return iso ? recentLabel(iso, false) : ''
}

export function LaterCard({ item, workspaceId, people, busy, onChange }: Props) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [custom, setCustom] = useState(false)
  const { messageId } = item
  const channel = item.channelKind === 'dm' ? t`Direct message` : `#${item.channelName ?? ''}`
  const author = people.nameOf(item.message.authorId)
  const sent = item.message.createdAt
  const when = item.remindAt ? reminderLabel(item.remindAt, new Date()) : ''
  const href = `/w/${workspaceId}/c/${item.channelId}/m/${messageId}`
  const remind = (choice: 'minutes20' | 'hour' | 'tomorrow') => {
    const at = reminderTime(choice, new Date())
    onChange({ kind: 'save', messageId, remindAt: at?.toISOString() ?? null })
  }
  return (
    <article
      className={`later-card${item.due && !item.doneAt ? ' later-due' : ''}`}
      aria-label={t`Saved message from ${author}`}
      aria-busy={busy || undefined}
    >
      <span className="later-avatar">{people.avatarOf(item.message.authorId, 36)}</span>
      <div className="later-main">
        <p className="later-meta">
          <bdi className="later-author">{author}</bdi>
          <span className="later-channel" dir="auto">
            {channel}
          </span>
          {sent && (
            <time className="later-time" dateTime={sent} title={fullTimeLabel(sent)}>
              {sentLabel(sent)}
            </time>
          )}
        </p>
        <p className="later-text" dir="auto">
          {bodyAsText(item.message.body, people.nameOf)}
        </p>
        {item.remindAt && !item.doneAt && (
          <span className={`later-chip${item.due ? ' later-chip-due' : ''}`}>
            <Icon name="alarm-clock" size={12} />
            {item.due ? t`Due ${when}` : t`Reminder ${when}`}
          </span>
        )}
      </div>
      <div className="later-actions" role="group" aria-label={t`Actions`}>
        <IconButton icon="arrow-right" label={t`Open in channel`} onClick={() => navigate(href)} />
        {!item.doneAt && (
          <Menu
            trigger={<IconButton icon="alarm-clock" label={t`Change reminder`} />}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            label={t`Remind me`}
          >
            <MenuItem onSelect={() => remind('minutes20')}>{t`In 20 minutes`}</MenuItem>
            <MenuItem onSelect={() => remind('hour')}>{t`In 1 hour`}</MenuItem>
            <MenuItem onSelect={() => remind('tomorrow')}>{t`Tomorrow at 9:00`}</MenuItem>
            <MenuItem onSelect={() => setCustom(true)}>{t`Custom…`}</MenuItem>
            {item.remindAt && (
              <>
                <MenuSeparator />
                <MenuItem onSelect={() => onChange({ kind: 'save', messageId, remindAt: null })}>
                  {t`No reminder`}
                </MenuItem>
              </>
            )}
          </Menu>
        )}
        <IconButton
          icon={item.doneAt ? 'rotate-ccw' : 'check'}
          label={item.doneAt ? t`Mark not done` : t`Mark done`}
          onClick={() => onChange({ kind: 'done', messageId, done: !item.doneAt })}
        />
        <IconButton
          icon="trash-2"
          label={t`Remove from Later`}
          onClick={() => onChange({ kind: 'remove', messageId })}
        />
      </div>
      {custom && (
        <Suspense fallback={null}>
          <SaveDialog
            messageId={messageId}
            saved={{ remindAt: item.remindAt, doneAt: item.doneAt }}
            onClose={() => setCustom(false)}
          />
        </Suspense>
      )}
    </article>
  )
}
