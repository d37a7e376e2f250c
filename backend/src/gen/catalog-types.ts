// The catalog's shape: the schemas' relations, columns, foreign keys, functions and types as
// catalog.ts reads them from the database and typescript.ts renders them.

export interface CatalogRelation {
  id: number
  schema: string
  name: string
  kind: 'table' | 'view'
  /** Views only: UPDATE and DELETE reach the table below (auto-updatable). */
  updatable: boolean
}

export interface CatalogColumn {
  relationId: number
  name: string
  /** The type's name as pg_type has it (`int4`, `_text` for text[], the enum's name); a domain's base type. */
  type: string
  nullable: boolean
  hasDefault: boolean
  identity: 'ALWAYS' | 'BY DEFAULT' | null
  /** Views: the column can be written through the view. */
  updatable: boolean
}

export interface CatalogRelationship {
  name: string
  schema: string
  relation: string
  columns: string[]
  referencedSchema: string
  referencedRelation: string
  referencedColumns: string[]
  /** The foreign key's columns are also a unique key of their table. */
  oneToOne: boolean
}

export interface CatalogArgument {
  /** '' when unnamed. */
  name: string
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table'
  type: string
  hasDefault: boolean
}

export interface CatalogFunction {
  schema: string
  name: string
  args: CatalogArgument[]
  /** The return type's name (`void`, `int8`, a table's name for its row type). */
  returnType: string
  /** The relation (table, view or composite type) whose row the function returns, if any. */
  returnRelationId: number | null
  returnsSet: boolean
}

export interface CatalogType {
  schema: string
  name: string
  /** Enum labels in their order; empty for composite types. */
  enums: string[]
  /** Composite types' attributes; empty for enums. */
  attributes: { name: string; type: string }[]
  /** Composite types: the pg_class row of the type. */
  relationId: number | null
}

export interface Catalog {
  /** The schemas to describe, as found in the database. */
  schemas: string[]
  relations: CatalogRelation[]
  columns: CatalogColumn[]
  relationships: CatalogRelationship[]
  functions: CatalogFunction[]
  /** Enums and composite types of every schema (a column may use one from another schema). */
  types: CatalogType[]
}
