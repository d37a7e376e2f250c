// The plan: the request resolved against the schema cache, ready to be turned into SQL.
import type { Media } from '../parse/media.ts'
import type { Payload } from '../parse/payload.ts'
import type { Preferences } from '../parse/prefer.ts'
import type { Field, OpExpr, SelectColumn } from '../parse/types.ts'
import type { Column, Relation, Relationship, Routine } from '../schema/types.ts'

/** Where the rows of a read node come from. */
export type Source =
  | { kind: 'relation'; schema: string; name: string }
  /** The rows a mutation returned (the `pgrst_source` CTE). */
  | { kind: 'mutation' }
  /** The rows of a set-returning or composite function call (the `pgrst_source` CTE). */
  | { kind: 'call' }

export type Condition =
  | { kind: 'filter'; field: Field; expr: OpExpr; column: Column | null }
  /** `rel=is.null` / `rel=not.is.null` on an embedded resource (`marker` is null without rows). */
  | { kind: 'embed-null'; lateral: string; marker: string; negated: boolean }
  /** `!inner`: the embedded resource must have rows. */
  | { kind: 'inner'; lateral: string; marker: string }
  | { kind: 'logic'; negated: boolean; op: 'and' | 'or'; children: Condition[] }

export type OrderTarget =
  | { kind: 'field'; field: Field }
  /** A column of a to-one embed, exported by its lateral as a hidden column. */
  | { kind: 'related'; lateral: string; hidden: string }

export interface PlannedOrder {
  target: OrderTarget
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export type PlannedItem =
  { kind: 'column'; column: SelectColumn } | { kind: 'embed'; node: ReadNode }

export interface EmbedInfo {
  relationship: Relationship
  toOne: boolean
  inner: boolean
  spread: boolean
  /** The key of the embedded value in the parent's JSON. */
  outputName: string
  /** Alias of the LATERAL join in the parent's FROM. */
  lateral: string
  /** Alias of the row subquery inside the lateral. */
  rowAlias: string
  /** Alias of the junction table (many-to-many). */
  junctionAlias: string | null
  /** Columns the parent orders by: hidden name -> field of this node. */
  hiddenOrder: { hidden: string; field: Field }[]
  /** For spreads: the output names lifted into the parent. */
  spreadNames: string[]
}

export interface ReadNode {
  source: Source
  /** SQL alias of the source at this level. */
  alias: string
  /** What the cache knows of the rows' relation (columns, keys), when it is one. */
  relation: Relation | null
  items: PlannedItem[]
  conditions: Condition[]
  order: PlannedOrder[]
  limit: bigint | null
  offset: bigint | null
  /** Some selected item is an aggregate: the other columns form the GROUP BY. */
  aggregates: boolean
  embed: EmbedInfo | null
}

export interface ReadPlan {
  kind: 'read'
  node: ReadNode
  count: Preferences['count']
  media: Media
  headOnly: boolean
  /** Offset of the first row, for Content-Range. */
  offset: bigint
  maxRows: number | null
}

export interface MutationPlan {
  kind: 'mutation'
  action: 'insert' | 'update' | 'delete' | 'put'
  relation: Relation
  payload: Extract<Payload, { kind: 'json' }> | null
  /** Columns written (insert/update/put). */
  columns: Column[]
  /** Insert: columns missing from an element take their default (Prefer: missing=default). */
  missingDefault: boolean
  onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null
  conditions: Condition[]
  /** PATCH/DELETE with limit: affect at most this many rows, in `order`. */
  limit: bigint | null
  order: PlannedOrder[]
  /** The read of the affected rows (select, embeds, embed filters). */
  returning: ReadNode
  representation: 'minimal' | 'headers-only' | 'representation'
  count: Preferences['count']
  media: Media
  maxAffected: number | null
}

/** The lateral column that is null exactly when an embed has no rows. */
export function markerOf(embed: EmbedInfo): string {
  return embed.spread ? 'pgrst_exists' : 'pgrst_body'
}

/** A parameter a call passes by name, with the type its value is read as. */
export interface CallParam {
  name: string
  type: string
  variadic: boolean
}

export interface CallPlan {
  kind: 'call'
  routine: Routine
  /** How the arguments reach the function. */
  args:
    /** A JSON body's keys the function has, by name through json_to_record(set). */
    | { kind: 'named'; params: CallParam[]; json: string; array: boolean }
    /** GET or a form: each given parameter as `name := $n::type`, in the function's order. */
    | { kind: 'direct'; values: (CallParam & { value: string | string[] })[] }
    /** The one unnamed parameter: the body (or a GET's arguments as JSON) cast to its type. */
    | { kind: 'positional'; text: string; type: string }
    | { kind: 'none' }
  /** For functions returning rows: the read over them. */
  node: ReadNode | null
  /** For set-returning scalar functions: the column holding the values. */
  scalarColumn: string | null
  /** A function returning one row (not SETOF): the body is that object, or null. */
  singleRow: boolean
  count: Preferences['count']
  media: Media
  headOnly: boolean
  readOnly: boolean
  offset: bigint
  maxAffected: number | null
}

export type Plan = ReadPlan | MutationPlan | CallPlan
