// SQL as data: fragments of trusted text, quoted identifiers and bound parameters, rendered once
// to { text, values }. Template strings are the only way to add SQL text; request values can only
// enter as param(), names only through ident() (which quotes in the one place, sql-identifier.ts).
import { quoteIdentifier } from '../../sql-identifier.ts'

/**
 * A bound value. `unknown` parameters let Postgres infer the type from where the value is used
 * and read the text with that type's input function, as PostgREST's literals are read.
 */
export interface SqlValue {
  value: string | null
  type: 'unknown' | 'text'
}

type Chunk = string | { ident: string } | { param: SqlValue } | Fragment

export class Fragment {
  constructor(readonly chunks: readonly Chunk[]) {}

  get isEmpty(): boolean {
    return this.chunks.every((c) =>
      typeof c === 'string' ? c === '' : c instanceof Fragment && c.isEmpty
    )
  }
}

export function sql(strings: TemplateStringsArray, ...args: Fragment[]): Fragment {
  const chunks: Chunk[] = []
  strings.forEach((text, i) => {
    if (text !== '') chunks.push(text)
    const arg = args[i]
    if (arg !== undefined) chunks.push(arg)
  })
  return new Fragment(chunks)
}

export const empty = new Fragment([])

export function ident(name: string): Fragment {
  return new Fragment([{ ident: name }])
}

export function qualified(schema: string, name: string): Fragment {
  return new Fragment([{ ident: schema }, '.', { ident: name }])
}

export function param(value: string | null, type: SqlValue['type'] = 'unknown'): Fragment {
  return new Fragment([{ param: { value, type } }])
}

/**
 * Trusted SQL text that is not a template literal: keywords chosen from fixed tables, type names
 * that passed the cast grammar, default expressions read from the catalog.
 */
export function raw(text: string): Fragment {
  return new Fragment([text])
}

export function join(fragments: Fragment[], separator: string): Fragment {
  const chunks: Chunk[] = []
  fragments.forEach((fragment, i) => {
    if (i > 0) chunks.push(separator)
    chunks.push(fragment)
  })
  return new Fragment(chunks)
}

export interface Statement {
  text: string
  values: SqlValue[]
}

export function render(fragment: Fragment): Statement {
  const values: SqlValue[] = []
  let text = ''
  const walk = (f: Fragment) => {
    for (const chunk of f.chunks) {
      if (typeof chunk === 'string') text += chunk
      else if (chunk instanceof Fragment) walk(chunk)
      else if ('ident' in chunk) text += quoteIdentifier(chunk.ident)
      else {
        values.push(chunk.param)
        text += `$${values.length}`
      }
    }
  }
  walk(fragment)
  return { text, values }
}
