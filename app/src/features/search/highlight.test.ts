import { describe, expect, it } from 'vitest'
import { highlight } from './highlight.ts'

const marks = (text: string, terms: string[]) =>
  highlight(text, terms)
    .filter((p) => p.match)
    .map((p) => p.text)

describe('highlight', () => {
  it('marks matches ignoring accents and case, in the text as written', () => {
    expect(marks('Ask Carol Díaz or DIAZ', ['diaz'])).toEqual(['Díaz', 'DIAZ'])
    expect(marks('the Deployment', ['DÉPLO'])).toEqual(['Deplo'])
  })

  it('keeps every character, in order, and merges neighbouring matches', () => {
    const parts = highlight('release train', ['rele', 'ase', 'train'])
    expect(parts.map((p) => p.text).join('')).toBe('release train')
    expect(parts).toEqual([
      { text: 'release', match: true },
      { text: ' ', match: false },
      { text: 'train', match: true },
    ])
  })

  it('maps back through characters that fold to more or fewer units', () => {
    expect(marks('ﬁle 🧨 café', ['cafe'])).toEqual(['café'])
    expect(marks('ﬁle', ['fi'])).toEqual(['ﬁ'])
    expect(marks('e\u0301t\u00e9', ['ete'])).toEqual(['e\u0301t\u00e9'])
  })

  it('marks nothing for empty or absent terms and treats markup as text', () => {
    expect(highlight('<b>x</b>', ['<b>'])).toEqual([
      { text: '<b>', match: true },
      { text: 'x</b>', match: false },
    ])
    expect(highlight('plain', ['', '  '])).toEqual([{ text: 'plain', match: false }])
    expect(highlight('', ['a'])).toEqual([])
  })
})
