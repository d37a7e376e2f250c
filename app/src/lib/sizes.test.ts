import { describe, expect, it } from 'vitest'
import { formatSize } from './sizes.ts'

describe('formatSize', () => {
  it('counts in SI units, one decimal at most', () => {
    expect(
      [0, 1, 999, 1000, 1536, 45_000_000, 104_857_600, 3_200_000_000, 2e12].map((b) =>
        formatSize(b, 'en')
      )
    ).toEqual([
      '0 bytes',
      '1 byte',
      '999 bytes',
      '1 kB',
      '1.5 kB',
      '45 MB',
      '104.9 MB',
      '3.2 GB',
      '2 TB',
    ])
  })

  it('steps up a unit when rounding reaches 1,000', () => {
    expect(formatSize(999_960, 'en')).toBe('1 MB')
    expect(formatSize(999_940, 'en')).toBe('999.9 kB')
  })

  it('writes the number and the unit as the language does', () => {
    expect(formatSize(104_857_600, 'de')).toBe('104,9 MB')
    expect(formatSize(900, 'de')).toBe('900 Byte')
    expect(formatSize(1536, 'ja')).toBe('1.5 KB')
    expect(formatSize(45_000_000, 'ar')).toMatch(/م\.ب/)
  })

  it('reads nonsense as nothing rather than failing', () => {
    expect(formatSize(Number.NaN, 'en')).toBe('0 bytes')
    expect(formatSize(-5, 'en')).toBe('0 bytes')
  })
})
