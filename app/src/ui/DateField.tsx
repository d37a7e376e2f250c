// A date picked on a month's calendar beside its field, as Slack's date pickers are: a button
// that reads the date as the app's language writes it ("27 Nov 2026", "2026/11/27"), opening a
// popover (Radix Popover: focus moves in, Escape or a click outside closes it and focus comes
// back) with react-day-picker's grid (arrows, Page Up/Down and Home/End through the days; weeks
// start on the language's first day; right to left in Arabic). Names, days and months come from
// lib/date-formats, as every other date. The value is a calendar date, "YYYY-MM-DD", or '' for
// none (`clearable` offers "Clear"). Only lazy dialogs use it: it never reaches the first screen.
import { t } from '@lingui/core/macro'
import * as Popover from '@radix-ui/react-popover'
import { useId, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import type { Locale } from 'react-day-picker'
import { ar, de, enUS, ja } from 'react-day-picker/locale'
import 'react-day-picker/style.css'
import { dateFormat } from '../lib/date-formats.ts'
import { activeLanguage } from '../lib/i18n.ts'
import './date-field.css'
import { pageDirection } from './direction.ts'
import { Icon } from './Icon.tsx'

const LOCALES: Record<string, Locale> = { ar, de, en: enUS, ja }

interface Props {
  label: string
  /** "YYYY-MM-DD", or '' for no date. */
  value: string
  onChange: (value: string) => void
  /** The first and last dates that may be picked ("YYYY-MM-DD"). */
  min?: string
  max?: string
  /** Offer "Clear" (a filter's "any date"); the button then reads `placeholder`. */
  clearable?: boolean
  placeholder?: string
}

/** "YYYY-MM-DD" as a Date at that day's midnight here (the calendar's days are local), or null. */
export function calendarDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return null
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(d.getTime()) ? null : d
}

/** A local Date's calendar day as "YYYY-MM-DD". */
export function calendarValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function DateField(props: Props) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [host, setHost] = useState<HTMLElement | null>(null)
  const selected = calendarDate(props.value) ?? undefined
  const min = props.min ? (calendarDate(props.min) ?? undefined) : undefined
  const max = props.max ? (calendarDate(props.max) ?? undefined) : undefined
  const language = activeLanguage()
  const shown = selected
    ? dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(selected)
    : (props.placeholder ?? t`Pick a date`)
  const disabled = [...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : [])]

  return (
    <div className="field date-field">
      <label htmlFor={id}>{props.label}</label>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          id={id}
          ref={(el) => setHost(el?.closest('dialog') ?? null)}
          className="select-trigger date-trigger"
          data-empty={selected ? undefined : ''}
        >
          <span className="select-value">{shown}</span>
          <span className="select-icon" aria-hidden="true">
            <Icon name="chevron-down" size={16} />
          </span>
        </Popover.Trigger>
        <Popover.Portal container={host ?? undefined}>
          <Popover.Content
            className="date-popover"
            dir={pageDirection()}
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            aria-label={props.label}
          >
            <DayPicker
              mode="single"
              required={false}
              autoFocus
              dir={pageDirection()}
              locale={LOCALES[language] ?? enUS}
              selected={selected}
              defaultMonth={selected ?? min ?? max}
              startMonth={min}
              endMonth={max}
              disabled={disabled}
              showOutsideDays
              formatters={{
                formatCaption: (month) =>
                  dateFormat({ month: 'long', year: 'numeric' }).format(month),
                formatDay: (day) => dateFormat({ day: 'numeric' }).format(day),
                formatWeekdayName: (day) => dateFormat({ weekday: 'narrow' }).format(day),
              }}
              onSelect={(day) => {
                if (day) {
                  props.onChange(calendarValue(day))
                  setOpen(false)
                }
              }}
            />
            {props.clearable && selected && (
              <div className="date-popover-footer">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    props.onChange('')
                    setOpen(false)
                  }}
                >
                  {t`Clear`}
                </button>
              </div>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  )
}
