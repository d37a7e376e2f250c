// Which minutes of five-field schedules are due, as pg_cron decides it (pure): the scheduler
// remembers the last minute it looked at and, when it next looks, counts the runs of the minutes
// in between, so a check that comes late (a stalled event loop, a busy machine) runs the job late
// rather than never. pg_cron's rules for the clock (pg_cron.c, after vixie cron):
//   1-5 minutes on:       each minute in between, in turn
//   6 minutes to 3 hours: each fixed-time minute missed, and wildcard jobs once for the current one
//   back under 3 hours:   wildcard jobs for the current minute; the last minute stays where it was
//                         until the clock has caught up, so fixed-time jobs do not run twice
//   anything bigger:      the current minute only
import { firesAt } from './schedule.ts'
import type { Schedule } from './schedule.ts'

type CronSchedule = Extract<Schedule, { kind: 'cron' }>

export type ClockProgress = 'none' | 'progressed' | 'forward' | 'backward' | 'changed'

const THREE_HOURS = 180

/** Minutes since the epoch (UTC), the unit both arguments below are in. */
export const minuteOf = (ms: number) => Math.floor(ms / 60_000)

export function clockProgress(lastMinute: number, currentMinute: number): ClockProgress {
  const passed = currentMinute - lastMinute
  if (passed === 0) return 'none'
  if (passed > THREE_HOURS) return 'changed'
  if (passed > 5) return 'forward'
  if (passed > 0) return 'progressed'
  if (passed > -THREE_HOURS) return 'backward'
  return 'changed'
}

/** The minute to remember after a check: not moved back when the clock went back a little. */
export function nextLastMinute(lastMinute: number, currentMinute: number): number {
  return clockProgress(lastMinute, currentMinute) === 'backward' ? lastMinute : currentMinute
}

const runsIn = (schedule: CronSchedule, minute: number, wild: boolean, fixed: boolean) =>
  (schedule.wildcard ? wild : fixed) && firesAt(schedule, new Date(minute * 60_000))

/** How many runs of `schedule` became due between `lastMinute` and `currentMinute`. */
export function runsDue(schedule: CronSchedule, lastMinute: number, currentMinute: number): number {
  const progress = clockProgress(lastMinute, currentMinute)
  let runs = 0
  switch (progress) {
    case 'none':
      return 0
    case 'progressed':
      for (let minute = lastMinute + 1; minute <= currentMinute; minute++) {
        if (runsIn(schedule, minute, true, true)) runs++
      }
      return runs
    case 'forward':
      for (let minute = lastMinute + 1; minute <= currentMinute; minute++) {
        if (runsIn(schedule, minute, false, true)) runs++
      }
      return runs + (runsIn(schedule, currentMinute, true, false) ? 1 : 0)
    case 'backward':
      return runsIn(schedule, currentMinute, true, false) ? 1 : 0
    case 'changed':
      return runsIn(schedule, currentMinute, true, true) ? 1 : 0
  }
}
