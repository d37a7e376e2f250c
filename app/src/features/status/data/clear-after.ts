// When a status set now clears, as set_status() computes it in the person's time zone: 30
// minutes from now, the next midnight, the next Monday's midnight, or never. The dialog shows it
// before saving; the database's own time is the one kept.
import { msg, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { formatLocale } from '../../../lib/i18n.ts'
import { dateFormat } from '../../../lib/date-formats.ts'
import type { ClearAfter } from './types.ts'

export const CLEAR_AFTER_CHOICES: readonly { value: ClearAfter; label: MessageDescriptor }[] = [
  { value: '30_minutes', label: msg`30 minutes` },
  { value: 'today', label: msg`Today` },
  { value: 'this_week', label: msg`This week` },
  { value: 'never', label: msg`Don't clear` },
]

/** The moment a status set at `now` with this choice clears (local time), or null for never. */
export function clearAtFor(choice: ClearAfter, now: Date): Date | null {
  switch (choice) {
    case '30_minutes':
      return new Date(now.getTime() + 30 * 60_000)
    case 'today':
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
    case 'this_week': {
      // Days to the next Monday (getDay: Sunday 0 ... Saturday 6); on a Monday, a week.
      const days = ((8 - now.getDay()) % 7 || 7) as number
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days)
    }
    case 'never':
      return null
  }
}

/** "Clears at 17:30", "Clears at the end of today", "Clears at the end of Sunday". */
export function describeClearAt(
  clearAt: Date | null,
  now: Date,
  locale: string = formatLocale()
): string {
  if (!clearAt) return t`Doesn't clear`
  const time = dateFormat({ hour: 'numeric', minute: '2-digit' }, locale).format(clearAt)
  if (clearAt.toDateString() === now.toDateString()) return t`Clears at ${time}`
  if (clearAt.getHours() === 0 && clearAt.getMinutes() === 0) {
    const lastDay = new Date(clearAt.getFullYear(), clearAt.getMonth(), clearAt.getDate() - 1)
    if (lastDay.toDateString() === now.toDateString()) return t`Clears at the end of today`
    const day = dateFormat({ weekday: 'long' }, locale).format(lastDay)
    return t`Clears at the end of ${day}`
  }
  const day = dateFormat({ weekday: 'long' }, locale).format(clearAt)
  return t`Clears ${day} at ${time}`
}

/** The browser's IANA time zone, for set_status(). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
