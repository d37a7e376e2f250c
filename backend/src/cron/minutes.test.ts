import { describe, expect, it } from 'vitest'
import { minuteOf, nextLastMinute, runsDue } from './minutes.ts'
import { parseSchedule } from './schedule.ts'
import type { Schedule } from './schedule.ts'

const cron = (text: string) => parseSchedule(text) as Extract<Schedule, { kind: 'cron' }>
const m = (iso: string) => minuteOf(Date.parse(iso))

describe('runsDue', () => {
  it('runs a job due in a minute that a late check reaches only after its first seconds', () => {
    // Last look at 10:16:58, next at 10:17:40: the 10:17 run is still due.
    const last = m('2026-01-01T10:16:58Z')
    expect(runsDue(cron('17 10 * * *'), last, m('2026-01-01T10:17:40Z'))).toBe(1)
    expect(runsDue(cron('* * * * *'), last, m('2026-01-01T10:17:40Z'))).toBe(1)
    // Within the same minute, nothing new is due.
    expect(runsDue(cron('* * * * *'), last, last)).toBe(0)
    expect(runsDue(cron('18 10 * * *'), last, m('2026-01-01T10:17:40Z'))).toBe(0)
  })

  it('catches up each minute of a stall of up to five minutes', () => {
    const last = m('2026-01-01T10:00:10Z')
    expect(runsDue(cron('* * * * *'), last, m('2026-01-01T10:04:01Z'))).toBe(4)
    expect(runsDue(cron('*/2 * * * *'), last, m('2026-01-01T10:04:01Z'))).toBe(2)
  })

  it('after a jump forward runs missed fixed-time jobs, wildcard jobs once', () => {
    const last = m('2026-01-01T10:00:00Z')
    const now = m('2026-01-01T11:00:00Z')
    expect(runsDue(cron('* * * * *'), last, now)).toBe(1)
    expect(runsDue(cron('30 10 * * *'), last, now)).toBe(1)
    // More than three hours: only the current minute.
    expect(runsDue(cron('30 10 * * *'), last, m('2026-01-01T14:00:00Z'))).toBe(0)
  })

  it('after the clock goes back runs only wildcard jobs, and keeps the last minute', () => {
    const last = m('2026-01-01T10:30:00Z')
    const now = m('2026-01-01T10:00:00Z')
    expect(runsDue(cron('* * * * *'), last, now)).toBe(1)
    expect(runsDue(cron('0 10 * * *'), last, now)).toBe(0)
    expect(nextLastMinute(last, now)).toBe(last)
    expect(nextLastMinute(now, last)).toBe(last)
  })
})
