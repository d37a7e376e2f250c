// A date and a time in my profile's time zone (send later's "Custom time…", a scheduled
// message's "Reschedule…"): said before asking when it is past or more than 120 days ahead.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { DateField } from '../../../ui/DateField.tsx'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { TimeField } from '../../../ui/TimeField.tsx'
import {
  customTime,
  inputValues,
  MAX_DAYS_AHEAD,
  sendTimeLabel,
  timeProblem,
} from '../data/times.ts'

export interface TimeDialogProps {
  title: string
  confirm: string
  zone: string
  /** The time it opens with. */
  initial: Date
  busy?: boolean
  error?: string | null
  onPick: (at: Date) => void
  onClose: () => void
}

export default function TimeDialog(props: TimeDialogProps) {
  const { zone } = props
  const [value, setValue] = useState(() => inputValues(zone, props.initial))
  const [tried, setTried] = useState(false)
  const now = new Date()
  const at = customTime(zone, value.date, value.time)
  const problem = at ? timeProblem(at, now) : 'past'
  const today = inputValues(zone, now).date
  const when = at ? sendTimeLabel(at, now, zone) : ''
  const zoneName = zone.replace(/_/g, ' ')
  const last = inputValues(zone, new Date(now.getTime() + MAX_DAYS_AHEAD * 86_400_000)).date

  // No <form>: the dialog is drawn inside the composer's, which a submit would send.
  function submit() {
    setTried(true)
    if (at && !problem) props.onPick(at)
  }

  return (
    <Dialog title={props.title} open onClose={props.onClose}>
      <div
        className="stack scheduled-time-form"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault()
            submit()
          }
        }}
      >
        <div className="scheduled-time-fields">
          <DateField
            label={t`Date`}
            min={today}
            max={last}
            value={value.date}
            onChange={(date) => setValue({ ...value, date })}
          />
          <TimeField
            label={t`Time`}
            value={value.time}
            onChange={(time) => setValue({ ...value, time })}
          />
        </div>
        <p className="muted scheduled-zone">
          {at && !problem
            ? t`Sends ${when} (${zoneName})`
            : t`Times are in your time zone, ${zoneName}.`}
        </p>
        {tried && problem === 'past' && (
          <Notice tone="error">{t`Choose a time in the future.`}</Notice>
        )}
        {tried && problem === 'far' && (
          <Notice tone="error">{t`A message can be scheduled at most 120 days ahead.`}</Notice>
        )}
        {props.error && <Notice tone="error">{props.error}</Notice>}
        <div className="scheduled-time-buttons">
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            {t`Cancel`}
          </button>
          <button type="button" className="button" disabled={props.busy} onClick={submit}>
            {props.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  )
}
