// A character cursor for the query-string grammars, reporting failures the way PostgREST's
// Parsec parsers do: the message names the source and the column, the details say what was
// unexpected and what was expected.
import { parseError } from '../errors.ts'
import type { RestError } from '../errors.ts'
import type { Field, JsonStep } from './types.ts'

/**
 * How deep embedded resources and logic trees may nest. PostgREST sets no bound; this stack
 * refuses deeper nesting as a parse error rather than run out of stack walking it (no client
 * nests anywhere near this deep).
 */
export const MAX_NESTING = 100

export class Cursor {
  pos = 0
  /** The nesting level at the cursor (embeds, logic trees); see enter(). */
  depth = 0
  /** Set once nesting went beyond MAX_NESTING: backtracking parsers must not retry then. */
  tooDeep = false

  constructor(
    readonly text: string,
    /** e.g. `failed to parse select parameter (*,a(b)` */
    readonly source: string
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset)
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos)
  }

  /** Consumes `s` when it comes next. */
  eat(s: string): boolean {
    if (!this.text.startsWith(s, this.pos)) return false
    this.pos += s.length
    return true
  }

  expect(s: string, expected = `"${s}"`): void {
    if (!this.eat(s)) throw this.fail(expected)
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++
  }

  /** Enters one more level of nesting; beyond MAX_NESTING, a parse error at the cursor. */
  enter(): void {
    if (++this.depth <= MAX_NESTING) return
    this.tooDeep = true
    throw this.fail(`at most ${MAX_NESTING} levels of nesting`)
  }

  leave(): void {
    this.depth--
  }

  rest(): string {
    const value = this.text.slice(this.pos)
    this.pos = this.text.length
    return value
  }

  fail(expected: string, at = this.pos): RestError {
    const unexpected =
      at >= this.text.length ? 'end of input' : JSON.stringify(this.text.charAt(at))
    return parseError(this.source, at + 1, `unexpected ${unexpected} expecting ${expected}`)
  }
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u

export function isIdentifierChar(c: string): boolean {
  return c !== '' && IDENTIFIER_CHAR.test(c)
}

/** `"quoted \" value"`: backslash escapes any character. */
export function parseQuoted(c: Cursor): string {
  c.expect('"')
  let out = ''
  for (;;) {
    if (c.done) throw c.fail('"\\"" or any character')
    const ch = c.peek()
    c.pos++
    if (ch === '"') return out
    if (ch === '\\') {
      if (c.done) throw c.fail('any character')
      out += c.peek()
      c.pos++
    } else {
      out += ch
    }
  }
}

function identifier(c: Cursor): string | null {
  const start = c.pos
  while (!c.done && isIdentifierChar(c.peek())) c.pos++
  return c.pos === start ? null : c.text.slice(start, c.pos)
}

/** A bare identifier (letters, digits, `_`, space, `$`), trimmed; used for casts and configs. */
export function parseIdentifier(c: Cursor, expected = 'identifier'): string {
  const value = identifier(c)
  if (value === null || value.trim() === '') throw c.fail(expected)
  return value.trim()
}

const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_$]*( [A-Za-z_][A-Za-z0-9_$]*)*$/

/** A cast's type name: ASCII words separated by single spaces (`int4`, `character varying`). */
export function parseTypeName(c: Cursor): string {
  const start = c.pos
  const name = parseIdentifier(c, 'type name')
  if (!TYPE_NAME.test(name)) throw c.fail('type name', start)
  return name
}

/** A field name: quoted, or identifiers joined by dashes that do not start an arrow. */
export function parseFieldName(c: Cursor): string {
  if (c.peek() === '"') return parseQuoted(c)
  const parts: string[] = []
  for (;;) {
    const part = identifier(c)
    if (part === null) throw c.fail('field name (* or [a..z0..9_$])')
    parts.push(part)
    if (c.peek() === '-' && c.peek(1) !== '>') {
      c.pos++
      continue
    }
    break
  }
  return parts.join('-').trim()
}

/** `->key`, `->>key`, `->0`, `->-1` repeated. */
export function parseJsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = []
  for (;;) {
    let arrow: JsonStep['arrow']
    if (c.eat('->>')) arrow = '->>'
    else if (c.eat('->')) arrow = '->'
    else return steps
    const index = /^-?\d+/.exec(c.text.slice(c.pos))
    if (index && isJsonOperandEnd(c, c.pos + index[0].length)) {
      c.pos += index[0].length
      steps.push({ arrow, key: index[0], index: true })
    } else {
      steps.push({ arrow, key: parseFieldName(c), index: false })
    }
  }
}

function isJsonOperandEnd(c: Cursor, at: number): boolean {
  const next = c.text.slice(at)
  return (
    next === '' ||
    next.startsWith('->') ||
    next.startsWith('::') ||
    next.startsWith('.') ||
    next.startsWith(',') ||
    next.startsWith(')')
  )
}

export function parseField(c: Cursor): Field {
  const name = parseFieldName(c)
  return { name, jsonPath: parseJsonPath(c) }
}

/** The output name PostgREST gives a field: its alias, else the last JSON key, else the name. */
export function fieldOutputName(field: Field): string {
  const last = field.jsonPath[field.jsonPath.length - 1]
  return last ? last.key : field.name
}
