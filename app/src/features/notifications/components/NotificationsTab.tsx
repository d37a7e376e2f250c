// Preferences → Notifications: the reminders that have come, the open conversation's level and
// mute, my default for the workspace's channels, Do Not Disturb (DndSection), emails, and push on
// my devices. Every change is saved as it is made, except the schedule (its own Save).
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Select } from '../../../ui/Select.tsx'
import { Switch } from '../../../ui/Switch.tsx'
import { DueReminders } from './DueReminders.tsx'
import { useNotificationSettings } from '../data/settings.ts'
import { useNotificationMutations } from '../data/settings-changes.ts'
import type { NotifyLevel } from '../rules.ts'
import { PushDevices } from '../../push/index.ts'
import { DndSection } from './DndSection.tsx'

export interface OpenConversation {
  id: string
  label: string
  isDm: boolean
  level: NotifyLevel | null
  muted: boolean
}

const LEVELS: { value: NotifyLevel; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All messages` },
  { value: 'mentions', label: msg`Mentions and direct messages` },
  { value: 'nothing', label: msg`Nothing` },
]

const levels = () => LEVELS.map((l) => ({ value: l.value, label: i18n._(l.label) }))

export interface Props {
  workspaceId: string
  conversation: OpenConversation | null
  onClose: () => void
}

export default function NotificationsTab({ workspaceId, conversation, onClose }: Props) {
  const settings = useNotificationSettings(workspaceId)
  const m = useNotificationMutations(workspaceId)
  const [muted, setMuted] = useState(conversation?.muted ?? false)
  const [level, setLevel] = useState<NotifyLevel | 'default'>(conversation?.level ?? 'default')
  const error = m.channel.error ?? m.defaultLevel.error ?? m.email.error ?? settings.error
  const s = settings.data
  const label = conversation?.label ?? ''
  return (
    <div className="stack preferences-tab">
      <DueReminders workspaceId={workspaceId} onOpen={onClose} />
      {conversation && (
        <section className="preferences-section" aria-labelledby="prefs-conversation">
          <h3 id="prefs-conversation">{t`In ${label}`}</h3>
          <Select
            label={t`Notify me about`}
            value={level}
            options={[
              {
                value: 'default',
                label: conversation.isDm
                  ? t`Default (all messages)`
                  : t`Default (workspace default)`,
              },
              ...levels(),
            ]}
            onValueChange={(value) => {
              setLevel(value)
              m.channel.mutate({ channelId: conversation.id, level: value })
            }}
          />
          <Switch
            label={t`Mute this conversation`}
            hint={t`No bold, no badge and no alerts, mentions included.`}
            checked={muted}
            onCheckedChange={(value) => {
              setMuted(value)
              m.channel.mutate({ channelId: conversation.id, muted: value })
            }}
          />
        </section>
      )}
      {!s ? (
        <p className="muted">{settings.error ? null : t`Loading…`}</p>
      ) : (
        <>
          <section className="preferences-section" aria-labelledby="prefs-default">
            <h3 id="prefs-default">{t`This workspace`}</h3>
            <Select
              label={t`Notify me in channels about`}
              hint={t`Direct messages always notify, unless you mute them.`}
              value={s.defaultLevel}
              options={levels()}
              onValueChange={(value) => m.defaultLevel.mutate(value)}
            />
            <Switch
              label={t`Email me about unread mentions and direct messages`}
              hint={t`Sent when they are still unread a while after they come.`}
              checked={s.emailEnabled}
              onCheckedChange={(value) => m.email.mutate(value)}
            />
          </section>
          <DndSection workspaceId={workspaceId} dnd={s.dnd} />
          <PushDevices />
        </>
      )}
      {error && (
        <p role="alert" className="error">
          {cleanError(error)}
        </p>
      )}
    </div>
  )
}
