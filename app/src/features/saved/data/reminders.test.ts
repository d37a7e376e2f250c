import { describe, expect, it } from 'vitest'
import { reminderLabel, reminderTime } from './reminders.ts'

const now = new Date(2026, 10, 23, 14, 30)

describe('reminderTime', () => {
  it('turns each choice into a time', () => {
    expect(reminderTime('none', now)).toBeNull()
    expect(reminderTime('minutes20', now)).toEqual(new Date(2026, 10, 23, 14, 50))
    expect(reminderTime('hour', now)).toEqual(new Date(2026, 10, 23, 15, 30))
    expect(reminderTime('tomorrow', now)).toEqual(new Date(2026, 10, 24, 9, 0))
    expect(reminderTime('date', now, '2026-12-01T08:15')).toEqual(new Date(2026, 11, 1, 8, 15))
    expect(reminderTime('date', now, '')).toBeNull()
  })
})

describe('reminderLabel', () => {
  it('says today, tomorrow or the date', () => {
    expect(reminderLabel(new Date(2026, 10, 23, 16, 0).toISOString(), now)).toMatch(/^today at /)
    expect(reminderLabel(new Date(2026, 10, 24, 9, 0).toISOString(), now)).toMatch(/^tomorrow at /)
    expect(reminderLabel(new Date(2026, 11, 5, 9, 0).toISOString(), now)).toMatch(/2026 at /)
  })
})
