// Time zones as the profile uses them (issue 68): this browser's and the list to choose from
// (a person's local time is DmAbout's own: the header's chunk loads nothing else).
import { dateFormat } from '../../../lib/date-formats.ts'

/** This browser's IANA time zone ("Europe/Berlin"), or null if it has none to give. */
export function browserTimeZone(): string | null {
  try {
    return dateFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** The zones to choose from: the browser's list, with `keep` (the one set) in it. */
export function timeZones(keep: string | null): string[] {
  let zones: string[] = []
  try {
    zones = Intl.supportedValuesOf('timeZone')
  } catch {
    // An older browser: only the ones below.
  }
  const all = new Set([...zones, 'UTC'])
  for (const zone of [keep, browserTimeZone()]) if (zone) all.add(zone)
  return [...all].sort()
}

/** "America/Argentina/Buenos_Aires" as people read it: "America/Argentina/Buenos Aires". */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ')
}
