import { describe, expect, it } from 'vitest'
import { RestError } from '../errors.ts'
import { parseSelect } from './select.ts'
import type { SelectItem } from './types.ts'

const col = (name: string, extra: object = {}): SelectItem => ({
  type: 'column',
  field: { name, jsonPath: [] },
  ...extra,
})

const cases: [string, SelectItem[]][] = [
  ['*', [col('*')]],
  ['id,title', [col('id'), col('title')]],
  ['name:title', [col('title', { alias: 'name' })]],
  ['id::text', [col('id', { cast: 'text' })]],
  ['label:id::text', [col('id', { alias: 'label', cast: 'text' })]],
  ['price::character varying', [col('price', { cast: 'character varying' })]],
  [
    'data->a->>b',
    [
      {
        type: 'column',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
      },
    ],
  ],
  [
    'data->0->>-1',
    [
      {
        type: 'column',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: '0', index: true },
            { arrow: '->>', key: '-1', index: true },
          ],
        },
      },
    ],
  ],
  ['"quoted,name"', [col('quoted,name')]],
  ['first-name', [col('first-name')]],
  ['count()', [col('*', { aggregate: 'count' })]],
  ['total:count()::int', [col('*', { aggregate: 'count', aggregateCast: 'int', alias: 'total' })]],
  ['amount.sum()', [col('amount', { aggregate: 'sum' })]],
  [
    'amount::int.avg()::text',
    [col('amount', { cast: 'int', aggregate: 'avg', aggregateCast: 'text' })],
  ],
  [
    'title,directors(id,name)',
    [
      col('title'),
      {
        type: 'embed',
        name: 'directors',
        spread: false,
        children: [col('id'), col('name')],
      },
    ],
  ],
  [
    'director:directors!films_director_id_fkey!inner(*)',
    [
      {
        type: 'embed',
        name: 'directors',
        alias: 'director',
        hint: 'films_director_id_fkey',
        join: 'inner',
        spread: false,
        children: [col('*')],
      },
    ],
  ],
  [
    'directors!inner!fk(*)',
    [
      {
        type: 'embed',
        name: 'directors',
        hint: 'fk',
        join: 'inner',
        spread: false,
        children: [col('*')],
      },
    ],
  ],
  [
    'clients!left(name)',
    [{ type: 'embed', name: 'clients', join: 'left', spread: false, children: [col('name')] }],
  ],
  [
    'tasks!inner_tasks(id)',
    [{ type: 'embed', name: 'tasks', hint: 'inner_tasks', spread: false, children: [col('id')] }],
  ],
  ['actors()', [{ type: 'embed', name: 'actors', spread: false, children: [] }]],
  [
    '...directors(name)',
    [{ type: 'embed', name: 'directors', spread: true, children: [col('name')] }],
  ],
  [
    'a(b(c(d)))',
    [
      {
        type: 'embed',
        name: 'a',
        spread: false,
        children: [
          {
            type: 'embed',
            name: 'b',
            spread: false,
            children: [{ type: 'embed', name: 'c', spread: false, children: [col('d')] }],
          },
        ],
      },
    ],
  ],
  ['', []],
]

describe('select parser', () => {
  it.each(cases)('%s', (input, expected) => {
    expect(parseSelect(input)).toEqual(expected)
  })

  it.each([
    'id,',
    'a(',
    'a(b',
    'id::',
    'id::int;drop',
    'id)',
    '"unterminated',
    'a!(b)',
    'x::te"xt',
  ])('refuses %s with PGRST100', (input) => {
    let error: unknown
    try {
      parseSelect(input)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(RestError)
    const e = error as RestError
    expect(e.status).toBe(400)
    expect(e.body.code).toBe('PGRST100')
    expect(e.body.message).toMatch(
      /^"failed to parse select parameter \(.*\)" \(line 1, column \d+\)$/
    )
  })
})
