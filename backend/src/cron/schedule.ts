// pg_cron's schedules, parsed (pure): five cron fields (minute hour day-of-month month
// day-of-week, with *, n, n-m, /step, lists and jan-dec / sun-sat names), the macros (@hourly,
// @daily, …, @reboot) and '[1-59] seconds'. The extension's cron._valid_schedule accepts the same
// syntax, so a job the scheduler cannot read never gets into cron.job. Times are UTC, as
// pg_cron's default cron.timezone is GMT.

export type Schedule =
  | {
      kind: 'cron'
      minutes: Set<number>
      hours: Set<number>
      days: Set<number>
      months: Set<number>
      weekdays: Set<number>
      anyDay: boolean
      anyWeekday: boolean
      /** The minute or hour field is `*` (vixie cron's MIN_STAR/HR_STAR, pg_cron's "wildcard"). */
      wildcard: boolean
    }
  | { kind: 'seconds'; seconds: number }
  | { kind: 'reboot' }

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

function parseField(
  field: string,
  low: number,
  high: number,
  names?: string[]
): Set<number> | null {
  const values = new Set<number>()
  for (const item of field.toLowerCase().split(',')) {
    const match = /^([^/]+)(?:\/(\d{1,4}))?$/.exec(item)
    if (!match) return null
    const step = match[2] === undefined ? 1 : Number(match[2])
    if (step === 0) return null
    let from = low
    let to = high
    if (match[1] !== '*') {
      const bounds = match[1]!.split('-')
      if (bounds.length > 2) return null
      const numbers = bounds.map((value) => {
        if (/^\d{1,4}$/.test(value)) return Number(value)
        const index = names?.indexOf(value) ?? -1
        return index >= 0 ? index + low : NaN
      })
      if (numbers.some((n) => !Number.isInteger(n) || n < low || n > high)) return null
      from = numbers[0]!
      // "5/15" means from 5 to the end, every 15, as in cron.
      to = numbers[1] ?? (match[2] === undefined ? from : high)
      if (to < from) return null
    }
    for (let value = from; value <= to; value += step) values.add(value)
  }
  return values.size > 0 ? values : null
}

/** The schedule, or null when pg_cron would say "invalid schedule". */
export function parseSchedule(text: string): Schedule | null {
  const trimmed = text.trim()
  const seconds = /^(\d{1,2}) +seconds?$/i.exec(trimmed)
  if (seconds) {
    const n = Number(seconds[1])
    return n >= 1 && n <= 59 ? { kind: 'seconds', seconds: n } : null
  }
  const lower = trimmed.toLowerCase()
  if (lower === '@reboot') return { kind: 'reboot' }
  const fields = (MACROS[lower] ?? trimmed).split(/\s+/)
  if (fields.length !== 5) return null
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string]
  const minutes = parseField(minute, 0, 59)
  const hours = parseField(hour, 0, 23)
  const days = parseField(day, 1, 31)
  const months = parseField(month, 1, 12, MONTHS)
  const weekdays = parseField(weekday, 0, 7, WEEKDAYS)
  if (!minutes || !hours || !days || !months || !weekdays) return null
  if (weekdays.has(7)) weekdays.add(0)
  return {
    kind: 'cron',
    minutes,
    hours,
    days,
    months,
    weekdays,
    anyDay: day.startsWith('*'),
    anyWeekday: weekday.startsWith('*'),
    wildcard: minute.startsWith('*') || hour.startsWith('*'),
  }
}

/** Whether a cron schedule fires in the UTC minute that `at` falls in. */
export function firesAt(schedule: Schedule, at: Date): boolean {
  if (schedule.kind !== 'cron') return false
  if (!schedule.minutes.has(at.getUTCMinutes()) || !schedule.hours.has(at.getUTCHours())) {
    return false
  }
  if (!schedule.months.has(at.getUTCMonth() + 1)) return false
  const day = schedule.days.has(at.getUTCDate())
  const weekday = schedule.weekdays.has(at.getUTCDay())
  // As in cron: with both day fields restricted, either one matching is enough.
  if (!schedule.anyDay && !schedule.anyWeekday) return day || weekday
  return day && weekday
}
