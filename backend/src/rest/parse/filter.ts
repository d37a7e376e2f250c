// Horizontal filters: `[not.]op.value` expressions, the dotted key that names the column (and the
// embedded resource it belongs to), and the `and=(…)`/`or=(…)` logic trees.
import { Cursor, parseFieldName, parseIdentifier, parseJsonPath, parseQuoted } from './cursor.ts'
import type {
  Field,
  FtsOperator,
  IsValue,
  LogicTree,
  OpExpr,
  Operation,
  SimpleOperator,
} from './types.ts'

const SIMPLE_OPERATORS: SimpleOperator[] = [
  'eq',
  'gte',
  'gt',
  'lte',
  'lt',
  'neq',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]
const QUANTIFIABLE = new Set<SimpleOperator>([
  'eq',
  'gte',
  'gt',
  'lte',
  'lt',
  'like',
  'ilike',
  'match',
  'imatch',
])
const FTS_OPERATORS: FtsOperator[] = ['fts', 'plfts', 'phfts', 'wfts']
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown']

/** `a.b.col->x`: the embed path and the field. */
export function parseTreePath(key: string): { path: string[]; field: Field } {
  const c = new Cursor(key, `failed to parse tree path (${key})`)
  const names = [parseFieldName(c)]
  while (c.eat('.')) names.push(parseFieldName(c))
  const jsonPath = parseJsonPath(c)
  if (!c.done) throw c.fail('"->", "->>" or "."')
  const name = names.pop() as string
  return { path: names, field: { name, jsonPath } }
}

/** A whole filter value such as `not.in.(1,2)` (the value runs to the end of the string). */
export function parseFilterValue(value: string): OpExpr {
  const c = new Cursor(value, `failed to parse filter (${value})`)
  return parseOpExpr(c, (cursor) => cursor.rest())
}

type ValueParser = (c: Cursor) => string

function parseOpExpr(c: Cursor, single: ValueParser): OpExpr {
  const negated = c.startsWith('not.') ? (c.eat('not.'), true) : false
  return { negated, operation: parseOperation(c, single) }
}

function parseOperation(c: Cursor, single: ValueParser): Operation {
  if (c.eat('in.')) return { kind: 'in', values: parseList(c) }
  if (c.eat('is.')) return { kind: 'is', value: parseIsValue(c) }
  if (c.eat('isdistinct.')) return { kind: 'isdistinct', value: single(c) }
  for (const op of FTS_OPERATORS) {
    const start = c.pos
    if (!c.eat(op)) continue
    let config: string | undefined
    if (c.peek() === '(') {
      c.pos++
      config = parseIdentifier(c, 'text search configuration')
      c.expect(')')
    }
    if (c.eat('.')) {
      const operation: Operation = { kind: 'fts', op, value: single(c) }
      if (config !== undefined) operation.config = config
      return operation
    }
    c.pos = start
  }
  for (const op of SIMPLE_OPERATORS) {
    const start = c.pos
    if (!c.eat(op)) continue
    let quantifier: 'any' | 'all' | undefined
    if (QUANTIFIABLE.has(op)) {
      if (c.eat('(any)')) quantifier = 'any'
      else if (c.eat('(all)')) quantifier = 'all'
    }
    if (c.eat('.')) {
      const operation: Operation = { kind: 'op', op, value: single(c) }
      if (quantifier !== undefined) operation.quantifier = quantifier
      return operation
    }
    c.pos = start
  }
  throw c.fail('operator (eq, gt, ...)')
}

function parseIsValue(c: Cursor): IsValue {
  const word = /^[a-z_]+/i.exec(c.text.slice(c.pos))?.[0].toLowerCase() ?? ''
  const value = IS_VALUES.find((v) => v === word)
  if (!value) throw c.fail('null or trilean value (unknown, true, false)')
  c.pos += word.length
  return value
}

/** `(a,"b,c",d)`: quoted items may escape `\"` and `\\`. */
function parseList(c: Cursor): string[] {
  c.expect('(')
  c.skipSpaces()
  const values: string[] = []
  if (c.eat(')')) {
    c.skipSpaces()
    return values
  }
  for (;;) {
    values.push(parseListElement(c))
    if (c.eat(',')) continue
    c.expect(')', '"," or ")"')
    c.skipSpaces()
    return values
  }
}

function parseListElement(c: Cursor): string {
  if (c.peek() === '"') {
    const start = c.pos
    const quoted = parseQuoted(c)
    if (c.peek() === ',' || c.peek() === ')') return quoted
    c.pos = start
  }
  return takeUntil(c, ',)')
}

function takeUntil(c: Cursor, stops: string): string {
  const start = c.pos
  while (!c.done && !stops.includes(c.peek())) c.pos++
  return c.text.slice(start, c.pos)
}

/** A value inside a logic tree: quoted, a `{…}` array literal, or up to the next `,` or `)`. */
function parseLogicValue(c: Cursor): string {
  if (c.peek() === '"') {
    const start = c.pos
    const quoted = parseQuoted(c)
    if (c.done || c.peek() === ',' || c.peek() === ')') return quoted
    c.pos = start
  }
  if (c.peek() === '{') {
    const start = c.pos
    const close = c.text.indexOf('}', c.pos)
    if (close !== -1) {
      c.pos = close + 1
      if (c.done || c.peek() === ',' || c.peek() === ')') return c.text.slice(start, c.pos)
      c.pos = start
    }
  }
  return takeUntil(c, ',)')
}

/**
 * A logic tree given as key and value, e.g. `not.or` and `(a.eq.1,b.gt.2)`; `op` is `and` or `or`
 * with an optional `not.` in front.
 */
export function parseLogicParam(op: string, value: string): LogicTree {
  const c = new Cursor(`${op}${value}`, `failed to parse logic tree (${value})`)
  const tree = parseLogicExpr(c)
  if (!c.done) throw c.fail('end of input')
  return tree
}

function parseLogicExpr(c: Cursor): LogicTree & { type: 'expr' } {
  const negated = c.eat('not.')
  let op: 'and' | 'or'
  if (c.eat('and')) op = 'and'
  else if (c.eat('or')) op = 'or'
  else throw c.fail('"and" or "or"')
  c.expect('(')
  c.skipSpaces()
  const children = [parseLogicNode(c)]
  while (c.eat(',')) {
    c.skipSpaces()
    children.push(parseLogicNode(c))
  }
  c.expect(')', '"," or ")"')
  c.skipSpaces()
  return { type: 'expr', negated, op, children }
}

function parseLogicNode(c: Cursor): LogicTree {
  const start = c.pos
  // A nested `and(…)`, `or(…)`, `not.and(…)` or `not.or(…)`.
  if (/^(not\.)?(and|or)\(/.test(c.text.slice(c.pos))) {
    c.enter()
    try {
      return parseLogicExpr(c)
    } catch (error) {
      if (c.tooDeep) throw error
      c.pos = start
    } finally {
      c.leave()
    }
  }
  const name = parseFieldName(c)
  const jsonPath = parseJsonPath(c)
  c.expect('.', '"." or "->"')
  const expr = parseOpExpr(c, parseLogicValue)
  c.skipSpaces()
  return { type: 'filter', filter: { field: { name, jsonPath }, expr } }
}
