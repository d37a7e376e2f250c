// Every date and time the app shows is formatted here (lint forbids `new Intl.DateTimeFormat`
// elsewhere, eslint.config.js). A formatter is made once per locale and option set and kept:
// toLocaleString() with options makes a new Intl.DateTimeFormat at every call, which cost about
// 0.3 ms a label and, with two labels a row, a sixth of the time to the first screen (the same
// output either way). Making the first ones loads the locale's data (10-15 ms, more on a busy
// machine), so the entry makes the message list's while it waits for the network
// (warmDateFormats, once the language is active), not in the task that renders the rows. The
// locale is the app's language's (formatLocale, lib/i18n.ts) unless a caller names one.
import { formatLocale } from './i18n.ts'

const made = new Map<string, Intl.DateTimeFormat>()

/** The formatter for `options` in `locale` (the app's language's by default), made once. */
export function dateFormat(
  options: Intl.DateTimeFormatOptions = {},
  locale: string = formatLocale()
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = made.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    made.set(key, format)
  }
  return format
}

const DAY = { weekday: 'long', month: 'long', day: 'numeric' } as const
const DAY_WITH_YEAR = { ...DAY, year: 'numeric' } as const
const TIME = { hour: 'numeric', minute: '2-digit' } as const
const FULL = { dateStyle: 'full', timeStyle: 'short' } as const
const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const
const DATE = { year: 'numeric', month: 'numeric', day: 'numeric' } as const
const DATE_AND_SECONDS = { ...DATE, hour: 'numeric', minute: 'numeric', second: 'numeric' } as const

type Formats = Record<'day' | 'dayWithYear' | 'time' | 'full', Intl.DateTimeFormat>

/** The message list's formats: its day dividers, a message's time and its tooltip. */
export function dateFormats(): Formats {
  return {
    day: dateFormat(DAY),
    dayWithYear: dateFormat(DAY_WITH_YEAR),
    time: dateFormat(TIME),
    full: dateFormat(FULL),
  }
}

/** Makes the formats in a task of their own, soon. */
export function warmDateFormats(): void {
  setTimeout(dateFormats, 0)
}

/** A message's time of day ("9:36 AM"), as the app's language writes it. */
export function timeLabel(iso: string): string {
  return dateFormat(TIME).format(new Date(iso))
}

/** A message's full date and time, for its tooltip. */
export function fullTimeLabel(iso: string): string {
  return dateFormat(FULL).format(new Date(iso))
}

/** When something was made or last used, in a list ("Nov 27, 2026, 3:58 PM"). */
export function dateTimeLabel(when: string | Date): string {
  return dateFormat(DATE_TIME).format(new Date(when))
}

/** A date alone, in figures ("11/27/2026"), as toLocaleDateString() writes it. */
export function dateLabel(when: string | Date): string {
  return dateFormat(DATE).format(new Date(when))
}

/** A date and a time to the second, as toLocaleString() writes it (an event's log line). */
export function dateAndSecondsLabel(when: string | Date): string {
  return dateFormat(DATE_AND_SECONDS).format(new Date(when))
}
