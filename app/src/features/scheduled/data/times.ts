// The times "Send later" offers, in my profile's time zone (pure, tested): in an hour, tomorrow
// at 9:00, Monday at 9:00, and a custom date and time read as a wall clock in that zone. The
// database refuses a time past or more than 120 days ahead; the custom form says so first.
import { dateFormat } from '../../../lib/date-formats.ts'

/** The furthest ahead a message may be scheduled (as Slack allows, and the database checks). */
export const MAX_DAYS_AHEAD = 120

/** A wall clock: what a clock in some time zone reads at an instant (month 1-12, weekday 0 = Sunday). */
export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  weekday: number
}

/** The time zone to read and write times in: the profile's, else this device's, else UTC. */
export function zoneOrDefault(zone: string | null | undefined): string {
  for (const z of [zone, dateFormat().resolvedOptions().timeZone]) {
    if (!z) continue
    try {
      dateFormat({ timeZone: z }, 'en-US')
      return z
    } catch {
      // Not a zone this browser knows: the next.
    }
  }
  return 'UTC'
}

/** What a clock in `zone` reads at `at`. */
export function wallTime(zone: string, at: Date): WallTime {
  const parts = dateFormat(
    {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    },
    'en-US'
  ).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const year = Number(get('year'))
  const month = Number(get('month'))
  const day = Number(get('day'))
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return {
    year,
    month,
    day,
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    weekday,
  }
}

/** How far `zone`'s clock is ahead of UTC at `at`, in ms. */
function offset(zone: string, at: number): number {
  const w = wallTime(zone, new Date(at))
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
  return wall - Math.floor(at / 60_000) * 60_000
}

/**
 * The instant a clock in `zone` reads this date and time (month 1-12; a day past the month's end
 * rolls over). A time the clocks skip (spring forward) is the moment after the gap; a time they
 * read twice (fall back), the first.
 */
export function zonedInstant(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  // The offsets half a day either side; each gives a candidate, right when it reads the time.
  const candidates = [offset(zone, wall - 43_200_000), offset(zone, wall + 43_200_000)].map(
    (o) => wall - o
  )
  const reading = candidates.filter((c) => wall - offset(zone, c) === c)
  // Read twice: the first; skipped: the earlier offset's, which is as far after the gap.
  return new Date(reading.length > 0 ? Math.min(...reading) : candidates[0]!)
}

export type Preset = 'hour' | 'tomorrow' | 'monday'

/** When a preset sends, from `now`, in `zone`. */
export function presetTime(preset: Preset, now: Date, zone: string): Date {
  if (preset === 'hour') return new Date(Math.ceil((now.getTime() + 3600_000) / 60_000) * 60_000)
  const today = wallTime(zone, now)
  // Days to the next Monday (Sunday 0 … Saturday 6); on a Monday, a week.
  const days = preset === 'tomorrow' ? 1 : (8 - today.weekday) % 7 || 7
  return zonedInstant(zone, today.year, today.month, today.day + days, 9, 0)
}

/** The presets to offer at `now`: Monday only when it is not tomorrow. */
export function presetsAt(now: Date, zone: string): Preset[] {
  return wallTime(zone, now).weekday === 0 ? ['hour', 'tomorrow'] : ['hour', 'tomorrow', 'monday']
}

/** "2026-12-15" and "09:30" (as date and time inputs hold them) in `zone`, as an instant. */
export function customTime(zone: string, date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!d || !t) return null
  return zonedInstant(zone, +d[1]!, +d[2]!, +d[3]!, +t[1]!, +t[2]!)
}

/** An instant as the date and time inputs' values in `zone`. */
export function inputValues(zone: string, at: Date): { date: string; time: string } {
  const w = wallTime(zone, at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  }
}

/** Why a time cannot be chosen ('past', 'far'), or null when it can. */
export function timeProblem(at: Date, now: Date): 'past' | 'far' | null {
  if (at.getTime() <= now.getTime()) return 'past'
  if (at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) return 'far'
  return null
}

/** "Mon 9:00 AM", "Tue, Dec 15, 9:00 AM" (another week): a send time, in `zone`, in the app's
 *  language. */
export function sendTimeLabel(at: Date, now: Date, zone: string, locale?: string): string {
  const soon = at.getTime() - now.getTime() < 6 * 86_400_000
  return dateFormat(
    soon
      ? { timeZone: zone, weekday: 'short', hour: 'numeric', minute: '2-digit' }
      : {
          timeZone: zone,
          weekday: 'short',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        },
    locale
  ).format(at)
}
