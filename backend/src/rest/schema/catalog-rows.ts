// The catalog's rows as the schema cache's queries return them (load.ts reads them; build.ts
// and routines.ts, which are pure, turn them into the schema cache).
import type { QualifiedName } from './types.ts'

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
