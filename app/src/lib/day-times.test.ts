import { describe, expect, it } from 'vitest'
import { dayTimeOptions } from './day-times.ts'

describe('dayTimeOptions', () => {
  it('lists every half hour as the language writes times, keeping a time off the grid', () => {
    const en = dayTimeOptions('en', ['22:15'])
    expect(en).toHaveLength(49)
    expect(en[0]).toEqual({ value: '00:00', label: '12:00 AM' })
    expect(en.find((o) => o.value === '22:15')?.label).toBe('10:15 PM')
    expect(en.map((o) => o.value)).toEqual([...en.map((o) => o.value)].sort())
    expect(dayTimeOptions('de').find((o) => o.value === '22:30')?.label).toBe('22:30')
    // In Arabic, Arabic's "م" (evening), not the browser control's "PM".
    expect(dayTimeOptions('ar').find((o) => o.value === '22:00')?.label).toContain('م')
    expect(dayTimeOptions('en', ['not a time'])).toHaveLength(48)
  })

  it('lists every quarter hour when asked', () => {
    const quarters = dayTimeOptions('en', [], 15)
    expect(quarters).toHaveLength(96)
    expect(quarters.slice(0, 3).map((o) => o.value)).toEqual(['00:00', '00:15', '00:30'])
    expect(quarters.at(-1)).toEqual({ value: '23:45', label: '11:45 PM' })
  })
})
