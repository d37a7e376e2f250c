// Row filters of postgres_changes subscriptions, as the real server reads them: `col=op.value`
// conditions joined by commas (AND), `not.` negation, `in.(a,b)` lists, PostgREST-style double
// quotes for values holding , ( ) " \. Parsing and evaluation are pure; values are compared in
// their canonical text form (the subscription casts each filter value to the column's type and
// back once), numerically for number types.

export const FILTER_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]

/** Operators whose value is cast to the column's type. */
export const CAST_OPS: ReadonlySet<FilterOp> = new Set([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'isdistinct',
])

export const MAX_IN_VALUES = 100

export interface Condition {
  column: string
  op: FilterOp
  negate: boolean
  /** The value (for `in`, the raw list text). */
  value: string
  /** For `in`: the list items. */
  values: string[] | null
}

export type ParseResult = { ok: true; conditions: Condition[] } | { ok: false; message: string }

export function parseFilter(filter: string): ParseResult {
  const text = filter.trim()
  if (text === '') return { ok: true, conditions: [] }
  const conditions: Condition[] = []
  for (const segment of splitTopLevel(text, ',')) {
    const condition = parseCondition(segment.trim())
    if (!condition) {
      return { ok: false, message: `Error parsing \`filter\` params: ${inspectParts(segment)}` }
    }
    conditions.push(condition)
  }
  return { ok: true, conditions }
}

function parseCondition(segment: string): Condition | null {
  const eq = segment.indexOf('=')
  if (eq <= 0) return null
  const column = segment.slice(0, eq).trim()
  let rest = segment.slice(eq + 1)
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  if (dot <= 0) return null
  const op = rest.slice(0, dot) as FilterOp
  if (!FILTER_OPS.includes(op)) return null
  const raw = rest.slice(dot + 1)
  if (op === 'in') {
    const list = raw.trim()
    if (!list.startsWith('(') || !list.endsWith(')')) return null
    const inner = list.slice(1, -1)
    const values = inner.trim() === '' ? [] : splitTopLevel(inner, ',').map(unquote)
    if (values.length === 0) return null
    return { column, op, negate, value: list, values }
  }
  if (op === 'is') {
    const value = raw.trim().toLowerCase()
    if (!['null', 'true', 'false', 'unknown'].includes(value)) return null
    return { column, op, negate, value, values: null }
  }
  return { column, op, negate, value: unquote(raw), values: null }
}

/** Splits on `separator` outside double quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < text.length) current += text[++i]
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth = Math.max(0, depth - 1)
    else if (ch === separator && depth === 0) {
      parts.push(current)
      current = ''
      continue
    }
    current += ch
  }
  parts.push(current)
  return parts
}

/** "a\"b" -> a"b; unquoted values are trimmed. */
function unquote(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return trimmed
}

function inspectParts(segment: string): string {
  const parts: string[] = []
  const eq = segment.indexOf('=')
  if (eq < 0) parts.push(segment)
  else {
    parts.push(segment.slice(0, eq))
    const rest = segment.slice(eq + 1)
    const dot = rest.indexOf('.')
    if (dot < 0) parts.push(rest)
    else parts.push(rest.slice(0, dot), rest.slice(dot + 1))
  }
  return `[${parts.map((p) => JSON.stringify(p)).join(', ')}]`
}

/** The filters as the server's log line shows them: [{"id", "eq", "1"}]. */
export function inspectConditions(conditions: Condition[]): string {
  const items = conditions.map((c) => {
    const op = c.negate ? `not.${c.op}` : c.op
    return `{${JSON.stringify(c.column)}, ${JSON.stringify(op)}, ${JSON.stringify(c.value)}}`
  })
  return `[${items.join(', ')}]`
}

/** How values of a column compare. */
export type Comparison = 'number' | 'bool' | 'text'

export interface CompiledCondition {
  column: string
  /** true, false, or null for SQL's unknown (a NULL compared with anything). */
  test(cell: string | null): boolean | null
}

/**
 * Compiles a condition for one column; `canonical` holds the value (or `in` values) as the
 * column's type prints it.
 */
export function compileCondition(
  condition: Condition,
  comparison: Comparison,
  canonical: string[]
): CompiledCondition {
  const base = baseTest(condition, comparison, canonical)
  const test = condition.negate
    ? (cell: string | null) => {
        const result = base(cell)
        return result === null ? null : !result
      }
    : base
  return { column: condition.column, test }
}

function baseTest(
  condition: Condition,
  comparison: Comparison,
  canonical: string[]
): (cell: string | null) => boolean | null {
  const value = canonical[0] ?? condition.value
  const compare = (cell: string) => compareValues(cell, value, comparison)
  switch (condition.op) {
    case 'eq':
      return (cell) => (cell === null ? null : compare(cell) === 0)
    case 'neq':
      return (cell) => (cell === null ? null : compare(cell) !== 0)
    case 'lt':
      return (cell) => (cell === null ? null : compare(cell) < 0)
    case 'lte':
      return (cell) => (cell === null ? null : compare(cell) <= 0)
    case 'gt':
      return (cell) => (cell === null ? null : compare(cell) > 0)
    case 'gte':
      return (cell) => (cell === null ? null : compare(cell) >= 0)
    case 'in': {
      const values = canonical
      return (cell) =>
        cell === null ? null : values.some((v) => compareValues(cell, v, comparison) === 0)
    }
    case 'isdistinct':
      return (cell) => cell === null || compare(cell) !== 0
    case 'is': {
      const wanted = condition.value
      return (cell) => {
        if (wanted === 'null' || wanted === 'unknown') return cell === null
        if (cell === null) return false
        return wanted === 'true' ? cell === 't' : cell === 'f'
      }
    }
    case 'like':
    case 'ilike': {
      const regex = likeRegex(condition.value, condition.op === 'ilike')
      return (cell) => (cell === null ? null : regex.test(cell))
    }
    case 'match':
    case 'imatch': {
      const regex = new RegExp(condition.value, condition.op === 'imatch' ? 'iu' : 'u')
      return (cell) => (cell === null ? null : regex.test(cell))
    }
  }
}

/** SQL LIKE as a regular expression: % any run, _ one character, backslash escapes. */
export function likeRegex(pattern: string, caseInsensitive: boolean): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string
    if (ch === '\\' && i + 1 < pattern.length) source += escapeRegex(pattern[++i] as string)
    else if (ch === '%') source += '.*'
    else if (ch === '_') source += '.'
    else source += escapeRegex(ch)
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'isu' : 'su')
}

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(ch) ? `\\${ch}` : ch
}

export function compareValues(a: string, b: string, comparison: Comparison): number {
  if (comparison === 'number') return compareNumbers(a, b)
  if (a === b) return 0
  return compareCodePoints(a, b)
}

const INTEGER = /^-?\d+$/

function compareNumbers(a: string, b: string): number {
  // PostgreSQL orders NaN above every number and equal to itself.
  const aNaN = a === 'NaN'
  const bNaN = b === 'NaN'
  if (aNaN || bNaN) return aNaN === bNaN ? 0 : aNaN ? 1 : -1
  if (INTEGER.test(a) && INTEGER.test(b)) {
    const x = BigInt(a)
    const y = BigInt(b)
    return x === y ? 0 : x < y ? -1 : 1
  }
  const x = Number(a)
  const y = Number(b)
  return x === y ? 0 : x < y ? -1 : 1
}

/** Code point order, which is UTF-8 byte order (the C collation). */
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number
    const y = b.codePointAt(i) as number
    if (x !== y) return x < y ? -1 : 1
    if (x > 0xffff) i++
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1
}
