// The relationships map as PostgREST's SchemaCache.hs builds it: computed relationships (a
// function of one table row returning rows of a table) override the foreign-key relationships to
// a table of the function's name; every list is keyed by its origin and by the schema of the
// foreign table (of the function, for a computed one), and sorted in PostgREST's order (the
// derived Ord of its Relationship type), which is the order of PGRST201's candidates. A key can
// stay with no relationship (one to a table outside the exposed schemas, or through a junction
// there): PGRST200's hint tells that apart from an origin with no key at all.
import type { RawRoutine } from '../../catalog/rows.ts'
import { qualifiedKey } from './types.ts'
import type { Junction, QualifiedName, Relation, Relationship } from './types.ts'

/** The map key of an origin's relationships to (or through functions in) `schema`. */
export function relationshipKey(origin: QualifiedName, schema: string): string {
  return `${qualifiedKey(origin.schema, origin.name)}\u0000${schema}`
}

/** The schema part of a relationship's key: its function's for a computed one. */
function keySchema(rel: Relationship): string {
  return rel.computed ? rel.computed.schema : rel.foreignTable.schema
}

const sameName = (a: QualifiedName, b: QualifiedName) => a.schema === b.schema && a.name === b.name

/**
 * Computed relationships: functions of exactly one parameter of a table's (view's, …) row type
 * returning a table's row type; to-one unless SETOF without ROWS 1. Those whose origin or result
 * is outside the exposed relations leave only their key behind (in `keysOnly`).
 */
export function computedRelationships(
  raws: RawRoutine[],
  relations: Map<string, Relation>,
  keysOnly: Set<string>
): Relationship[] {
  const result: Relationship[] = []
  for (const raw of raws) {
    const origin = raw.arg_relation
    if (!origin || raw.return_typtype !== 'c' || !raw.return_schema || !raw.return_relation)
      continue
    if (!relations.has(qualifiedKey(origin.schema, origin.name))) continue
    if (!relations.has(qualifiedKey(raw.return_schema, raw.return_relation))) {
      keysOnly.add(relationshipKey(origin, raw.schema))
      continue
    }
    const foreignTable = { schema: raw.return_schema, name: raw.return_relation }
    result.push({
      table: { schema: origin.schema, name: origin.name },
      foreignTable,
      isSelf: sameName(origin, foreignTable),
      cardinality: raw.set_of && raw.rows !== 1 ? 'o2m' : 'm2o',
      constraint: raw.name,
      columns: [],
      junction: null,
      isParent: false,
      computed: { schema: raw.schema, name: raw.name },
    })
  }
  return result
}

/** The map: computed relationships replace the keyed ones they shadow; lists sorted. */
export function relationshipMap(
  keyed: Relationship[],
  computed: Relationship[],
  keysOnly: Set<string>
): Map<string, Relationship[]> {
  const shadows = (rel: Relationship) =>
    computed.some(
      (c) => c.computed && sameName(c.table, rel.table) && sameName(c.computed, rel.foreignTable)
    )
  const map = new Map<string, Relationship[]>()
  for (const key of keysOnly) map.set(key, [])
  for (const rel of [...keyed.filter((r) => !shadows(r)), ...computed]) {
    const key = relationshipKey(rel.table, keySchema(rel))
    const list = map.get(key) ?? []
    list.push(rel)
    map.set(key, list)
  }
  for (const list of map.values()) list.sort(compareRelationships)
  return map
}

/** Text as Haskell orders it: by code point. */
function compareText(a: string, b: string): number {
  if (a === b) return 0
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0)
    if (d !== 0) return d
  }
  return x.length - y.length
}

function compareLists<T>(a: T[], b: T[], compare: (x: T, y: T) => number): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = compare(a[i] as T, b[i] as T)
    if (d !== 0) return d
  }
  return a.length - b.length
}

const compareNames = (a: QualifiedName, b: QualifiedName) =>
  compareText(a.schema, b.schema) || compareText(a.name, b.name)
const compareTexts = (a: string[], b: string[]) => compareLists(a, b, compareText)
const comparePairs = (a: [string, string][], b: [string, string][]) =>
  compareLists(a, b, compareTexts)
const compareBools = (a: boolean, b: boolean) => Number(a) - Number(b)

/** PostgREST's cardinality constructors in their declared order. */
const CARDINALITY_ORDER = { o2m: 0, m2o: 1, o2o: 2, m2m: 3 } as const

/** The junction's columns as PostgREST keeps them: (foreign column, junction column). */
const targetPairs = (j: Junction) => j.targetColumns.map(([jc, f]): [string, string] => [f, jc])

function compareJunctions(a: Junction, b: Junction): number {
  return (
    compareNames(a.table, b.table) ||
    compareText(a.constraint1, b.constraint1) ||
    compareText(a.constraint2, b.constraint2) ||
    comparePairs(a.sourceColumns, b.sourceColumns) ||
    comparePairs(targetPairs(a), targetPairs(b))
  )
}

/** Foreign-key relationships first, then computed ones; each by its fields in declared order. */
export function compareRelationships(a: Relationship, b: Relationship): number {
  if (a.computed && b.computed) {
    return (
      compareNames(a.computed, b.computed) ||
      compareNames(a.table, b.table) ||
      compareNames(a.foreignTable, b.foreignTable) ||
      compareBools(a.cardinality === 'm2o', b.cardinality === 'm2o') ||
      compareBools(a.isSelf, b.isSelf)
    )
  }
  if (a.computed || b.computed) return a.computed ? 1 : -1
  const head =
    compareNames(a.table, b.table) ||
    compareNames(a.foreignTable, b.foreignTable) ||
    compareBools(a.isSelf, b.isSelf) ||
    CARDINALITY_ORDER[a.cardinality] - CARDINALITY_ORDER[b.cardinality]
  if (head !== 0) return head
  if (a.junction && b.junction) return compareJunctions(a.junction, b.junction)
  return (
    compareText(a.constraint, b.constraint) ||
    comparePairs(a.columns, b.columns) ||
    compareBools(a.isParent, b.isParent)
  )
}
