// The reminder of a saved message ("Custom…" in the toast after a one-click save, "Change
// reminder…" in its menu, the Later card's alarm): none, in 20 minutes, in an hour, tomorrow at
// 9:00 or on a date and time (the default, set to its reminder if it has one); the message can be
// removed from Later here too. Saves it if it was not saved yet. Loaded on first use.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
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
  const [date, setDate] = useState(() => (saved?.remindAt ? localInput(saved.remindAt) : ''))
  const mutation = useSaveMutation()

  function submit(event: FormEvent) {
    event.preventDefault()
    const at = reminderTime(choice, new Date(), date)
    if (choice === 'date' && !at) return
    mutation.mutate(
      { kind: 'save', messageId, remindAt: at?.toISOString() ?? null },
      { onSuccess: onClose }
    )
  }

  return (
    <Dialog title={t`Remind me about this message`} open onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <fieldset className="save-choices">
          <legend>{t`Remind me`}</legend>
          {CHOICES.map(([value, label]) => (
            <label key={value} className="save-choice">
              <input
                type="radio"
                name="remind"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              {i18n._(label)}
            </label>
          ))}
          {choice === 'date' && (
            <label className="save-choice">
              {t`Date and time`}
              <input
                type="datetime-local"
                required
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </label>
          )}
        </fieldset>
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

/** An ISO time as a datetime-local input's value, in the device's time zone. */
function localInput(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
