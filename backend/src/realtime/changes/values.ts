// Column values from their PostgreSQL text form (what pgoutput sends) to the JSON the real
// server sends, which is `to_jsonb(value)`: numbers and booleans as JSON numbers and booleans,
// json/jsonb as JSON, arrays as JSON arrays, timestamps in ISO 8601 with a "T", everything else
// as a string. The result is JSON text, so an int8 keeps every digit.

export type ValueKind =
  'bool' | 'number' | 'json' | 'timestamp' | 'timestamptz' | 'timetz' | 'array' | 'string'

export interface ValueType {
  kind: ValueKind
  /** For arrays: the element type. */
  element?: ValueType
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'])

/** The kind of a (base) type by its pg_type name; arrays are built by the caller. */
export function kindOfTypeName(typname: string): ValueKind {
  if (typname === 'bool') return 'bool'
  if (NUMBER_TYPES.has(typname)) return 'number'
  if (typname === 'json' || typname === 'jsonb') return 'json'
  if (typname === 'timestamp' || typname === 'timestamptz' || typname === 'timetz') return typname
  return 'string'
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/** JSON text of a value (null for SQL NULL). */
export function jsonValue(text: string | null, type: ValueType): string {
  if (text === null) return 'null'
  switch (type.kind) {
    case 'bool':
      return text === 't' ? 'true' : text === 'f' ? 'false' : JSON.stringify(text)
    case 'number':
      return JSON_NUMBER.test(text) ? text : JSON.stringify(text)
    case 'json':
      return text
    case 'timestamp':
      return JSON.stringify(text.replace(' ', 'T'))
    case 'timestamptz':
      return JSON.stringify(isoOffset(text.replace(' ', 'T')))
    case 'timetz':
      return JSON.stringify(isoOffset(text))
    case 'array': {
      const parsed = parseArrayLiteral(text)
      if (parsed === null) return JSON.stringify(text)
      return arrayJson(parsed, type.element ?? { kind: 'string' })
    }
    case 'string':
      return JSON.stringify(text)
  }
}

/** "+00" -> "+00:00" and "+05:30:15" kept: to_jsonb writes offsets as ±HH:MM[:SS]. */
function isoOffset(text: string): string {
  return text.replace(/([+-]\d{2})$/, '$1:00')
}

type ArrayItem = string | null | ArrayItem[]

function arrayJson(items: ArrayItem[], element: ValueType): string {
  const parts = items.map((item) =>
    Array.isArray(item) ? arrayJson(item, element) : jsonValue(item, element)
  )
  return `[${parts.join(',')}]`
}

/**
 * Parses an array literal such as {1,2}, {"a b",NULL} or [0:1]={{1,2},{3,4}} into nested lists
 * of element texts; null when the text is not an array literal.
 */
export function parseArrayLiteral(text: string): ArrayItem[] | null {
  let start = 0
  if (text.startsWith('[')) {
    const eq = text.indexOf('=')
    if (eq < 0) return null
    start = eq + 1
  }
  let position = start
  const parseLevel = (): ArrayItem[] | null => {
    if (text[position] !== '{') return null
    position++
    const items: ArrayItem[] = []
    if (text[position] === '}') {
      position++
      return items
    }
    for (;;) {
      while (text[position] === ' ') position++
      const ch = text[position]
      if (ch === '{') {
        const nested = parseLevel()
        if (nested === null) return null
        items.push(nested)
      } else if (ch === '"') {
        position++
        let value = ''
        while (position < text.length && text[position] !== '"') {
          if (text[position] === '\\') position++
          value += text[position] ?? ''
          position++
        }
        if (text[position] !== '"') return null
        position++
        items.push(value)
      } else {
        let end = position
        while (end < text.length && text[end] !== ',' && text[end] !== '}') end++
        const raw = text.slice(position, end).trim()
        position = end
        items.push(raw.toUpperCase() === 'NULL' ? null : raw)
      }
      while (text[position] === ' ') position++
      if (text[position] === ',') {
        position++
        continue
      }
      if (text[position] === '}') {
        position++
        return items
      }
      return null
    }
  }
  const result = parseLevel()
  return result !== null && position === text.length ? result : null
}
