// Time zones as Preferences uses them (Do Not Disturb's schedule is kept in one: its IANA name on
// the person's settings, which the server's decisions use, private.dnd_active): the zones as the
// app names them (lib/time-zones.ts, the profile's zone too), the moment a wall-clock time falls in
// a zone and the times of a day to choose from.
import { dateFormat } from '../../../lib/date-formats.ts'
import { offsetMinutes } from '../../../lib/time-zones.ts'

export {
  deviceZone,
  gmt,
  offsetMinutes,
  zoneCity,
  zoneName,
  zoneOptions,
} from '../../../lib/time-zones.ts'
export type { ZoneOption } from '../../../lib/time-zones.ts'

/** The moment it is `hour`:00 in the zone on the day after `now`'s day there. */
export function tomorrowAt(hour: number, zone: string, now: Date = new Date()): Date {
  const local = new Date(now.getTime() + offsetMinutes(zone, now) * 60_000)
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, hour)
  // The zone's offset then (it may differ from now's across a change of summer time).
  const guess = new Date(wall - offsetMinutes(zone, now) * 60_000)
  return new Date(wall - offsetMinutes(zone, guess) * 60_000)
}

/** The times of a day every half hour ("HH:MM", the schedule's own form), each written as
 *  `locale` writes a time ("10:00 PM", "22:00", "١٠:٠٠ م"), with any of `keep` not on the grid
 *  (a schedule set elsewhere) in its place (pure). */
export function dayTimeOptions(
  locale: string,
  keep: readonly string[] = []
): { value: string; label: string }[] {
  const format = dateFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }, locale)
  const grid = Array.from(
    { length: 48 },
    (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`
  )
  const times = [...new Set([...grid, ...keep.filter((k) => /^\d\d:\d\d$/.test(k))])].sort()
  return times.map((value) => {
    const [h, m] = value.split(':').map(Number)
    return { value, label: format.format(new Date(Date.UTC(2000, 0, 1, h, m))) }
  })
}
