import { describe, expect, it } from 'vitest'
import { shapeOf, slotsOf, standIn, withValues } from './plan-shape.ts'

describe('request shapes', () => {
  it('abstracts the values of simple comparisons, and nothing else', () => {
    expect(shapeOf('select=id,title&id=eq.42&year=gt.1900&title=like.a*&order=id')).toEqual({
      query: `select=id,title&id=eq.${encodeURIComponent(standIn(0))}&year=gt.${encodeURIComponent(standIn(1))}&title=like.a*&order=id`,
      values: ['42', '1900'],
    })
    expect(shapeOf('name=eq.a+b%2Cc')?.values).toEqual(['a b,c'])
    expect(shapeOf('select=*&or=(a.eq.1)&limit=eq.1')).toBeNull()
    expect(shapeOf('id=not.eq.1&id=in.(1,2)')).toBeNull()
    expect(shapeOf('id=eq.%01')).toBeNull()
    expect(shapeOf('')).toBeNull()
  })

  it('finds the stand-ins among the parameters and substitutes values', () => {
    const statement = {
      text: 'select $1, $2, $3',
      values: [
        { value: standIn(0), type: 'unknown' as const },
        { value: '1000', type: 'unknown' as const },
        { value: standIn(0), type: 'unknown' as const },
      ],
    }
    const slots = slotsOf([statement, null], 1)
    expect(slots).toEqual([[[0, 2]], [[]]])
    expect(withValues(statement, slots?.[0] ?? [], ['7']).values.map((v) => v.value)).toEqual([
      '7',
      '1000',
      '7',
    ])
    expect(slotsOf([{ text: '', values: [] }], 1)).toBeNull()
  })
})
