import { describe, expect, it } from 'vitest'
import { recentLabel } from './recent-label.ts'

// The app's language in the tests is English (formatLocale: en-US).
const NOW = new Date('2026-11-30T15:00:00')

describe('recentLabel', () => {
  it('is the time alone for today', () => {
    expect(recentLabel(new Date('2026-11-30T09:41:00').toISOString(), true, NOW)).toBe('9:41 AM')
  })

  it('is the short day and the time before today, without the year in this one', () => {
    const iso = new Date('2026-11-27T21:09:00').toISOString()
    expect(recentLabel(iso, true, NOW)).toBe('Nov 27, 9:09 PM')
    expect(recentLabel(iso, false, NOW)).toBe('Nov 27')
  })

  it('names the year when it is another one', () => {
    const iso = new Date('2025-12-31T08:05:00').toISOString()
    expect(recentLabel(iso, true, NOW)).toBe('Dec 31, 2025, 8:05 AM')
    expect(recentLabel(iso, false, NOW)).toBe('Dec 31, 2025')
  })
})
