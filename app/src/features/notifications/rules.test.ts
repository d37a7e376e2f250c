import { describe, expect, it } from 'vitest'
import { badgeOf, sumBadges } from './badges.ts'
import { dndActive, dndNextChange, localMinutes, titleWith } from './rules.ts'
import type { DoNotDisturb } from './rules.ts'

const NOON_UTC = new Date('2026-11-25T12:00:00Z')
const noDnd: DoNotDisturb = {
  enabled: false,
  start: '22:00',
  end: '08:00',
  timeZone: 'UTC',
  snoozeUntil: null,
}

// Whether a message alerts (levels, mutes, follows, Do Not Disturb at a time in a zone) is the
// table of cases' (notify-rule.test.ts, supabase/tests/support/notify-cases.json).
describe('local time', () => {
  it('reads local time in the zone, and UTC for a zone it does not know', () => {
    expect(localMinutes(NOON_UTC, 'Europe/Paris')).toBe(13 * 60)
    expect(localMinutes(NOON_UTC, 'Mars/Base')).toBe(12 * 60)
  })
})

describe('badges', () => {
  it('are red counts of mentions, and of every unread message in a DM', () => {
    expect(badgeOf({ kind: 'public', unread: 5, mentions: 2, muted: false })).toEqual({
      count: 2,
      bold: true,
    })
    expect(badgeOf({ kind: 'dm', unread: 3, mentions: 0, muted: false })).toEqual({
      count: 3,
      bold: true,
    })
  })

  it('are bold alone for other unread, and nothing when read or muted', () => {
    expect(badgeOf({ kind: 'private', unread: 4, mentions: 0, muted: false })).toEqual({
      count: 0,
      bold: true,
    })
    expect(badgeOf({ kind: 'public', unread: 0, mentions: 0, muted: false })).toEqual({
      count: 0,
      bold: false,
    })
    expect(badgeOf({ kind: 'dm', unread: 9, mentions: 1, muted: true })).toEqual({
      count: 0,
      bold: false,
    })
  })

  it('put the total in front of the title, replacing an earlier one', () => {
    expect(titleWith(3, 'Chorus')).toBe('(3) Chorus')
    expect(titleWith(5, '(3) Chorus')).toBe('(5) Chorus')
    expect(titleWith(0, '(3) Chorus')).toBe('Chorus')
    expect(titleWith(120, 'Chorus')).toBe('(99+) Chorus')
    expect(titleWith(1, '(99+) Chorus')).toBe('(1) Chorus')
  })
})

describe('sumBadges', () => {
  it('adds the red counts and is bold when any channel is', () => {
    expect(
      sumBadges([
        { count: 2, bold: true },
        { count: 0, bold: false },
        { count: 1, bold: true },
      ])
    ).toEqual({ count: 3, bold: true })
    expect(sumBadges([{ count: 0, bold: false }])).toEqual({ count: 0, bold: false })
    expect(sumBadges([])).toEqual({ count: 0, bold: false })
  })
})

describe('dndNextChange', () => {
  it('is the end of a snooze, nothing once it has passed, nothing without a schedule', () => {
    const until = '2026-11-25T13:00:00.000Z'
    expect(dndNextChange({ ...noDnd, snoozeUntil: until }, NOON_UTC)?.toISOString()).toBe(until)
    expect(dndNextChange({ ...noDnd, snoozeUntil: '2026-11-25T11:00:00Z' }, NOON_UTC)).toBeNull()
    expect(dndNextChange(noDnd, NOON_UTC)).toBeNull()
  })

  it('is the next whole minute while a schedule is on, or a sooner snooze end', () => {
    const at = new Date('2026-11-25T12:00:20.500Z')
    const scheduled = { ...noDnd, enabled: true }
    expect(dndNextChange(scheduled, at)?.toISOString()).toBe('2026-11-25T12:01:00.000Z')
    const soon = { ...scheduled, snoozeUntil: '2026-11-25T12:00:30.000Z' }
    expect(dndNextChange(soon, at)?.toISOString()).toBe('2026-11-25T12:00:30.000Z')
  })

  it('finds the moment a schedule starts holding alerts', () => {
    const dnd = { ...noDnd, enabled: true, start: '12:01', end: '13:00' }
    const before = new Date('2026-11-25T12:00:59Z')
    expect(dndActive(dnd, before)).toBe(false)
    const next = dndNextChange(dnd, before)!
    expect(dndActive(dnd, next)).toBe(true)
  })
})
