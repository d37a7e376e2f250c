// The query string split into PostgREST's parameters: select, columns, on_conflict, the embeddable
// order/limit/offset/and/or (prefixed by an embed path, e.g. `actors.order`), filters, and for
// GET/HEAD function calls the arguments (values that do not parse as a filter).
import { errors, parseError } from '../errors.ts'
import { parseQueryString } from '../query-string.ts'
import { parseFilterValue, parseLogicParam, parseTreePath } from './filter.ts'
import { parseColumnList, parseOrder } from './order.ts'
import { parseSelect } from './select.ts'
import type { Filter, LogicTree, OrderTerm, SelectItem } from './types.ts'

export interface PathFilter {
  path: string[]
  filter: Filter
}

export interface PathLogic {
  path: string[]
  tree: LogicTree
}

export interface PathOrder {
  path: string[]
  terms: OrderTerm[]
}

export interface PathRange {
  path: string[]
  /** Integers as written; null when not given. */
  limit: bigint | null
  offset: bigint | null
}

export interface QueryParams {
  select: SelectItem[]
  filters: PathFilter[]
  logic: PathLogic[]
  order: PathOrder[]
  ranges: PathRange[]
  columns: string[] | null
  onConflict: string[] | null
  /** Function arguments given in the query string (GET/HEAD /rpc/fn). */
  rpcArgs: [string, string][]
}

const STAR: SelectItem[] = [{ type: 'column', field: { name: '*', jsonPath: [] } }]
const INTEGER = /^-?\d+$/

/** The suffix a reserved embeddable key ends with, and the embed path before it. */
function splitReserved(key: string): { reserved: string; path: string[] } | null {
  for (const reserved of ['not.and', 'not.or', 'order', 'limit', 'offset', 'and', 'or']) {
    if (key === reserved) return { reserved, path: [] }
    if (key.endsWith(`.${reserved}`)) {
      const prefix = key.slice(0, key.length - reserved.length - 1)
      // `x.not.or` is a negated tree on x, not a tree named `not` under x.
      if (
        (reserved === 'and' || reserved === 'or') &&
        (prefix === 'not' || prefix.endsWith('.not'))
      )
        continue
      return { reserved, path: prefix.split('.') }
    }
  }
  return null
}

export function parseQueryParams(rawQuery: string, isRpcRead: boolean): QueryParams {
  const params: QueryParams = {
    select: STAR,
    filters: [],
    logic: [],
    order: [],
    ranges: [],
    columns: null,
    onConflict: null,
    rpcArgs: [],
  }
  const pairs = parseQueryString(rawQuery).filter(([key]) => key !== 'apikey')
  for (const [key, value] of pairs) {
    // NUL cannot be part of SQL text or of a PostgreSQL string: refuse it before it gets there.
    const at = `${key}=${value ?? ''}`.indexOf('\u0000')
    if (at !== -1)
      throw parseError(`failed to parse query string (${key})`, at + 1, 'unexpected NUL character')
  }
  const ranges = new Map<string, PathRange>()
  const rangeOf = (path: string[]): PathRange => {
    const id = path.join('.')
    let range = ranges.get(id)
    if (!range) {
      range = { path, limit: null, offset: null }
      ranges.set(id, range)
    }
    return range
  }

  for (const [key, value] of pairs) {
    if (value === null) continue
    if (key === 'select') {
      params.select = value === '' ? STAR : parseSelect(value)
      continue
    }
    if (key === 'columns') {
      if (value !== '') params.columns = parseColumnList(value, 'columns parameter')
      continue
    }
    if (key === 'on_conflict') {
      if (value !== '') params.onConflict = parseColumnList(value, 'on_conflict parameter')
      continue
    }
    const reserved = splitReserved(key)
    if (reserved) {
      if (value === '') continue
      const { path } = reserved
      switch (reserved.reserved) {
        case 'order':
          params.order.push({ path, terms: parseOrder(value) })
          break
        case 'limit':
          // PostgREST ignores a limit or offset it cannot read as an integer.
          if (INTEGER.test(value)) rangeOf(path).limit = BigInt(value)
          break
        case 'offset':
          if (INTEGER.test(value)) rangeOf(path).offset = BigInt(value)
          break
        default:
          params.logic.push({ path, tree: parseLogicParam(reserved.reserved, value) })
      }
      continue
    }
    if (isRpcRead) {
      const filter = tryFilter(key, value)
      if (filter) params.filters.push(filter)
      else params.rpcArgs.push([key, value])
      continue
    }
    if (value === '') continue
    const { path, field } = parseTreePath(key)
    params.filters.push({ path, filter: { field, expr: parseFilterValue(value) } })
  }
  for (const range of ranges.values()) {
    if (range.limit !== null && range.limit < 0n) {
      throw errors.invalidRange('Limit should be greater than or equal to zero.')
    }
    params.ranges.push(range)
  }
  return params
}

function tryFilter(key: string, value: string): PathFilter | null {
  if (value === '') return null
  try {
    const { path, field } = parseTreePath(key)
    return { path, filter: { field, expr: parseFilterValue(value) } }
  } catch {
    return null
  }
}
