import { describe, expect, it } from 'vitest'
import { firesAt, parseSchedule } from './schedule.ts'

const at = (iso: string) => new Date(iso)

describe('parseSchedule', () => {
  it('reads interval schedules of 1 to 59 seconds', () => {
    expect(parseSchedule('30 seconds')).toEqual({ kind: 'seconds', seconds: 30 })
    expect(parseSchedule('1 second')).toEqual({ kind: 'seconds', seconds: 1 })
    expect(parseSchedule('0 seconds')).toBeNull()
    expect(parseSchedule('60 seconds')).toBeNull()
    expect(parseSchedule('5 minutes')).toBeNull()
  })

  it('refuses what pg_cron refuses', () => {
    for (const bad of [
      '',
      '* * * *',
      '* * * * * *',
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '* * * 13 *',
      '* * * * 8',
      '5-1 * * * *',
      '*/0 * * * *',
      'a * * * *',
      '1--2 * * * *',
    ]) {
      expect(parseSchedule(bad), bad).toBeNull()
    }
  })

  it('reads macros, names, ranges, steps and lists', () => {
    expect(parseSchedule('@reboot')).toEqual({ kind: 'reboot' })
    const hourly = parseSchedule('@hourly')
    expect(firesAt(hourly!, at('2026-01-01T05:00:00Z'))).toBe(true)
    expect(firesAt(hourly!, at('2026-01-01T05:01:00Z'))).toBe(false)
    const weekdays = parseSchedule('*/15 9-17 * jan-mar mon-fri')!
    expect(firesAt(weekdays, at('2026-01-05T09:45:00Z'))).toBe(true) // a Monday
    expect(firesAt(weekdays, at('2026-01-04T09:45:00Z'))).toBe(false) // a Sunday
    expect(firesAt(weekdays, at('2026-01-05T09:50:00Z'))).toBe(false)
    expect(firesAt(weekdays, at('2026-04-06T09:45:00Z'))).toBe(false) // April
    const list = parseSchedule('0,30 * * * *')!
    expect(firesAt(list, at('2026-01-01T00:30:00Z'))).toBe(true)
    expect(firesAt(list, at('2026-01-01T00:31:00Z'))).toBe(false)
  })

  it('fires on either day field when both are restricted, and takes 7 for Sunday', () => {
    const either = parseSchedule('0 0 1 * 0')!
    expect(firesAt(either, at('2026-01-01T00:00:00Z'))).toBe(true) // the 1st, a Thursday
    expect(firesAt(either, at('2026-01-04T00:00:00Z'))).toBe(true) // a Sunday
    expect(firesAt(either, at('2026-01-05T00:00:00Z'))).toBe(false)
    expect(firesAt(parseSchedule('0 0 * * 7')!, at('2026-01-04T00:00:00Z'))).toBe(true)
  })
})
