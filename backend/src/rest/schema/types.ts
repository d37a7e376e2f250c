// The schema cache: what PostgREST knows about the exposed schemas, built from the catalog.

export interface QualifiedName {
  schema: string
  name: string
}

export interface Column {
  name: string
  position: number
  /** format_type(), schema-qualified outside pg_catalog, with its modifier: `character varying(20)`. */
  type: string
  /** The base type's name (domains resolved): `int4`, `tsvector`, `_text`, `mood`. */
  baseType: string
  /** pg_type.typcategory of the base type: N numeric, S string, B boolean, A array, … */
  category: string
  nullable: boolean
  default: string | null
  maxLength: number | null
  enumValues: string[]
  description: string | null
  generated: boolean
}

export type RelationKind =
  'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table'

export interface Relation extends QualifiedName {
  oid: number
  kind: RelationKind
  isView: boolean
  insertable: boolean
  updatable: boolean
  deletable: boolean
  description: string | null
  columns: Column[]
  columnMap: Map<string, Column>
  /** Primary key columns (for views: the view columns that carry a base table's key). */
  primaryKey: string[]
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m'

export interface Junction {
  table: QualifiedName
  /** FK from the junction to the origin. */
  constraint1: string
  /** FK from the junction to the foreign table. */
  constraint2: string
  /** origin column -> junction column */
  sourceColumns: [string, string][]
  /** junction column -> foreign column */
  targetColumns: [string, string][]
}

export interface Relationship {
  table: QualifiedName
  foreignTable: QualifiedName
  isSelf: boolean
  cardinality: Cardinality
  /** The FK constraint (for m2m: the junction's FK to the foreign table). */
  constraint: string
  /** origin column -> foreign column (empty for m2m) */
  columns: [string, string][]
  junction: Junction | null
  /** For o2o: whether the origin is the referenced side. */
  isParent: boolean
  /** A computed relationship: a function taking the origin's row and returning foreign rows. */
  computed: QualifiedName | null
}

export interface RoutineParam {
  name: string
  type: string
  required: boolean
  variadic: boolean
}

export type RoutineReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string; baseType: string; setOf: boolean }
  /** A row type: a table's, a composite type's, or OUT/TABLE parameters. */
  | {
      kind: 'composite'
      setOf: boolean
      /** The table or view the rows belong to, when it is one (enables embedding). */
      relation: QualifiedName | null
      /** The row type's name (`record` for OUT/TABLE parameters), as PostgREST's funcTableName. */
      typeName: string
      columns: { name: string; type: string }[]
    }

export interface Routine extends QualifiedName {
  oid: number
  description: string | null
  params: RoutineParam[]
  returns: RoutineReturn
  volatility: 'volatile' | 'stable' | 'immutable'
}

export interface SchemaCache {
  schemas: string[]
  relations: Map<string, Relation>
  /** Keyed by `origin schema.name` then foreign schema, see relationshipsOf(). */
  relationships: Map<string, Relationship[]>
  routines: Map<string, Routine[]>
  /** Loaded on first use (Prefer: timezone). */
  timezones: Set<string> | null
}

export function qualifiedKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`
}

export function relationOf(cache: SchemaCache, schema: string, name: string): Relation | undefined {
  return cache.relations.get(qualifiedKey(schema, name))
}

export function relationshipsOf(
  cache: SchemaCache,
  origin: QualifiedName,
  foreignSchema: string
): Relationship[] {
  return (
    cache.relationships.get(`${qualifiedKey(origin.schema, origin.name)}\u0000${foreignSchema}`) ??
    []
  )
}

export function routinesOf(cache: SchemaCache, schema: string, name: string): Routine[] {
  return cache.routines.get(qualifiedKey(schema, name)) ?? []
}
