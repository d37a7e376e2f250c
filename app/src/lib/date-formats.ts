// The date formats for the app's labels, made once: toLocaleString() with options
// makes a new Intl.DateTimeFormat at every call, which cost about 0.3 ms a label and, with two
// labels a row, a sixth of the time to the first screen (the same output either way). Making the
// first ones loads the locale's data (10-15 ms, more on a busy machine), so the entry makes them
// while it waits for the network (warmDateFormats, once the language is active), not in the task
// that renders the rows. The locale is the app's language's (formatLocale, lib/i18n.ts).
import { formatLocale } from './i18n.ts'

type Formats = Record<'day' | 'dayWithYear' | 'time' | 'full', Intl.DateTimeFormat>

let made: Formats | null = null

export function dateFormats(): Formats {
  const locale = formatLocale()
  made ??= {
    day: new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' }),
    dayWithYear: new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }),
    time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
    full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }),
  }
  return made
}

/** Makes the formats in a task of their own, soon. */
export function warmDateFormats(): void {
  setTimeout(dateFormats, 0)
}

/** A message's time of day ("9:36 AM"), as the app's language writes it. */
export function timeLabel(iso: string): string {
  return dateFormats().time.format(new Date(iso))
}

/** A message's full date and time, for its tooltip. */
export function fullTimeLabel(iso: string): string {
  return dateFormats().full.format(new Date(iso))
}
