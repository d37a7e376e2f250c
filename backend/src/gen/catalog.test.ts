import { describe, expect, it } from 'vitest'
import { catalogOf } from './catalog.ts'
import type { CatalogReading, RoutineRow } from '../catalog/rows.ts'

const routine = (more: Partial<RoutineRow>): RoutineRow => ({
  oid: 1,
  schema: 'public',
  name: 'f',
  description: null,
  volatility: 'v',
  set_of: false,
  n_defaults: 0,
  return_type: 'void',
  return_type_name: 'void',
  return_type_relation: null,
  return_base_type: 'void',
  return_typtype: 'p',
  return_schema: null,
  return_relation: null,
  return_columns: null,
  rows: 0,
  arg_relation: null,
  arg_names: null,
  arg_modes: null,
  arg_types: [],
  arg_type_names: [],
  ...more,
})

const rows = (routines: RoutineRow[]): CatalogReading => ({
  schemas: ['public', 'gone'],
  present: ['public'],
  relations: [],
  columns: [],
  constraints: [],
  views: [],
  routines,
  types: [],
})

describe('catalogOf', () => {
  it('gives a default to the last n_defaults input arguments, never to an output', () => {
    const [fn] = catalogOf(
      rows([
        routine({
          n_defaults: 2,
          arg_names: ['a', 'b', 'c', 'total'],
          arg_modes: ['i', 'i', 'v', 'o'],
          arg_type_names: ['int4', 'text', '_int4', 'int8'],
        }),
      ])
    ).functions
    expect(fn!.args).toEqual([
      { name: 'a', mode: 'in', type: 'int4', hasDefault: false },
      { name: 'b', mode: 'in', type: 'text', hasDefault: true },
      { name: 'c', mode: 'variadic', type: '_int4', hasDefault: true },
      { name: 'total', mode: 'out', type: 'int8', hasDefault: false },
    ])
  })

  it('takes unnamed arguments as in, named "", and leaves trigger functions out', () => {
    const catalog = catalogOf(
      rows([
        routine({ name: 'g', arg_type_names: ['json'] }),
        routine({ name: 'audit', return_type_name: 'trigger' }),
      ])
    )
    expect(catalog.schemas).toEqual(['public'])
    expect(catalog.functions.map((f) => f.name)).toEqual(['g'])
    expect(catalog.functions[0]!.args).toEqual([
      { name: '', mode: 'in', type: 'json', hasDefault: false },
    ])
  })
})
