import { describe, expect, it } from 'vitest'
import { parseGoDuration } from './go-duration.ts'

describe('parseGoDuration', () => {
  it('parses Go durations into milliseconds', () => {
    expect(parseGoDuration('24h')).toEqual({ ok: true, ms: 86_400_000 })
    expect(parseGoDuration('1h30m')).toEqual({ ok: true, ms: 5_400_000 })
    expect(parseGoDuration('1.5s')).toEqual({ ok: true, ms: 1500 })
    expect(parseGoDuration('100ms')).toEqual({ ok: true, ms: 100 })
    expect(parseGoDuration('0')).toEqual({ ok: true, ms: 0 })
    expect(parseGoDuration('-2m')).toEqual({ ok: true, ms: -120_000 })
    expect(parseGoDuration('876000h')).toEqual({ ok: true, ms: 876000 * 3_600_000 })
  })

  it('words errors as Go does', () => {
    expect(parseGoDuration('abc')).toEqual({ ok: false, message: 'time: invalid duration "abc"' })
    expect(parseGoDuration('')).toEqual({ ok: false, message: 'time: invalid duration ""' })
    expect(parseGoDuration('10')).toEqual({
      ok: false,
      message: 'time: missing unit in duration "10"',
    })
    expect(parseGoDuration('1d')).toEqual({
      ok: false,
      message: 'time: unknown unit "d" in duration "1d"',
    })
    expect(parseGoDuration('1 day').ok).toBe(false)
  })
})
