// Plans cached by the shape of a request: the values of simple comparisons (`id=eq.42`) change
// neither the plan nor the SQL text, only parameters. The query is compiled once with stand-ins
// for those values; later requests of the same shape reuse the statements with their own values.
import { formEncode } from './query-string.ts'
import type { Statement } from './sql/fragment.ts'

const COMPARISON = /^(eq|neq|gt|gte|lt|lte)\.([\s\S]*)$/
const RESERVED = /(^|\.)(select|columns|on_conflict|order|limit|offset|and|or|apikey)$/
/** Stand-ins cannot clash with request text: a request containing the marker is not shaped. */
const MARK = '\u0001'

export interface Shape {
  /** The query string with stand-ins for the comparison values. */
  query: string
  /** The comparison values, in the order of their stand-ins. */
  values: string[]
}

export function standIn(index: number): string {
  return `${MARK}${index}${MARK}`
}

/** Stand-ins as they appear in a shaped query string (percent-encoded once, ahead of time). */
const ENCODED: string[] = []
function encodedStandIn(index: number): string {
  return (ENCODED[index] ??= encodeURIComponent(standIn(index)))
}

/** The shape of a raw query string, or null when it has no values to abstract. */
export function shapeOf(rawQuery: string): Shape | null {
  // A plain loop: this runs for every request without a body.
  if (rawQuery === '' || rawQuery.includes(MARK) || /%01/i.test(rawQuery)) return null
  const values: string[] = []
  const parts = rawQuery.split('&')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    const eq = part.indexOf('=')
    if (eq === -1) continue
    const key = part.slice(0, eq)
    if (RESERVED.test(key) || key.includes(';')) continue
    let value = part.slice(eq + 1)
    if (value.includes('+')) value = value.replace(/\+/g, ' ')
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value)
      } catch {
        continue
      }
    }
    const match = COMPARISON.exec(value)
    if (!match || value.includes(';')) continue
    values.push(match[2] as string)
    parts[i] = `${key}=${match[1]}.${encodedStandIn(values.length - 1)}`
  }
  return values.length === 0 ? null : { query: parts.join('&'), values }
}

/**
 * The canonical query string (Content-Location) of a shape, split around its stand-ins: even
 * entries are literal text, odd ones the index of the value that goes there. The canonical form
 * decodes and re-encodes every value, so a stand-in comes out as `%01<n>%01`.
 */
export function canonicalTemplate(canonicalShape: string): (string | number)[] {
  const parts: (string | number)[] = []
  let last = 0
  for (const match of canonicalShape.matchAll(/%01(\d+)%01/g)) {
    parts.push(canonicalShape.slice(last, match.index), Number(match[1]))
    last = match.index + match[0].length
  }
  parts.push(canonicalShape.slice(last))
  return parts
}

/** The canonical query string of a request of the template's shape, with its own values. */
export function fillCanonical(template: (string | number)[], values: string[]): string {
  let out = ''
  for (const part of template) {
    out += typeof part === 'string' ? part : formEncode(values[part] ?? '')
  }
  return out
}

/** Which parameters hold each stand-in; null when one is not found as a whole parameter. */
export function slotsOf(statements: (Statement | null)[], count: number): number[][][] | null {
  const slots = statements.map((statement) =>
    Array.from({ length: count }, (_, i) =>
      (statement?.values ?? []).flatMap((v, at) => (v.value === standIn(i) ? [at] : []))
    )
  )
  for (let i = 0; i < count; i++) {
    if (slots.every((perStatement) => (perStatement[i] ?? []).length === 0)) return null
  }
  return slots
}

/** A statement with the stand-ins replaced by this request's values. */
export function withValues(statement: Statement, slots: number[][], values: string[]): Statement {
  const copy = statement.values.slice()
  for (let i = 0; i < slots.length; i++) {
    for (const at of slots[i] as number[]) {
      const current = copy[at]
      if (current) copy[at] = { value: values[i] ?? null, type: current.type }
    }
  }
  return { text: statement.text, values: copy }
}
