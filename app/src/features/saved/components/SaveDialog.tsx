// The reminder of a saved message ("Custom…" in the toast after a one-click save, "Change
// reminder…" in its menu, the Later card's alarm): none, in 20 minutes, in an hour, tomorrow at
// 9:00 or on a date and time (the default, set to its reminder if it has one); the message can be
// removed from Later here too. The date on a calendar and the time from a list every quarter hour
// (ui/DateField, ui/TimeField), in this device's time; a time past is refused before asking.
// Saves it if it was not saved yet. Loaded on first use.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { calendarValue, DateField } from '../../../ui/DateField.tsx'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { RadioGroup } from '../../../ui/RadioGroup.tsx'
import { TimeField } from '../../../ui/TimeField.tsx'
import { useSaveMutation } from '../data/save-mutation.ts'
import type { SavedState } from '../data/saved.ts'
import { reminderTime } from '../data/reminders.ts'
import type { ReminderChoice } from '../data/reminders.ts'

interface Props {
  messageId: string
  saved: SavedState | null
  onClose: () => void
}

const CHOICES: [ReminderChoice, MessageDescriptor][] = [
  ['none', msg`No reminder`],
  ['minutes20', msg`In 20 minutes`],
  ['hour', msg`In 1 hour`],
  ['tomorrow', msg`Tomorrow at 9:00`],
  ['date', msg`On a date`],
]

export default function SaveDialog({ messageId, saved, onClose }: Props) {
  const [choice, setChoice] = useState<ReminderChoice>('date')
  const [when, setWhen] = useState(() => localParts(saved?.remindAt ?? nextQuarterHour()))
  const [tried, setTried] = useState(false)
  const mutation = useSaveMutation()
  const today = calendarValue(new Date())
  const at = reminderTime(choice, new Date(), `${when.date}T${when.time}`)
  const past = choice === 'date' && (!at || at.getTime() <= Date.now() - 60_000)

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (past) return
    mutation.mutate(
      { kind: 'save', messageId, remindAt: at?.toISOString() ?? null },
      { onSuccess: onClose }
    )
  }

  return (
    <Dialog title={t`Remind me about this message`} open onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <RadioGroup
          label={t`Remind me`}
          value={choice}
          options={CHOICES.map(([value, label]) => ({ value, label: i18n._(label) }))}
          onValueChange={setChoice}
        />
        {choice === 'date' && (
          <div className="save-when">
            <DateField
              label={t`Date`}
              min={today}
              value={when.date}
              onChange={(date) => setWhen({ ...when, date })}
            />
            <TimeField
              label={t`Time`}
              value={when.time}
              onChange={(time) => setWhen({ ...when, time })}
            />
          </div>
        )}
        {tried && past && <Notice tone="error">{t`Choose a time in the future.`}</Notice>}
        {mutation.isError && <Notice tone="error">{cleanError(mutation.error)}</Notice>}
        <div className="save-buttons">
          <button type="submit" className="button" disabled={mutation.isPending}>
            {t`Set reminder`}
          </button>
          {saved && (
            <button
              type="button"
              className="button button-secondary"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ kind: 'remove', messageId }, { onSuccess: onClose })}
            >
              {t`Remove from Later`}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  )
}

/** An instant as this device's calendar date and "HH:MM". */
function localParts(at: string | Date): { date: string; time: string } {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: calendarValue(d), time: `${pad(d.getHours())}:${pad(d.getMinutes())}` }
}

/** The next quarter hour from now, at least ten minutes ahead (a custom reminder's default). */
function nextQuarterHour(now = new Date()): Date {
  const at = new Date(now.getTime() + 10 * 60_000)
  at.setMinutes(Math.ceil(at.getMinutes() / 15) * 15, 0, 0)
  return at
}
