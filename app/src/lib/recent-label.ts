// When something happened, as the lists of things to catch up on write it (Activity, All unreads,
// Threads, Later, Drafts): its time if today, else its day as Slack's lists write it, short ("Nov
// 27"), with the year only when it is not this one. Only those views' lazy chunks import it, so
// it is not first-screen code (lib/date-formats.ts is).
import { dateFormat, timeLabel } from './date-formats.ts'

const DAY = { month: 'short', day: 'numeric' } as const
const DAY_TIME = { ...DAY, hour: 'numeric', minute: '2-digit' } as const

/** "9:41 AM" today; "Nov 27, 9:41 AM" before ("Nov 27, 2025, 9:41 AM" in another year), in the
 * app's language; "Nov 27" without `withTime`. */
export function recentLabel(iso: string, withTime = true, now = new Date()): string {
  const when = new Date(iso)
  if (when.toDateString() === now.toDateString()) return timeLabel(iso)
  const base: Intl.DateTimeFormatOptions = withTime ? DAY_TIME : DAY
  const thisYear = when.getFullYear() === now.getFullYear()
  return dateFormat(thisYear ? base : { ...base, year: 'numeric' }).format(when)
}
