// Notification settings (a lazy chunk): the open channel's level and mute, my default for the
// workspace, Do Not Disturb (daily schedule, snooze for an hour or until tomorrow), emails, and
// the workspace's email delay (owners and admins; the server says so to anyone else); above
// them, the saved-for-later reminders that have come (DueReminders); below, push on this person's
// devices (features/push).
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { PushDevices } from '../../push/index.ts'
import { useNotificationSettings } from '../data/settings.ts'
import { useNotificationMutations } from '../data/settings-changes.ts'
import { dndActive } from '../rules.ts'
import { DueReminders } from './DueReminders.tsx'
import type { ChannelKind, DoNotDisturb, NotifyLevel } from '../rules.ts'

export interface PanelChannel {
  id: string
  label: string
  kind: ChannelKind
  level: NotifyLevel | null
  muted: boolean
}

interface Props {
  workspaceId: string
  channel: PanelChannel | null
  onClose: () => void
}

const LEVELS: { value: NotifyLevel; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All messages` },
  { value: 'mentions', label: msg`Mentions and direct messages` },
  { value: 'nothing', label: msg`Nothing` },
]

/** "Snoozed until 24 Nov 2026, 08:00.", "Do Not Disturb is on now." or "Notifications are on." */
function stateOf(dnd: DoNotDisturb): string {
  if (!dndActive(dnd, new Date())) return t`Notifications are on.`
  if (!dnd.snoozeUntil || Date.parse(dnd.snoozeUntil) <= Date.now())
    return t`Do Not Disturb is on now.`
  const until = new Intl.DateTimeFormat(formatLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(dnd.snoozeUntil))
  return t`Snoozed until ${until}.`
}

function tomorrowMorning(): Date {
  const d = new Date()
  d.setDate(d.getDate() + 1)
  d.setHours(8, 0, 0, 0)
  return d
}

export default function NotificationsPanel({ workspaceId, channel, onClose }: Props) {
  const settings = useNotificationSettings(workspaceId)
  const m = useNotificationMutations(workspaceId)
  const [muted, setMuted] = useState(channel?.muted ?? false)
  const [level, setLevel] = useState<NotifyLevel | 'default'>(channel?.level ?? 'default')
  const error =
    m.channel.error ??
    m.defaultLevel.error ??
    m.dnd.error ??
    m.snooze.error ??
    m.email.error ??
    m.emailDelay.error
  const s = settings.data
  return (
    <Dialog title={t`Notifications`} open onClose={onClose}>
      <div className="stack">
        <DueReminders workspaceId={workspaceId} onOpen={onClose} />
        {channel && (
          <fieldset>
            <legend>{channel.label}</legend>
            <label>
              {t`Notify me about`}{' '}
              <select
                aria-label={t`Channel level`}
                value={level}
                onChange={(e) => {
                  const value = e.target.value as NotifyLevel | 'default'
                  setLevel(value)
                  m.channel.mutate({ channelId: channel.id, level: value })
                }}
              >
                <option value="default">
                  {channel.kind === 'dm'
                    ? t`Default (all messages)`
                    : t`Default (workspace default)`}
                </option>
                {LEVELS.map((l) => (
                  <option key={l.value} value={l.value}>
                    {i18n._(l.label)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input
                type="checkbox"
                checked={muted}
                onChange={(e) => {
                  setMuted(e.target.checked)
                  m.channel.mutate({ channelId: channel.id, muted: e.target.checked })
                }}
              />{' '}
              {t`Mute this conversation`}
            </label>
          </fieldset>
        )}
        {!s ? (
          <p className="muted">{t`Loading…`}</p>
        ) : (
          <>
            <label>
              {t`Default for this workspace's channels`}{' '}
              <select
                aria-label={t`Workspace default`}
                value={s.defaultLevel}
                onChange={(e) => m.defaultLevel.mutate(e.target.value as NotifyLevel)}
              >
                {LEVELS.map((l) => (
                  <option key={l.value} value={l.value}>
                    {i18n._(l.label)}
                  </option>
                ))}
              </select>
            </label>
            <DndFields
              key={`${s.dnd.start}-${s.dnd.end}-${s.dnd.timeZone}-${s.dnd.enabled}`}
              dnd={s.dnd}
              onSave={(v) => m.dnd.mutate(v)}
            />
            <p>
              {stateOf(s.dnd)}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => m.snooze.mutate(new Date(Date.now() + 3600_000))}
              >
                {t`Snooze 1 hour`}
              </button>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => m.snooze.mutate(tomorrowMorning())}
              >
                {t`Until tomorrow`}
              </button>
              {s.dnd.snoozeUntil && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => m.snooze.mutate(null)}
                  >
                    {t`End snooze`}
                  </button>
                </>
              )}
            </p>
            <label>
              <input
                type="checkbox"
                checked={s.emailEnabled}
                onChange={(e) => m.email.mutate(e.target.checked)}
              />{' '}
              {t`Email me about unread mentions and direct messages`}
            </label>
            <EmailDelay
              key={s.emailDelayMinutes}
              minutes={s.emailDelayMinutes}
              onSave={(v) => m.emailDelay.mutate(v)}
            />
            <PushDevices workspaceId={workspaceId} />
          </>
        )}
        {error && (
          <p role="alert" className="error">
            {cleanError(error)}
          </p>
        )}
      </div>
    </Dialog>
  )
}

function DndFields({
  dnd,
  onSave,
}: {
  dnd: { enabled: boolean; start: string; end: string; timeZone: string }
  onSave: (v: { enabled: boolean; start: string; end: string; timeZone: string }) => void
}) {
  const [enabled, setEnabled] = useState(dnd.enabled)
  const [start, setStart] = useState(dnd.start.slice(0, 5))
  const [end, setEnd] = useState(dnd.end.slice(0, 5))
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || dnd.timeZone
  return (
    <fieldset>
      <legend>{t`Do Not Disturb every day`}</legend>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
        {t`On`}
      </label>{' '}
      <label>
        <Trans>
          from <input type="time" value={start} onChange={(e) => setStart(e.target.value)} />
        </Trans>
      </label>{' '}
      <label>
        <Trans>
          to <input type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
        </Trans>
      </label>{' '}
      <span className="muted">({zone})</span>{' '}
      <button
        type="button"
        className="button"
        onClick={() => onSave({ enabled, start, end, timeZone: zone })}
      >
        {t`Save schedule`}
      </button>
    </fieldset>
  )
}

function EmailDelay({ minutes, onSave }: { minutes: number; onSave: (v: number) => void }) {
  const [value, setValue] = useState(String(minutes))
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        onSave(Number(value))
      }}
    >
      <label>
        <Trans>
          Workspace: email after{' '}
          <input
            type="number"
            min={0}
            max={1440}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            style={{ width: '5em' }}
          />{' '}
          minutes unread
        </Trans>
      </label>{' '}
      <button type="submit" className="button">
        {t`Save`}
      </button>
    </form>
  )
}
