// The times of a day as pickers offer them (Do Not Disturb's schedule, a reminder's or a
// scheduled message's time: ui/TimeField), each written as the language writes a time.
import { dateFormat } from './date-formats.ts'

/** The times of a day every `step` minutes ("HH:MM", the schedule's own form), each written as
 *  `locale` writes a time ("10:00 PM", "22:00", "١٠:٠٠ م"), with any of `keep` not on the grid
 *  (a time set elsewhere) in its place (pure). */
export function dayTimeOptions(
  locale: string,
  keep: readonly string[] = [],
  step = 30
): { value: string; label: string }[] {
  const format = dateFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }, locale)
  const pad = (n: number) => String(n).padStart(2, '0')
  const grid = Array.from(
    { length: Math.ceil(1440 / step) },
    (_, i) => `${pad(Math.floor((i * step) / 60))}:${pad((i * step) % 60)}`
  )
  const times = [...new Set([...grid, ...keep.filter((k) => /^\d\d:\d\d$/.test(k))])].sort()
  return times.map((value) => {
    const [h, m] = value.split(':').map(Number)
    return { value, label: format.format(new Date(Date.UTC(2000, 0, 1, h, m))) }
  })
}
