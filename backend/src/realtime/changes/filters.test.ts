import { describe, expect, it } from 'vitest'
import { compileCondition, inspectConditions, likeRegex, parseFilter } from './filters.ts'
import type { Comparison, Condition } from './filters.ts'

function conditions(filter: string): Condition[] {
  const parsed = parseFilter(filter)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.conditions
}

function test(filter: string, comparison: Comparison, cell: string | null, canonical?: string[]) {
  const [condition] = conditions(filter)
  if (!condition) throw new Error('no condition')
  const values = canonical ?? condition.values ?? [condition.value]
  return compileCondition(condition, comparison, values).test(cell)
}

describe('parseFilter', () => {
  it('reads every operator, negation, lists and comma-AND', () => {
    expect(conditions('')).toEqual([])
    expect(conditions('id=eq.1')).toEqual([
      { column: 'id', op: 'eq', negate: false, value: '1', values: null },
    ])
    expect(conditions('status=not.in.(draft,"a,b")')).toEqual([
      {
        column: 'status',
        op: 'in',
        negate: true,
        value: '(draft,"a,b")',
        values: ['draft', 'a,b'],
      },
    ])
    expect(conditions('id=gt.0,id=lt.100').map((c) => c.op)).toEqual(['gt', 'lt'])
    expect(conditions('name=eq."say \\"hi\\", (ok)"')[0]?.value).toBe('say "hi", (ok)')
    expect(conditions('deleted_at=is.NULL')[0]?.value).toBe('null')
    for (const op of ['neq', 'lte', 'gte', 'like', 'ilike', 'match', 'imatch', 'isdistinct']) {
      expect(conditions(`c=${op}.x`)[0]?.op).toBe(op)
    }
  })

  it('reports what it could not parse as the server does', () => {
    expect(parseFilter('foo=hey')).toEqual({
      ok: false,
      message: 'Error parsing `filter` params: ["foo", "hey"]',
    })
    expect(parseFilter('id=between.1')).toEqual({
      ok: false,
      message: 'Error parsing `filter` params: ["id", "between", "1"]',
    })
    expect(parseFilter('id').ok).toBe(false)
    expect(parseFilter('id=in.1,2').ok).toBe(false)
    expect(parseFilter('id=in.()').ok).toBe(false)
    expect(parseFilter('done=is.maybe').ok).toBe(false)
  })

  it('prints conditions like the server logs them', () => {
    expect(inspectConditions(conditions('id=eq.1,s=not.like.a%'))).toBe(
      '[{"id", "eq", "1"}, {"s", "not.like", "a%"}]'
    )
  })
})

describe('evaluation', () => {
  it('compares numbers numerically and text by code point', () => {
    expect(test('n=eq.1.5', 'number', '1.50')).toBe(true)
    expect(test('n=gt.9', 'number', '10')).toBe(true)
    expect(test('n=gt.9', 'text', '10')).toBe(false)
    expect(test('n=lt.9007199254740993', 'number', '9007199254740992')).toBe(true)
    expect(test('s=lt.b', 'text', 'a')).toBe(true)
    expect(test('s=gte.b', 'text', 'a')).toBe(false)
    expect(test('s=neq.a', 'text', 'a')).toBe(false)
  })

  it('treats NULL as unknown except for is and isdistinct', () => {
    expect(test('n=eq.1', 'number', null)).toBeNull()
    expect(test('n=not.eq.1', 'number', null)).toBeNull()
    expect(test('n=is.null', 'number', null)).toBe(true)
    expect(test('n=not.is.null', 'number', null)).toBe(false)
    expect(test('n=isdistinct.1', 'number', null)).toBe(true)
    expect(test('n=isdistinct.1', 'number', '1')).toBe(false)
    expect(test('b=is.true', 'bool', 't')).toBe(true)
    expect(test('b=is.false', 'bool', 't')).toBe(false)
  })

  it('matches in-lists, LIKE patterns and regular expressions', () => {
    expect(test('n=in.(1,2,3)', 'number', '2')).toBe(true)
    expect(test('n=not.in.(1,2,3)', 'number', '2')).toBe(false)
    expect(test('s=like.ab%', 'text', 'abc')).toBe(true)
    expect(test('s=like.a_c', 'text', 'abc')).toBe(true)
    expect(test('s=like.AB%', 'text', 'abc')).toBe(false)
    expect(test('s=ilike.AB%', 'text', 'abc')).toBe(true)
    expect(test('s=match.^a.c$', 'text', 'abc')).toBe(true)
    expect(test('s=imatch.^A', 'text', 'abc')).toBe(true)
    expect(likeRegex('100\\%', false).test('100%')).toBe(true)
    expect(likeRegex('a.b', false).test('axb')).toBe(false)
  })

  it('uses the canonical value the subscription computed', () => {
    expect(test('id=eq.ABC', 'text', 'abc', ['abc'])).toBe(true)
  })
})
