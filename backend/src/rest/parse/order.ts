// `order=a.desc.nullslast,b,rel(c).asc` and the column lists of `columns=` and `on_conflict=`.
import { Cursor, parseField, parseFieldName } from './cursor.ts'
import type { OrderTerm } from './types.ts'

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, `failed to parse order (${text})`)
  const terms = [parseOrderTerm(c)]
  while (c.eat(',')) terms.push(parseOrderTerm(c))
  if (!c.done) throw c.fail('"," or end of input')
  return terms
}

function parseOrderTerm(c: Cursor): OrderTerm {
  c.skipSpaces()
  const start = c.pos
  let term: OrderTerm
  try {
    const relation = parseFieldName(c)
    c.expect('(')
    const field = parseField(c)
    c.expect(')')
    term = { relation, field }
  } catch {
    c.pos = start
    term = { field: parseField(c) }
  }
  const direction = eatModifier(c, ['asc', 'desc'], atModifierEnd)
  if (direction) term.direction = direction
  const nulls = eatModifier(c, ['nullsfirst', 'nullslast'], atTermEnd)
  if (nulls) term.nulls = nulls === 'nullsfirst' ? 'first' : 'last'
  c.skipSpaces()
  if (!atTermEnd(c)) throw c.fail('"," or end of input')
  return term
}

function eatModifier<T extends string>(
  c: Cursor,
  words: T[],
  atEnd: (c: Cursor) => boolean
): T | undefined {
  for (const word of words) {
    const start = c.pos
    if (c.eat(`.${word}`) && atEnd(c)) return word
    c.pos = start
  }
  return undefined
}

function atModifierEnd(c: Cursor): boolean {
  return c.done || c.peek() === ',' || c.peek() === '.' || c.peek() === ' '
}

function atTermEnd(c: Cursor): boolean {
  return c.done || c.peek() === ','
}

/** `"a","b"` or `a,b`. */
export function parseColumnList(text: string, what: string): string[] {
  const c = new Cursor(text, `failed to parse ${what} (${text})`)
  const names: string[] = []
  for (;;) {
    c.skipSpaces()
    names.push(parseFieldName(c))
    c.skipSpaces()
    if (c.eat(',')) continue
    if (!c.done) throw c.fail('"," or end of input')
    return names
  }
}
