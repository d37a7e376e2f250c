// Time zones as the app names them (Preferences' Do Not Disturb, the profile's own zone): every
// zone the browser knows, each by its city, its name in the person's language ("Central European
// Time") and its offset now ("GMT+1"), found by typing its city.
import { dateFormat } from './date-formats.ts'

export interface ZoneOption {
  value: string
  label: string
  hint: string
  /** What typing finds it by: its city ("Berlin"), the label's start for UTC. */
  textValue: string
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
      const label = zoneName(zone, locale, at)
      return { value: zone, label, hint: gmt(offset), textValue: zoneCity(zone), offset }
    })
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, locale))
    .map(({ offset: _, ...option }) => option)
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
