import { describe, expect, it } from 'vitest'
import {
  canonicalTemplate,
  fillCanonical,
  shapeOf,
  slotsOf,
  standIn,
  withValues,
} from './plan-shape.ts'
import { canonicalQuery } from './query-string.ts'

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

  it('fills the canonical query of a shape exactly as the request itself renders it', () => {
    const queries = [
      'select=*&id=eq.4242',
      'select=id,title,created_at,authors(name)&author_id=eq.42&order=id.desc&limit=50',
      'b=eq.2&a=eq.1&a=gt.0&apikey=x&flag',
      'name=eq.a+b%2Cc&title=like.a*&z=neq.%C3%A9t%C3%A9',
      'name=eq.%26%3D%3F%23%25&n=lte.-1.5e3&t=gte.2024-01-01T00:00:00%2B02:00',
      'x=eq.caf\u00e9&y=eq.&select=a->b,c->>d',
    ]
    for (const query of queries) {
      const shape = shapeOf(query)
      expect(shape, query).not.toBeNull()
      if (!shape) continue
      const template = canonicalTemplate(canonicalQuery(shape.query))
      expect(fillCanonical(template, shape.values), query).toBe(canonicalQuery(query))
    }
  })
})
