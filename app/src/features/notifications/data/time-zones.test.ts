import { describe, expect, it } from 'vitest'
import { gmt, offsetMinutes, tomorrowAt, zoneCity, zoneName, zoneOptions } from './time-zones.ts'

const JULY = new Date('2026-07-01T12:00:00Z')

describe('time zones', () => {
  it('name a zone by its name in the language and its city', () => {
    expect(zoneName('Europe/Berlin', 'en', JULY)).toBe('Central European Time (Berlin)')
    expect(zoneName('America/Argentina/Buenos_Aires', 'en', JULY)).toMatch(
      /\(Argentina\/Buenos Aires\)$/
    )
    expect(zoneName('UTC', 'en', JULY)).toBe('Coordinated Universal Time')
    expect(zoneName('Europe/Berlin', 'de', JULY)).toBe('Mitteleuropäische Zeit (Berlin)')
    expect(zoneCity('Asia/Tokyo')).toBe('Tokyo')
  })

  it('know each zone’s offset at a moment, summer time included', () => {
    expect(offsetMinutes('Europe/Berlin', JULY)).toBe(120)
    expect(offsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60)
    expect(offsetMinutes('America/New_York', JULY)).toBe(-240)
    expect(offsetMinutes('Asia/Kolkata', JULY)).toBe(330)
    expect(offsetMinutes('UTC', JULY)).toBe(0)
  })

  it('list every zone by offset, each with its offset as a hint, keeping one asked for', () => {
    const options = zoneOptions('en', JULY, ['Etc/GMT-3'])
    const values = options.map((o) => o.value)
    expect(values).toContain('Pacific/Auckland')
    expect(values).toContain('UTC')
    expect(values).toContain('Etc/GMT-3')
    expect(values.indexOf('America/Los_Angeles')).toBeLessThan(values.indexOf('Europe/Berlin'))
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.hint).toBe('GMT+9')
    expect(options.find((o) => o.value === 'UTC')?.hint).toBe('GMT')
    expect([gmt(330), gmt(-210), gmt(-600)]).toEqual(['GMT+5:30', 'GMT-3:30', 'GMT-10'])
  })

  it('find tomorrow’s 08:00 in the zone, not on this device’s clock', () => {
    // 23:30 in Auckland on 1 July (NZST, UTC+12) is 11:30 UTC: tomorrow there is 2 July.
    const now = new Date('2026-07-01T11:30:00Z')
    expect(tomorrowAt(8, 'Pacific/Auckland', now).toISOString()).toBe('2026-07-01T20:00:00.000Z')
    expect(tomorrowAt(8, 'UTC', now).toISOString()).toBe('2026-07-02T08:00:00.000Z')
    // Across the change to summer time in Berlin (29 March 2026, 02:00 -> 03:00).
    expect(tomorrowAt(8, 'Europe/Berlin', new Date('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T06:00:00.000Z'
    )
  })
})
