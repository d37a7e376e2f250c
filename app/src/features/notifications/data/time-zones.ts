// Time zones as Preferences uses them (Do Not Disturb's schedule is kept in one: its IANA name on
// the person's settings, which the server's decisions use, private.dnd_active): the zones as the
// app names them (lib/time-zones.ts, the profile's zone too), the moment a wall-clock time falls in
// a zone (the times of a day to choose from: lib/day-times.ts).
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
