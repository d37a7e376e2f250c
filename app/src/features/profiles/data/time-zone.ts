// This browser's time zone, as the profile uses it (issue 68; the list to choose from is
// lib/time-zones.ts, and a person's local time is DmAbout's own: the header's chunk loads nothing
// else).
import { dateFormat } from '../../../lib/date-formats.ts'

/** This browser's IANA time zone ("Europe/Berlin"), or null if it has none to give. */
export function browserTimeZone(): string | null {
  try {
    return dateFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}
