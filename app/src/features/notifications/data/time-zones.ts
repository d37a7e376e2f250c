// Time zones as Preferences shows them (Do Not Disturb's schedule is kept in one: its IANA name on
// the person's settings, which the server's decisions use, private.dnd_active): every zone the
// browser knows, each by its city, its name in the person's language ("Central European Time")
// and its offset now ("GMT+1"); and the moment a wall-clock time falls in a zone.
import { dateFormat } from '../../../lib/date-formats.ts'

export interface ZoneOption {
  value: string
  label: string
  hint: string
}

/** This device's time zone (UTC when the browser says none). */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

function part(
  zone: string,
  locale: string,
  style: 'longGeneric' | 'long' | 'shortOffset',
  at: Date
) {
  try {
    return (
      dateFormat({ timeZone: zone, timeZoneName: style }, locale)
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? ''
    )
  } catch {
    return ''
  }
}

/** "Berlin" of "Europe/Berlin", "Argentina/Buenos Aires" of "America/Argentina/Buenos_Aires". */
export function zoneCity(zone: string): string {
  const parts = zone.split('/')
  return (parts.length > 1 ? parts.slice(1) : parts).join('/').replace(/_/g, ' ')
}

/** The zone's name for people: "Central European Time (Berlin)", its IANA name when unknown. */
export function zoneName(zone: string, locale: string, at: Date = new Date()): string {
  // UTC and the Etc/ zones have no city and no generic name ("GMT+00:00"): their long one.
  const fixed = zone === 'UTC' || zone.startsWith('Etc/')
  const name = part(zone, locale, fixed ? 'long' : 'longGeneric', at)
  if (!name || name === zone) return zone
  return fixed ? name : `${name} (${zoneCity(zone)})`
}

/** Every zone the browser knows (and the one given, if it does not), sorted by offset then city. */
export function zoneOptions(
  locale: string,
  at: Date = new Date(),
  keep: string[] = []
): ZoneOption[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const zones = [...new Set([...known, 'UTC', ...keep])]
  return zones
    .map((zone) => {
      const offset = offsetMinutes(zone, at)
      return { value: zone, label: zoneName(zone, locale, at), hint: gmt(offset), offset }
    })
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, locale))
    .map(({ value, label, hint }) => ({ value, label, hint }))
}

/** "GMT", "GMT+9", "GMT-3:30": an offset as the zone list shows it. */
export function gmt(offset: number): string {
  if (offset === 0) return 'GMT'
  const sign = offset > 0 ? '+' : '-'
  const hours = Math.floor(Math.abs(offset) / 60)
  const minutes = Math.abs(offset) % 60
  return `GMT${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`
}

const WALL = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
} as const

/** Minutes the zone is ahead of UTC at `at` (0 for a zone the browser does not know). */
export function offsetMinutes(zone: string, at: Date): number {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = dateFormat({ ...WALL, timeZone: zone }, 'en-US').formatToParts(at)
  } catch {
    return 0
  }
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'))
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000)
}

/** The moment it is `hour`:00 in the zone on the day after `now`'s day there. */
export function tomorrowAt(hour: number, zone: string, now: Date = new Date()): Date {
  const local = new Date(now.getTime() + offsetMinutes(zone, now) * 60_000)
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, hour)
  // The zone's offset then (it may differ from now's across a change of summer time).
  const guess = new Date(wall - offsetMinutes(zone, now) * 60_000)
  return new Date(wall - offsetMinutes(zone, guess) * 60_000)
}

