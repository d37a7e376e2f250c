import { describe, expect, it } from 'vitest'
import { StorageError } from './errors.ts'
import {
  effectiveLimit,
  mustBeAllowedMimeType,
  parseAllowedMimeTypes,
  parseFileSizeLimit,
} from './limits.ts'

const GLOBAL = 50 * 1024 * 1024

describe('parseFileSizeLimit', () => {
  it.each([
    [1000, 1000],
    ['20MB', 20_000_000],
    ['1.5mb', 1_500_000],
    ['30KB', 30_000],
    ['3B', 3],
    ['1GB', 'EntityTooLarge'],
    [GLOBAL + 1, 'EntityTooLarge'],
    ['20 MiB', 'InvalidRequest'],
    ['ten', 'InvalidRequest'],
    [-1, 'InvalidRequest'],
    [1.5, 'InvalidRequest'],
    [true, 'InvalidRequest'],
  ])('%j -> %j', (input, expected) => {
    if (typeof expected === 'number') {
      expect(parseFileSizeLimit(input, GLOBAL)).toBe(expected)
    } else {
      expect(() => parseFileSizeLimit(input, GLOBAL)).toThrow(
        expect.objectContaining({ code: expected }) as unknown as Error
      )
    }
  })

  it('clears with null and caps with the global limit', () => {
    expect(parseFileSizeLimit(null, GLOBAL)).toBeNull()
    expect(effectiveLimit(GLOBAL, null)).toBe(GLOBAL)
    expect(effectiveLimit(GLOBAL, 10)).toBe(10)
    expect(effectiveLimit(100, 1000)).toBe(100)
  })
})

describe('allowed MIME types', () => {
  it.each([
    ['image/png', ['image/*'], true],
    ['image/png', ['image/png'], true],
    ['IMAGE/PNG', ['image/png'], true],
    ['text/plain;charset=UTF-8', ['text/plain'], true],
    ['text/plain', ['image/*'], false],
    ['image', ['image/*'], false],
    ['application/pdf', ['image/*', 'application/pdf'], true],
    ['anything/at-all', null, true],
  ] as const)('%s in %j -> %s', (mimetype, allowed, ok) => {
    const check = () => mustBeAllowedMimeType(mimetype, allowed as string[] | null)
    if (ok) expect(check).not.toThrow()
    else expect(check).toThrow(StorageError)
  })

  it('validates the list a bucket is given', () => {
    expect(parseAllowedMimeTypes(['image/*', 'text/plain'])).toEqual(['image/*', 'text/plain'])
    expect(parseAllowedMimeTypes([])).toBeNull()
    expect(() => parseAllowedMimeTypes(['image'])).toThrow(
      expect.objectContaining({ code: 'InvalidMimeType' }) as unknown as Error
    )
    expect(() => parseAllowedMimeTypes('image/*')).toThrow(StorageError)
  })
})
