import { describe, expect, it } from 'vitest'
import { effectiveDays, keepLabel, parseDays, retentionSentence } from './words.ts'

describe('retention in words', () => {
  it('names how long a choice keeps messages', () => {
    expect(keepLabel(null)).toBe('Forever')
    expect(keepLabel(1)).toBe('1 day')
    expect(keepLabel(90)).toBe('90 days')
    expect(keepLabel(365)).toBe('1 year')
    expect(keepLabel(1825)).toBe('5 years')
    expect(keepLabel(400)).toBe('400 days')
  })

  it("takes a channel's own choice over the workspace's, forever included", () => {
    expect(effectiveDays(90, undefined)).toBe(90)
    expect(effectiveDays(90, { keepDays: 30 })).toBe(30)
    expect(effectiveDays(90, { keepDays: null })).toBeNull()
    expect(effectiveDays(null, { keepDays: 7 })).toBe(7)
  })

  it('says what will be deleted and from when', () => {
    const now = new Date(2026, 11, 1, 12)
    expect(retentionSentence(null, now)).toBe('Messages and files are kept forever.')
    const sentence = retentionSentence(30, now)
    expect(sentence).toContain('older than 30 days are deleted, every hour')
    expect(sentence).toContain(
      new Date(2026, 10, 1, 12).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      })
    )
    expect(sentence).toContain('A reply goes by its own age')
  })

  it('reads a typed number of days, and refuses what the database would', () => {
    expect(parseDays(' 45 ')).toBe(45)
    expect(parseDays('36500')).toBe(36500)
    for (const bad of ['0', '36501', '-3', '2.5', '', 'ninety', '1e3'])
      expect(parseDays(bad)).toBeNull()
  })
})
