// The reminder choices of "Save for later", as times from now (pure, tested).
import { t } from '@lingui/core/macro'
import { formatLocale } from '../../../lib/i18n.ts'
import { dateFormat } from '../../../lib/date-formats.ts'

export type ReminderChoice = 'none' | 'minutes20' | 'hour' | 'tomorrow' | 'date'

/** When a choice reminds, from `now`; 'date' takes a datetime-local value; null: no reminder. */
export function reminderTime(choice: ReminderChoice, now: Date, date = ''): Date | null {
  switch (choice) {
    case 'none':
      return null
    case 'minutes20':
      return new Date(now.getTime() + 20 * 60_000)
    case 'hour':
      return new Date(now.getTime() + 3600_000)
    case 'tomorrow': {
      const at = new Date(now)
      at.setDate(at.getDate() + 1)
      at.setHours(9, 0, 0, 0)
      return at
    }
    case 'date': {
      const at = new Date(date)
      return Number.isNaN(at.getTime()) ? null : at
    }
  }
}

/** "today at 09:00", "tomorrow at 09:00", "5 Dec 2026 at 09:00": a reminder time in words, in
 * the app's language. */
export function reminderLabel(at: string, now: Date): string {
  const when = new Date(at)
  const locale = formatLocale()
  const time = dateFormat({ hour: 'numeric', minute: '2-digit' }, locale).format(when)
  const day = new Date(now)
  day.setHours(0, 0, 0, 0)
  const days = Math.floor((when.getTime() - day.getTime()) / 86_400_000)
  if (days === 0) return t`today at ${time}`
  if (days === 1) return t`tomorrow at ${time}`
  const date = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }, locale).format(when)
  return t`${date} at ${time}`
}
