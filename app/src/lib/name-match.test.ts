import { describe, expect, it } from 'vitest'
import { filterByName, nameMatcher } from './name-match.ts'

describe('nameMatcher', () => {
  it("matches the name's start or a word's start, in any case", () => {
    const m = nameMatcher('LEE')
    expect(m('Ann Lee')).toBe(true)
    expect(m('Lee Park')).toBe(true)
    expect(m('Ashlee Park')).toBe(false)
    expect(nameMatcher('ann l')('Ann Lee')).toBe(true)
    expect(nameMatcher('ann l')('Annie Lee')).toBe(false)
  })

  it('matches a later occurrence at a word start after an earlier one inside a word', () => {
    expect(nameMatcher('an')('Joan Andersen')).toBe(true)
    expect(nameMatcher('an')('Joan Berg')).toBe(false)
  })

  it('matches everything on an empty or blank query', () => {
    expect(nameMatcher('')('Zoe')).toBe(true)
    expect(nameMatcher('   ')('Zoe')).toBe(true)
  })

  it('treats what was typed as text, not a pattern', () => {
    expect(nameMatcher('a.')('Ann A. Lee')).toBe(true)
    expect(nameMatcher('(')('Ann Lee')).toBe(false)
  })
})

describe('filterByName', () => {
  it('keeps the order of the items', () => {
    const people = [{ n: 'Zoe Lang' }, { n: 'Lars Berg' }, { n: 'Ann Lee' }]
    expect(filterByName(people, 'l', (p) => p.n).map((p) => p.n)).toEqual([
      'Zoe Lang',
      'Lars Berg',
      'Ann Lee',
    ])
    expect(filterByName(people, 'le', (p) => p.n)).toEqual([{ n: 'Ann Lee' }])
  })
})
