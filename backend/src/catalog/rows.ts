// The catalog's rows as read.ts reads them from pg_catalog, one query per kind for both readers:
// REST's schema cache (rest/schema/build.ts and routines.ts, pure, turn CatalogRows into it) and
// `gen types typescript` (gen/catalog.ts, pure, turns CatalogReading into its Catalog). The Raw*
// rows are what the schema cache reads; the *Row types add what gen reads besides.
import type { QualifiedName } from '../rest/schema/types.ts'

export interface RawRelation {
  oid: number
  schema: string
  name: string
  kind: string
  description: string | null
  insertable: boolean
  updatable: boolean
  deletable: boolean
}

export interface RawColumn {
  oid: number
  name: string
  position: number
  type: string
  base_type: string
  category: string
  nullable: boolean
  default: string | null
  max_length: number | null
  enum_values: string[] | null
  description: string | null
  generated: boolean
}

export interface RawConstraint {
  name: string
  type: 'p' | 'u' | 'f'
  oid: number
  foreign_oid: number
  column_nums: number[]
  foreign_column_nums: number[] | null
}

export interface RawView {
  oid: number
  action: string
}

export interface RawRoutine {
  oid: number
  schema: string
  name: string
  description: string | null
  volatility: 'v' | 's' | 'i'
  set_of: boolean
  n_defaults: number
  return_type: string
  /** The returned type's name, through any domains to their base (so its typtype too). */
  return_base_type: string
  return_typtype: string
  return_schema: string | null
  return_relation: string | null
  return_columns: { name: string; type: string }[] | null
  rows: number
  arg_relation: QualifiedName | null
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
}

export interface CatalogRows {
  schemas: string[]
  relations: RawRelation[]
  columns: RawColumn[]
  constraints: RawConstraint[]
  views: RawView[]
  routines: RawRoutine[]
}

/** A relation's row with what gen adds: a view whose UPDATE and DELETE reach the table below
 * without triggers (pg_relation_is_updatable's bits 4 and 16). */
export interface RelationRow extends RawRelation {
  auto_updatable: boolean
}

/** A column's row with what gen adds. */
export interface ColumnRow extends RawColumn {
  /** A default of its own or of its domain (an identity column's is not one). */
  has_default: boolean
  identity: 'a' | 'd' | null
  /** A table's, or a view's column that can be written through it without triggers. */
  writable: boolean
}

/** A key's row with what gen adds: its table, columns and referenced ones by name. */
export interface ConstraintRow extends RawConstraint {
  schema: string
  relation: string
  column_names: string[]
  foreign_schema: string | null
  foreign_relation: string | null
  foreign_column_names: string[] | null
  /** Foreign keys: their columns are also a unique key (or a unique index) of their table. */
  one_to_one: boolean
}

/** A function's row with what gen adds: type names as pg_type has them (`int4`, `_text`). */
export interface RoutineRow extends RawRoutine {
  /** The declared return type's name (not through domains). */
  return_type_name: string
  /** Its pg_class row, when it is a row type (a table's, a view's or a composite type's). */
  return_type_relation: number | null
  arg_type_names: string[]
}

/** An enum or a composite type (of any schema but the system's). */
export interface RawType {
  schema: string
  name: string
  /** Enum labels in their order; empty for composite types. */
  enums: string[]
  /** Composite types' attributes; empty for enums. */
  attributes: { name: string; type: string }[]
  /** Composite types: the pg_class row of the type. */
  relation_id: number | null
}

/** Everything read.ts reads: the schema cache's rows and what gen adds. */
export interface CatalogReading extends CatalogRows {
  /** The given schemas that exist. */
  present: string[]
  relations: RelationRow[]
  columns: ColumnRow[]
  constraints: ConstraintRow[]
  routines: RoutineRow[]
  types: RawType[]
}
