import { describe, expect, it } from 'vitest'
import { clearAtFor, describeClearAt } from './clear-after.ts'

// Local times (the browser's time zone), as the dialog computes them.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min)

describe('clearAtFor', () => {
  it('30 minutes: half an hour from now, across midnight too', () => {
    expect(clearAtFor('30_minutes', at(2026, 11, 25, 14, 10))).toEqual(at(2026, 11, 25, 14, 40))
    expect(clearAtFor('30_minutes', at(2026, 11, 25, 23, 50))).toEqual(at(2026, 11, 26, 0, 20))
  })

  it('today: the next midnight, also at the end of a month and a year', () => {
    expect(clearAtFor('today', at(2026, 11, 25, 9, 30))).toEqual(at(2026, 11, 26))
    expect(clearAtFor('today', at(2026, 11, 30, 23, 59))).toEqual(at(2026, 12, 1))
    expect(clearAtFor('today', at(2026, 12, 31, 0, 0))).toEqual(at(2027, 1, 1))
  })

  it("this week: the next Monday's midnight (a week on from a Monday)", () => {
    // 2026-11-23 is a Monday.
    expect(clearAtFor('this_week', at(2026, 11, 23, 8))).toEqual(at(2026, 11, 30))
    expect(clearAtFor('this_week', at(2026, 11, 25, 17))).toEqual(at(2026, 11, 30))
    expect(clearAtFor('this_week', at(2026, 11, 29, 23, 59))).toEqual(at(2026, 11, 30))
    expect(clearAtFor('this_week', at(2026, 12, 30, 12))).toEqual(at(2027, 1, 4))
  })

  it('never: null', () => {
    expect(clearAtFor('never', at(2026, 11, 25))).toBeNull()
  })
})

describe('describeClearAt', () => {
  const now = at(2026, 11, 25, 14, 10) // a Wednesday
  it('says when, in words', () => {
    expect(describeClearAt(null, now)).toBe("Doesn't clear")
    expect(describeClearAt(at(2026, 11, 25, 14, 40), now, 'en-GB')).toBe('Clears at 14:40')
    expect(describeClearAt(at(2026, 11, 26), now, 'en-GB')).toBe('Clears at the end of today')
    expect(describeClearAt(at(2026, 11, 30), now, 'en-GB')).toBe('Clears at the end of Sunday')
    expect(describeClearAt(at(2026, 11, 26, 0, 20), at(2026, 11, 25, 23, 50), 'en-GB')).toBe(
      'Clears Thursday at 0:20'
    )
  })
})
