// The `select` grammar (PostgREST QueryParams.hs): columns, `*`, aliases, casts, JSON paths,
// aggregates, embedded resources with hints and join types, spreads, empty embeds.
import { Cursor, isIdentifierChar, parseField, parseFieldName, parseTypeName } from './cursor.ts'
import type { Aggregate, SelectColumn, SelectEmbed, SelectItem } from './types.ts'

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, `failed to parse select parameter (${text})`)
  const items = parseForest(c)
  if (!c.done) throw c.fail('"," or end of input')
  return items
}

function parseForest(c: Cursor): SelectItem[] {
  c.skipSpaces()
  if (c.done || c.peek() === ')') return []
  const items = [parseTree(c)]
  while (c.eat(',')) {
    c.skipSpaces()
    items.push(parseTree(c))
  }
  return items
}

function parseTree(c: Cursor): SelectItem {
  if (c.eat('...')) {
    const name = parseFieldName(c)
    const params = parseEmbedParams(c)
    return finishEmbed(c, { type: 'embed', name, spread: true, ...params, children: [] })
  }
  const start = c.pos
  const relation = tryRelationHead(c)
  if (relation) return finishEmbed(c, relation)
  c.pos = start
  const column = parseColumn(c)
  c.skipSpaces()
  return column
}

function finishEmbed(c: Cursor, embed: SelectEmbed): SelectEmbed {
  c.expect('(', '"("')
  c.enter()
  embed.children = parseForest(c)
  c.leave()
  c.expect(')', '")" or ","')
  c.skipSpaces()
  return embed
}

/** Whether a field name can start here (a quote or an identifier character). */
function atFieldName(c: Cursor): boolean {
  return c.peek() === '"' || isIdentifierChar(c.peek())
}

/** `[alias:]name[!hint][!inner|!left]` followed by `(`; null (input untouched) otherwise. */
function tryRelationHead(c: Cursor): SelectEmbed | null {
  const start = c.pos
  if (!atFieldName(c)) return null
  try {
    const alias = tryAlias(c)
    const name = parseFieldName(c)
    if (name === 'count') {
      c.pos = start
      return null
    }
    const params = parseEmbedParams(c)
    if (c.peek() !== '(') {
      c.pos = start
      return null
    }
    const embed: SelectEmbed = { type: 'embed', name, spread: false, ...params, children: [] }
    if (alias !== undefined) embed.alias = alias
    return embed
  } catch {
    c.pos = start
    return null
  }
}

function parseEmbedParams(c: Cursor): Pick<SelectEmbed, 'hint' | 'join'> {
  const result: Pick<SelectEmbed, 'hint' | 'join'> = {}
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++
    if (c.eat('inner') && !continuesName(c)) result.join = 'inner'
    else if (c.eat('left') && !continuesName(c)) result.join = 'left'
    else {
      // Not a join type after all: back up to the start of the word and read a hint.
      while (c.text.charAt(c.pos - 1) !== '!') c.pos--
      result.hint = parseFieldName(c)
    }
  }
  return result
}

function continuesName(c: Cursor): boolean {
  const next = c.peek()
  return next !== '' && next !== '(' && next !== '!' && next !== ',' && next !== ')'
}

/** `name:` (but not `name::cast`). */
function tryAlias(c: Cursor): string | undefined {
  const start = c.pos
  if (!atFieldName(c)) return undefined
  try {
    const name = parseFieldName(c)
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++
      return name
    }
  } catch {
    // not an alias
  }
  c.pos = start
  return undefined
}

const AGGREGATES: Aggregate[] = ['count', 'sum', 'avg', 'max', 'min']

function parseColumn(c: Cursor): SelectColumn {
  if (c.peek() === '*') {
    c.pos++
    endOfItem(c)
    return { type: 'column', field: { name: '*', jsonPath: [] } }
  }
  const alias = tryAlias(c)
  const withAlias = (column: SelectColumn): SelectColumn =>
    alias === undefined ? column : { ...column, alias }
  if (c.eat('count()')) {
    const column: SelectColumn = {
      type: 'column',
      field: { name: '*', jsonPath: [] },
      aggregate: 'count',
    }
    if (c.eat('::')) column.aggregateCast = parseTypeName(c)
    endOfItem(c)
    return withAlias(column)
  }
  const column: SelectColumn = { type: 'column', field: parseField(c) }
  if (c.eat('::')) column.cast = parseTypeName(c)
  const beforeAggregate = c.pos
  if (c.eat('.')) {
    const aggregate = AGGREGATES.find((name) => c.startsWith(`${name}()`))
    if (aggregate) {
      c.pos += aggregate.length + 2
      column.aggregate = aggregate
      if (c.eat('::')) column.aggregateCast = parseTypeName(c)
    } else {
      c.pos = beforeAggregate
    }
  }
  endOfItem(c)
  return withAlias(column)
}

function endOfItem(c: Cursor): void {
  c.skipSpaces()
  if (c.done || c.peek() === ',' || c.peek() === ')') return
  throw c.fail('"->", "::", "." or ","')
}
