// Builds the schema cache from catalog rows (pure): relations and columns, primary keys carried over
// to views, the relationships PostgREST derives from foreign keys (many-to-one, one-to-many,
// one-to-one, and many-to-many through a junction whose key covers both foreign keys), also
// between views over the tables, the computed relationships of functions (relationship-map.ts),
// and the callable functions.
import type { CatalogRows } from '../../catalog/rows.ts'
import { computedRelationships, relationshipKey, relationshipMap } from './relationship-map.ts'
import { buildRoutine } from './routines.ts'
import { viewColumnSources } from './view-columns.ts'
import { qualifiedKey } from './types.ts'
import type {
  Column,
  QualifiedName,
  Relation,
  RelationKind,
  Relationship,
  Routine,
  SchemaCache,
} from './types.ts'

export type {
  CatalogRows,
  RawColumn,
  RawConstraint,
  RawRelation,
  RawRoutine,
  RawView,
} from '../../catalog/rows.ts'

const KINDS: Record<string, RelationKind> = {
  r: 'table',
  p: 'partitioned table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
}

type Exposures = (oid: number, attnums: number[]) => { relation: Relation; names: string[] }[]

/** A base column: relation oid and attribute number. */
type ColumnRef = `${number}:${number}`
const ref = (oid: number, attnum: number): ColumnRef => `${oid}:${attnum}`

export function buildSchemaCache(rows: CatalogRows): SchemaCache {
  const byOid = new Map<number, Relation>()
  const relations = new Map<string, Relation>()
  for (const raw of rows.relations) {
    const kind = KINDS[raw.kind] ?? 'table'
    const relation: Relation = {
      oid: raw.oid,
      schema: raw.schema,
      name: raw.name,
      kind,
      isView: kind === 'view' || kind === 'materialized view',
      insertable: raw.insertable,
      updatable: raw.updatable,
      deletable: raw.deletable,
      description: raw.description,
      columns: [],
      columnMap: new Map(),
      primaryKey: [],
    }
    byOid.set(raw.oid, relation)
    relations.set(qualifiedKey(raw.schema, raw.name), relation)
  }
  const columnByPosition = new Map<ColumnRef, Column>()
  for (const raw of rows.columns) {
    const relation = byOid.get(raw.oid)
    if (!relation) continue
    const column: Column = {
      name: raw.name,
      position: raw.position,
      type: raw.type,
      baseType: raw.base_type,
      category: raw.category,
      nullable: raw.nullable,
      default: raw.default,
      maxLength: raw.max_length,
      enumValues: raw.enum_values ?? [],
      description: raw.description,
      generated: raw.generated,
    }
    relation.columns.push(column)
    relation.columnMap.set(column.name, column)
    columnByPosition.set(ref(raw.oid, raw.position), column)
  }

  // View column -> base column, following views over views.
  const viewSources = new Map<number, Map<number, ColumnRef>>()
  const rawSources = new Map<number, ReturnType<typeof viewColumnSources>>()
  for (const view of rows.views) rawSources.set(view.oid, viewColumnSources(view.action))
  const resolve = (oid: number, attnum: number, depth: number): ColumnRef | null => {
    const sources = rawSources.get(oid)
    if (!sources) return ref(oid, attnum)
    if (depth > 16) return null
    const source = sources.find((s) => s.position === attnum)
    if (!source || source.sourceOid === 0 || source.sourceColumn === 0) return null
    return resolve(source.sourceOid, source.sourceColumn, depth + 1)
  }
  for (const [oid, sources] of rawSources) {
    const map = new Map<number, ColumnRef>()
    for (const source of sources) {
      if (source.sourceOid === 0 || source.sourceColumn === 0) continue
      const base = resolve(source.sourceOid, source.sourceColumn, 1)
      if (base) map.set(source.position, base)
    }
    viewSources.set(oid, map)
  }

  /**
   * The relations (the table itself, and views over it) that expose all of `attnums` of table
   * `oid`, with the names those columns have there: a view naming a column twice exposes every
   * combination (as PostgREST's expandKeyDepCols).
   */
  const exposuresOf: Exposures = (oid, attnums) => {
    const found: { relation: Relation; names: string[] }[] = []
    const table = byOid.get(oid)
    if (table) {
      const names = attnums.map((n) => columnByPosition.get(ref(oid, n))?.name)
      if (names.every((n): n is string => n !== undefined)) found.push({ relation: table, names })
    }
    for (const [viewOid, map] of viewSources) {
      const view = byOid.get(viewOid)
      if (!view) continue
      const choices = attnums.map((attnum) =>
        [...map]
          .filter(([, base]) => base === ref(oid, attnum))
          .sort(([a], [b]) => a - b)
          .flatMap(([position]) => columnByPosition.get(ref(viewOid, position))?.name ?? [])
      )
      if (choices.some((c) => c.length === 0)) continue
      let combos: string[][] = [[]]
      for (const names of choices) combos = combos.flatMap((c) => names.map((n) => [...c, n]))
      for (const names of combos) found.push({ relation: view, names })
    }
    return found
  }

  // Keys: primary keys on tables and carried over to views; unique sets for one-to-one.
  const keySets = new Map<number, number[][]>()
  for (const c of rows.constraints) {
    if (c.type === 'f') continue
    const list = keySets.get(c.oid) ?? []
    list.push(c.column_nums)
    keySets.set(c.oid, list)
    if (c.type === 'p') {
      for (const exposure of exposuresOf(c.oid, c.column_nums)) {
        if (exposure.relation.primaryKey.length === 0) exposure.relation.primaryKey = exposure.names
      }
    }
  }
  /** A key as PostgREST tells one-to-one: the columns, in the constraint's order, are a key's. */
  const isKey = (oid: number, attnums: number[]): boolean =>
    (keySets.get(oid) ?? []).some((key) => {
      const sorted = [...key].sort((a, b) => a - b)
      return sorted.length === attnums.length && sorted.every((n, i) => attnums[i] === n)
    })

  const relationships: Relationship[] = []
  for (const fk of rows.constraints) {
    if (fk.type !== 'f' || !fk.foreign_column_nums) continue
    const oneToOne = isKey(fk.oid, fk.column_nums)
    for (const source of exposuresOf(fk.oid, fk.column_nums)) {
      for (const target of exposuresOf(fk.foreign_oid, fk.foreign_column_nums)) {
        const table = nameOf(source.relation)
        const foreignTable = nameOf(target.relation)
        const isSelf = source.relation === target.relation
        const pairs = source.names.map((n, i): [string, string] => [n, target.names[i] as string])
        relationships.push({
          table,
          foreignTable,
          isSelf,
          cardinality: oneToOne ? 'o2o' : 'm2o',
          constraint: fk.name,
          columns: pairs,
          junction: null,
          isParent: false,
          computed: null,
        })
        relationships.push({
          table: foreignTable,
          foreignTable: table,
          isSelf,
          cardinality: oneToOne ? 'o2o' : 'o2m',
          constraint: fk.name,
          columns: pairs.map(([a, b]): [string, string] => [b, a]),
          junction: null,
          isParent: true,
          computed: null,
        })
      }
    }
  }
  relationships.push(...manyToMany(relationships, relations))
  const keysOnly = internalJunctionKeys(rows, byOid, isKey, exposuresOf)
  const computed = computedRelationships(rows.routines, relations, keysOnly)
  const relationshipsByKey = relationshipMap(relationships, computed, keysOnly)

  const routines = new Map<string, Routine[]>()
  for (const raw of rows.routines) {
    const routine = buildRoutine(raw)
    if (!routine) continue
    const key = qualifiedKey(routine.schema, routine.name)
    const list = routines.get(key) ?? []
    list.push(routine)
    routines.set(key, list)
  }

  return {
    schemas: rows.schemas,
    relations,
    relationships: relationshipsByKey,
    routines,
    timezones: null,
  }
}

function nameOf(relation: Relation): QualifiedName {
  return { schema: relation.schema, name: relation.name }
}

/** Junctions: two different FKs from the same relation whose columns are all in its key. */
function manyToMany(rels: Relationship[], relations: Map<string, Relation>): Relationship[] {
  const result: Relationship[] = []
  const manyToOne = rels.filter((r) => r.cardinality === 'm2o')
  for (const a of manyToOne) {
    for (const b of manyToOne) {
      if (a.constraint === b.constraint) continue
      if (a.table.schema !== b.table.schema || a.table.name !== b.table.name) continue
      const junction = relations.get(qualifiedKey(a.table.schema, a.table.name))
      if (!junction || junction.primaryKey.length === 0) continue
      const junctionColumns = [...a.columns.map(([c]) => c), ...b.columns.map(([c]) => c)]
      if (!junctionColumns.every((c) => junction.primaryKey.includes(c))) continue
      result.push({
        table: a.foreignTable,
        foreignTable: b.foreignTable,
        isSelf:
          a.foreignTable.schema === b.foreignTable.schema &&
          a.foreignTable.name === b.foreignTable.name,
        cardinality: 'm2m',
        constraint: b.constraint,
        columns: [],
        junction: {
          table: a.table,
          constraint1: a.constraint,
          constraint2: b.constraint,
          sourceColumns: a.columns.map(([j, o]): [string, string] => [o, j]),
          targetColumns: b.columns.map(([j, f]): [string, string] => [j, f]),
        },
        isParent: false,
        computed: null,
      })
    }
  }
  return result
}

/**
 * The keys PostgREST keeps for many-to-many relationships through a junction outside the exposed
 * schemas: the relationship is dropped, its key stays (an origin with relationships, for
 * PGRST200's hint).
 */
function internalJunctionKeys(
  rows: CatalogRows,
  exposed: Map<number, Relation>,
  isKey: (oid: number, attnums: number[]) => boolean,
  exposuresOf: Exposures
): Set<string> {
  const keys = new Set<string>()
  const primaryKeys = new Map<number, number[]>()
  for (const c of rows.constraints) if (c.type === 'p') primaryKeys.set(c.oid, c.column_nums)
  const manyToOne = rows.constraints.filter(
    (c) =>
      c.type === 'f' &&
      c.foreign_column_nums !== null &&
      !exposed.has(c.oid) &&
      !isKey(c.oid, c.column_nums)
  )
  for (const a of manyToOne) {
    for (const b of manyToOne) {
      if (a.oid !== b.oid || a.name === b.name) continue
      const key = primaryKeys.get(a.oid) ?? []
      if (![...a.column_nums, ...b.column_nums].every((n) => key.includes(n))) continue
      for (const source of exposuresOf(a.foreign_oid, a.foreign_column_nums ?? [])) {
        for (const target of exposuresOf(b.foreign_oid, b.foreign_column_nums ?? [])) {
          keys.add(relationshipKey(source.relation, target.relation.schema))
        }
      }
    }
  }
  return keys
}
