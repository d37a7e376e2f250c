// The parsed request: plain data produced by the parsers from the URL, headers and body.

export interface JsonStep {
  arrow: '->' | '->>'
  /** The key, or the index digits (with an optional leading '-') when `index` is set. */
  key: string
  index: boolean
}

/** A column (or computed column) with an optional JSON path: `data->a->>b`. */
export interface Field {
  name: string
  jsonPath: JsonStep[]
}

export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max'

export type SelectItem = SelectColumn | SelectEmbed

export interface SelectColumn {
  type: 'column'
  /** `*` for a star or for `count()`. */
  field: Field
  alias?: string
  cast?: string
  aggregate?: Aggregate
  aggregateCast?: string
}

export interface SelectEmbed {
  type: 'embed'
  /** Table/view name, FK constraint name or FK column name. */
  name: string
  alias?: string
  hint?: string
  join?: 'inner' | 'left'
  spread: boolean
  children: SelectItem[]
}

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts'

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'op'; op: SimpleOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOperator; config?: string; value: string }

export interface OpExpr {
  negated: boolean
  operation: Operation
}

export interface Filter {
  field: Field
  expr: OpExpr
}

export type LogicTree =
  | { type: 'filter'; filter: Filter }
  | { type: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] }

export interface OrderTerm {
  /** `rel(col)`: ordering by a column of a to-one embedded resource. */
  relation?: string
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}
