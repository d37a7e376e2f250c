import { describe, expect, it } from 'vitest'
import { compareRelationships, relationshipKey, relationshipMap } from './relationship-map.ts'
import type { Cardinality, Relationship } from './types.ts'

const name = (n: string) => ({ schema: 'public', name: n })
const fkRel = (foreign: string, cardinality: Cardinality, constraint: string): Relationship => ({
  table: name('origin'),
  foreignTable: name(foreign),
  isSelf: false,
  cardinality,
  constraint,
  columns: [['a', 'b']],
  junction:
    cardinality === 'm2m'
      ? {
          table: name(constraint),
          constraint1: 'c1',
          constraint2: 'c2',
          sourceColumns: [['id', 'x']],
          targetColumns: [['y', 'id']],
        }
      : null,
  isParent: false,
  computed: null,
})
const computedRel = (fn: string, foreign: string): Relationship => ({
  ...fkRel(foreign, 'o2m', fn),
  columns: [],
  computed: { schema: 'api', name: fn },
})

describe('relationship map', () => {
  it("orders as PostgREST's derived Ord: foreign table, cardinality, constraint; computed last", () => {
    const rels = [
      computedRel('a_fn', 'a'),
      fkRel('b', 'm2m', 'jobs'),
      fkRel('b', 'm2o', 'main'),
      fkRel('b', 'o2o', 'one'),
      fkRel('b', 'o2m', 'z_fkey'),
      fkRel('b', 'o2m', 'a_fkey'),
      fkRel('a', 'm2m', 'x'),
    ]
    const sorted = [...rels].sort(compareRelationships)
    expect(sorted.map((r) => `${r.foreignTable.name}:${r.cardinality}:${r.constraint}`)).toEqual([
      'a:m2m:x',
      'b:o2m:a_fkey',
      'b:o2m:z_fkey',
      'b:m2o:main',
      'b:o2o:one',
      'b:m2m:jobs',
      'a:o2m:a_fn',
    ])
  })

  it('lets a computed relationship replace the keyed ones to a table of its name', () => {
    const shadowing = { ...computedRel('b', 'b'), computed: { schema: 'public', name: 'b' } }
    const map = relationshipMap(
      [fkRel('b', 'm2o', 'main'), fkRel('c', 'm2o', 'other')],
      [shadowing, computedRel('elsewhere', 'c')],
      new Set([relationshipKey(name('lonely'), 'public')])
    )
    expect(map.get(relationshipKey(name('origin'), 'public'))).toEqual([
      fkRel('c', 'm2o', 'other'),
      shadowing,
    ])
    // Keyed by the function's schema; a key can stay without relationships.
    expect(map.get(relationshipKey(name('origin'), 'api'))).toEqual([computedRel('elsewhere', 'c')])
    expect(map.get(relationshipKey(name('lonely'), 'public'))).toEqual([])
  })
})
