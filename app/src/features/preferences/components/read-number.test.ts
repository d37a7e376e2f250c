import { describe, expect, it } from 'vitest'
import { readNumber } from './read-number.ts'

describe('the largest file as typed', () => {
  it('reads digits and decimal marks of every language the app speaks', () => {
    expect(readNumber(' 2.5 ')).toBe('2.5')
    expect(readNumber('2,5')).toBe('2.5')
    expect(readNumber('２５０')).toBe('250')
    expect(readNumber('٢٫٥')).toBe('2.5')
    expect(readNumber('۱۰۰')).toBe('100')
    expect(Number(readNumber('fifty'))).toBeNaN()
  })
})
