// When something happened, as the lists of things to catch up on write it (Activity, All unreads,
// Threads, Later): its time if today, else its date (and time). Only those views' lazy chunks
// import it, so it is not first-screen code (lib/date-formats.ts is).
import { dateLabel, timeLabel } from './date-formats.ts'

/** "9:41 AM" today; "Nov 27, 9:41 AM" before (or "Nov 27" without `withTime`). */
export function recentLabel(iso: string, withTime = true): string {
  const when = new Date(iso)
  if (when.toDateString() === new Date().toDateString()) return timeLabel(iso)
  return withTime ? `${dateLabel(when)}, ${timeLabel(iso)}` : dateLabel(when)
}
