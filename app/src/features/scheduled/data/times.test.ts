import { describe, expect, it } from 'vitest'
import {
  customTime,
  inputValues,
  presetTime,
  presetsAt,
  sendTimeLabel,
  timeProblem,
  wallTime,
  zonedInstant,
} from './times.ts'

describe('send later times in a time zone', () => {
  // Friday 2026-12-11 22:30 UTC: Saturday 07:30 in Tokyo, Friday 17:30 in New York.
  const now = new Date('2026-12-11T22:30:00Z')

  it('reads a wall clock in a zone', () => {
    expect(wallTime('Asia/Tokyo', now)).toMatchObject({ day: 12, hour: 7, minute: 30, weekday: 6 })
    expect(wallTime('America/New_York', now)).toMatchObject({ day: 11, hour: 17, weekday: 5 })
  })

  it('puts tomorrow and Monday at 9:00 in my zone, not the device’s', () => {
    expect(presetTime('tomorrow', now, 'Asia/Tokyo').toISOString()).toBe('2026-12-13T00:00:00.000Z')
    expect(presetTime('monday', now, 'Asia/Tokyo').toISOString()).toBe('2026-12-14T00:00:00.000Z')
    expect(presetTime('tomorrow', now, 'America/New_York').toISOString()).toBe(
      '2026-12-12T14:00:00.000Z'
    )
    expect(presetTime('monday', now, 'America/New_York').toISOString()).toBe(
      '2026-12-14T14:00:00.000Z'
    )
    expect(presetTime('hour', now, 'UTC').toISOString()).toBe('2026-12-11T23:30:00.000Z')
  })

  it('offers Monday unless tomorrow is Monday, and on a Monday the next one', () => {
    // Sunday in Tokyo.
    const sunday = new Date('2026-12-13T01:00:00Z')
    expect(presetsAt(sunday, 'Asia/Tokyo')).toEqual(['hour', 'tomorrow'])
    expect(presetsAt(sunday, 'America/New_York')).toEqual(['hour', 'tomorrow', 'monday'])
    const monday = new Date('2026-12-14T12:00:00Z')
    expect(presetTime('monday', monday, 'UTC').toISOString()).toBe('2026-12-21T09:00:00.000Z')
  })

  it('reads a custom date and time in my zone, across daylight saving changes', () => {
    expect(customTime('Europe/Berlin', '2026-12-15', '09:30')?.toISOString()).toBe(
      '2026-12-15T08:30:00.000Z'
    )
    expect(customTime('Europe/Berlin', '2026-07-15', '09:30')?.toISOString()).toBe(
      '2026-07-15T07:30:00.000Z'
    )
    // 02:30 does not exist in Berlin on 29 March 2026: the moment after the gap.
    expect(zonedInstant('Europe/Berlin', 2026, 3, 29, 2, 30).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z'
    )
    // 02:30 happens twice on 25 October 2026: the first.
    expect(zonedInstant('Europe/Berlin', 2026, 10, 25, 2, 30).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z'
    )
    expect(customTime('UTC', 'tomorrow', '9')).toBeNull()
    expect(inputValues('Asia/Tokyo', now)).toEqual({ date: '2026-12-12', time: '07:30' })
  })

  it('says when a time is past or too far ahead', () => {
    expect(timeProblem(new Date(now.getTime() - 1000), now)).toBe('past')
    expect(timeProblem(new Date(now.getTime() + 121 * 86_400_000), now)).toBe('far')
    expect(timeProblem(new Date(now.getTime() + 60_000), now)).toBeNull()
  })

  it('labels a send time in my zone', () => {
    const at = presetTime('monday', now, 'America/New_York')
    expect(sendTimeLabel(at, now, 'America/New_York', 'en-US')).toBe('Mon 9:00 AM')
    const far = new Date('2027-01-20T14:00:00Z')
    expect(sendTimeLabel(far, now, 'America/New_York', 'en-US')).toBe('Wed, Jan 20, 9:00 AM')
  })
})
