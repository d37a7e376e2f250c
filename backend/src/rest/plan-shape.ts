// Plans cached by the shape of a request: the values of simple comparisons (`id=eq.42`) change
// neither the plan nor the SQL text, only parameters. The query is compiled once with stand-ins
// for those values; later requests of the same shape reuse the statements with their own values.
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

/** The shape of a raw query string, or null when it has no values to abstract. */
export function shapeOf(rawQuery: string): Shape | null {
  if (rawQuery === '' || rawQuery.includes(MARK) || /%01/i.test(rawQuery)) return null
  const values: string[] = []
  const parts = rawQuery.split('&').map((part) => {
    const eq = part.indexOf('=')
    if (eq === -1) return part
    const key = part.slice(0, eq)
    if (RESERVED.test(key) || key.includes(';')) return part
    let value: string
    try {
      value = decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '))
    } catch {
      return part
    }
    const match = COMPARISON.exec(value)
    if (!match || value.includes(';')) return part
    values.push(match[2] as string)
    return `${key}=${match[1]}.${encodeURIComponent(standIn(values.length - 1))}`
  })
  return values.length === 0 ? null : { query: parts.join('&'), values }
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
  slots.forEach((indices, i) => {
    for (const at of indices) {
      const current = copy[at]
      if (current) copy[at] = { ...current, value: values[i] ?? null }
    }
  })
  return { text: statement.text, values: copy }
}
