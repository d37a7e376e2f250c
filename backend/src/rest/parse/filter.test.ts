import { describe, expect, it } from 'vitest'
import { RestError } from '../errors.ts'
import { parseFilterValue, parseLogicParam, parseTreePath } from './filter.ts'
import type { LogicTree, OpExpr } from './types.ts'

const op = (o: string, value: string, extra: object = {}): OpExpr =>
  ({ negated: false, operation: { kind: 'op', op: o, value, ...extra } }) as OpExpr

const cases: [string, OpExpr][] = [
  ['eq.5', op('eq', '5')],
  ['eq.a.b.c', op('eq', 'a.b.c')],
  ['eq.', op('eq', '')],
  ['neq.x', op('neq', 'x')],
  ['gt.1', op('gt', '1')],
  ['gte.1', op('gte', '1')],
  ['lt.1', op('lt', '1')],
  ['lte.1', op('lte', '1')],
  ['like.*abc*', op('like', '*abc*')],
  ['ilike(any).{a*,b*}', op('ilike', '{a*,b*}', { quantifier: 'any' })],
  ['eq(all).{1,2}', op('eq', '{1,2}', { quantifier: 'all' })],
  ['match.^a', op('match', '^a')],
  ['imatch.^a', op('imatch', '^a')],
  ['cs.{1,2}', op('cs', '{1,2}')],
  ['cd.{"a":1}', op('cd', '{"a":1}')],
  ['ov.[1,5)', op('ov', '[1,5)')],
  ['sl.(1,2)', op('sl', '(1,2)')],
  ['sr.(1,2)', op('sr', '(1,2)')],
  ['nxr.(1,2)', op('nxr', '(1,2)')],
  ['nxl.(1,2)', op('nxl', '(1,2)')],
  ['adj.(1,2)', op('adj', '(1,2)')],
  ['not.eq.5', { negated: true, operation: { kind: 'op', op: 'eq', value: '5' } }],
  ['in.(1,2,3)', { negated: false, operation: { kind: 'in', values: ['1', '2', '3'] } }],
  ['in.()', { negated: false, operation: { kind: 'in', values: [] } }],
  [
    'in.("a,b","c\\"d",e)',
    { negated: false, operation: { kind: 'in', values: ['a,b', 'c"d', 'e'] } },
  ],
  ['not.in.(1)', { negated: true, operation: { kind: 'in', values: ['1'] } }],
  ['is.null', { negated: false, operation: { kind: 'is', value: 'null' } }],
  ['is.NULL', { negated: false, operation: { kind: 'is', value: 'null' } }],
  ['is.not_null', { negated: false, operation: { kind: 'is', value: 'not_null' } }],
  ['is.true', { negated: false, operation: { kind: 'is', value: 'true' } }],
  ['is.unknown', { negated: false, operation: { kind: 'is', value: 'unknown' } }],
  ['isdistinct.5', { negated: false, operation: { kind: 'isdistinct', value: '5' } }],
  ['fts.cat', { negated: false, operation: { kind: 'fts', op: 'fts', value: 'cat' } }],
  [
    'plfts(english).fat cat',
    {
      negated: false,
      operation: { kind: 'fts', op: 'plfts', config: 'english', value: 'fat cat' },
    },
  ],
  ['phfts.a b', { negated: false, operation: { kind: 'fts', op: 'phfts', value: 'a b' } }],
  ['wfts.a -b', { negated: false, operation: { kind: 'fts', op: 'wfts', value: 'a -b' } }],
]

describe('filter values', () => {
  it.each(cases)('%s', (input, expected) => {
    expect(parseFilterValue(input)).toEqual(expected)
  })

  it.each(['5', 'equals.5', 'is.maybe', 'in.(1,2', 'in.1,2', 'not.', 'eq', 'fts(english.x'])(
    'refuses %s',
    (input) => {
      let error: unknown
      try {
        parseFilterValue(input)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(RestError)
      expect((error as RestError).body.code).toBe('PGRST100')
      expect((error as RestError).body.message).toContain(`"failed to parse filter (${input})"`)
    }
  )
})

describe('filter keys', () => {
  it('reads embed paths and JSON paths', () => {
    expect(parseTreePath('id')).toEqual({ path: [], field: { name: 'id', jsonPath: [] } })
    expect(parseTreePath('actors.roles.name')).toEqual({
      path: ['actors', 'roles'],
      field: { name: 'name', jsonPath: [] },
    })
    expect(parseTreePath('data->>age')).toEqual({
      path: [],
      field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'age', index: false }] },
    })
    expect(parseTreePath('"a.b"')).toEqual({ path: [], field: { name: 'a.b', jsonPath: [] } })
  })
})

describe('logic trees', () => {
  const leaf = (name: string, o: string, value: string, negated = false): LogicTree => ({
    type: 'filter',
    filter: {
      field: { name, jsonPath: [] },
      expr: { negated, operation: { kind: 'op', op: o, value } as never },
    },
  })

  it('reads nested trees with quoted values and arrays', () => {
    expect(parseLogicParam('or', '(a.eq.1,and(b.gt.2,c.not.lt.3),d.eq."x,y",e.cs.{1,2})')).toEqual({
      type: 'expr',
      negated: false,
      op: 'or',
      children: [
        leaf('a', 'eq', '1'),
        {
          type: 'expr',
          negated: false,
          op: 'and',
          children: [leaf('b', 'gt', '2'), leaf('c', 'lt', '3', true)],
        },
        leaf('d', 'eq', 'x,y'),
        leaf('e', 'cs', '{1,2}'),
      ],
    })
  })

  it('reads negated trees and embed null tests', () => {
    expect(parseLogicParam('not.and', '(a.is.null,rel.not.is.null)')).toEqual({
      type: 'expr',
      negated: true,
      op: 'and',
      children: [
        {
          type: 'filter',
          filter: {
            field: { name: 'a', jsonPath: [] },
            expr: { negated: false, operation: { kind: 'is', value: 'null' } },
          },
        },
        {
          type: 'filter',
          filter: {
            field: { name: 'rel', jsonPath: [] },
            expr: { negated: true, operation: { kind: 'is', value: 'null' } },
          },
        },
      ],
    })
  })

  it('reads in lists inside trees', () => {
    const tree = parseLogicParam('or', '(id.in.(1,2),name.eq.x)')
    expect(tree.type === 'expr' && tree.children[0]).toEqual({
      type: 'filter',
      filter: {
        field: { name: 'id', jsonPath: [] },
        expr: { negated: false, operation: { kind: 'in', values: ['1', '2'] } },
      },
    })
  })

  it.each(['(a.eq.1', 'a.eq.1', '()', '(a.zz.1)', '(a.eq.1))'])('refuses %s', (value) => {
    expect(() => parseLogicParam('or', value)).toThrow(RestError)
  })
})
