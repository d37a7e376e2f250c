// The read tree: the select list resolved against the schema cache (embeds become relationships),
// then the filters, logic trees, orders and ranges of the query string attached to the level their
// embed path names.
import { errors } from '../errors.ts'
import { fieldOutputName } from '../parse/cursor.ts'
import type { QueryParams } from '../parse/query-params.ts'
import type { Filter, LogicTree, SelectItem } from '../parse/types.ts'
import { relationOf } from '../schema/types.ts'
import type { QualifiedName, Relation, SchemaCache } from '../schema/types.ts'
import type { Aliases } from './aliases.ts'
import { findRelationship, isToOne } from './relationships.ts'
import { markerOf } from './types.ts'
import type { Condition, ReadNode, Source } from './types.ts'

export interface PlanContext {
  cache: SchemaCache
  schema: string
  aliases: Aliases
  aggregatesEnabled: boolean
}

interface Origin {
  relation: Relation | null
  /** The relation whose name relationships are looked up by (a table, a function's table). */
  qualified: QualifiedName | null
  /** The name looked up when there is no such relation (a function's). */
  displayName: string
}

export function buildReadTree(
  ctx: PlanContext,
  source: Source,
  alias: string,
  origin: Origin,
  select: SelectItem[]
): ReadNode {
  const node: ReadNode = {
    source,
    alias,
    relation: origin.relation,
    items: [],
    conditions: [],
    order: [],
    limit: null,
    offset: null,
    aggregates: false,
    embed: null,
  }
  for (const item of select) {
    if (item.type === 'column') {
      if (item.aggregate) {
        if (!ctx.aggregatesEnabled) throw errors.aggregatesNotAllowed()
        node.aggregates = true
      }
      node.items.push({ kind: 'column', column: item })
      continue
    }
    // PostgREST looks the origin up by name in the request's schema: a table, the table a
    // function returns, or else the function's own name.
    const originName = origin.qualified?.name ?? origin.displayName
    const rel = findRelationship(
      ctx.cache,
      { schema: ctx.schema, name: originName },
      item.name,
      item.hint,
      ctx.schema
    )
    const target = relationOf(ctx.cache, rel.foreignTable.schema, rel.foreignTable.name) ?? null
    const child = buildReadTree(
      ctx,
      { kind: 'relation', schema: rel.foreignTable.schema, name: rel.foreignTable.name },
      ctx.aliases.numbered(rel.foreignTable.name),
      { relation: target, qualified: rel.foreignTable, displayName: rel.foreignTable.name },
      item.children
    )
    child.embed = {
      relationship: rel,
      toOne: isToOne(rel),
      inner: item.join === 'inner',
      spread: item.spread,
      outputName: item.alias ?? item.name,
      lateral: ctx.aliases.numbered('pgrst'),
      rowAlias: ctx.aliases.numbered('pgrst_row'),
      junctionAlias: rel.junction ? ctx.aliases.numbered(rel.junction.table.name) : null,
      hiddenOrder: [],
      spreadNames: [],
    }
    embedNames.set(child, { name: item.name, alias: item.alias })
    if (item.spread) child.embed.spreadNames = outputNames(child)
    if (child.embed.inner) {
      node.conditions.push({
        kind: 'inner',
        lateral: child.embed.lateral,
        marker: markerOf(child.embed),
      })
    }
    node.items.push({ kind: 'embed', node: child })
  }
  return node
}

/** How each embed was written in `select` (name and alias), for resolving embed paths. */
const embedNames = new WeakMap<ReadNode, { name: string; alias: string | undefined }>()

export function childrenOf(node: ReadNode): ReadNode[] {
  return node.items.flatMap((item) => (item.kind === 'embed' ? [item.node] : []))
}

/** The keys a level contributes to its parent's object (for spreads). */
export function outputNames(node: ReadNode): string[] {
  const names: string[] = []
  for (const item of node.items) {
    if (item.kind === 'embed') {
      const embed = item.node.embed
      if (!embed) continue
      if (embed.spread) names.push(...embed.spreadNames)
      else names.push(embed.outputName)
      continue
    }
    const column = item.column
    if (column.alias !== undefined) names.push(column.alias)
    else if (column.aggregate) names.push(column.aggregate)
    else if (column.field.name === '*')
      names.push(...(node.relation?.columns.map((c) => c.name) ?? []))
    else names.push(fieldOutputName(column.field))
  }
  return names
}

/** The embed a path segment names: its alias first, then the name it was written with. */
function findChild(node: ReadNode, segment: string): ReadNode | undefined {
  const children = childrenOf(node)
  return (
    children.find((c) => embedNames.get(c)?.alias === segment) ??
    children.find(
      (c) => embedNames.get(c)?.alias === undefined && embedNames.get(c)?.name === segment
    ) ??
    children.find((c) => embedNames.get(c)?.name === segment)
  )
}

function resolvePath(root: ReadNode, path: string[]): ReadNode {
  let node = root
  for (const segment of path) {
    const child = findChild(node, segment)
    if (!child) throw errors.notEmbedded(segment)
    node = child
  }
  return node
}

function filterCondition(node: ReadNode, filter: Filter): Condition {
  const { field, expr } = filter
  if (field.jsonPath.length === 0) {
    const child = childrenOf(node).find(
      (c) => (embedNames.get(c)?.alias ?? embedNames.get(c)?.name) === field.name
    )
    if (child && child.embed) {
      if (expr.operation.kind === 'is' && expr.operation.value === 'null') {
        return {
          kind: 'embed-null',
          lateral: child.embed.lateral,
          marker: markerOf(child.embed),
          negated: expr.negated,
        }
      }
      throw errors.unacceptableFilter(embedNames.get(child)?.name ?? field.name)
    }
  }
  const column =
    field.jsonPath.length === 0 ? (node.relation?.columnMap.get(field.name) ?? null) : null
  return { kind: 'filter', field, expr, column }
}

function logicCondition(node: ReadNode, tree: LogicTree): Condition {
  if (tree.type === 'filter') return filterCondition(node, tree.filter)
  return {
    kind: 'logic',
    negated: tree.negated,
    op: tree.op,
    children: tree.children.map((child) => logicCondition(node, child)),
  }
}

/** Attaches the query string's filters, logic trees, orders and embed ranges to the tree. */
export function attachParams(
  root: ReadNode,
  params: Pick<QueryParams, 'filters' | 'logic' | 'order' | 'ranges'>,
  options: { topFilters: boolean; topOrder: boolean }
): void {
  for (const { path, filter } of params.filters) {
    if (path.length === 0 && !options.topFilters) continue
    const node = resolvePath(root, path)
    node.conditions.push(filterCondition(node, filter))
  }
  for (const { path, tree } of params.logic) {
    if (path.length === 0 && !options.topFilters) continue
    const node = resolvePath(root, path)
    node.conditions.push(logicCondition(node, tree))
  }
  for (const { path, terms } of params.order) {
    if (path.length === 0 && !options.topOrder) continue
    const node = resolvePath(root, path)
    node.order = []
    for (const term of terms) {
      if (term.relation === undefined) {
        const order: ReadNode['order'][number] = { target: { kind: 'field', field: term.field } }
        if (term.direction) order.direction = term.direction
        if (term.nulls) order.nulls = term.nulls
        node.order.push(order)
        continue
      }
      const child = findChild(node, term.relation)
      if (!child || !child.embed) throw errors.notEmbedded(term.relation)
      if (!child.embed.toOne) {
        throw errors.relatedOrderNotToOne(node.relation?.name ?? node.alias, term.relation)
      }
      const hidden = `pgrst_order_${child.embed.hiddenOrder.length + 1}`
      child.embed.hiddenOrder.push({ hidden, field: term.field })
      const order: ReadNode['order'][number] = {
        target: { kind: 'related', lateral: child.embed.lateral, hidden },
      }
      if (term.direction) order.direction = term.direction
      if (term.nulls) order.nulls = term.nulls
      node.order.push(order)
    }
  }
  for (const range of params.ranges) {
    if (range.path.length === 0) continue
    const node = resolvePath(root, range.path)
    if (range.limit !== null) node.limit = range.limit
    if (range.offset !== null) node.offset = range.offset
  }
}

/** The top level's range from limit/offset, the Range header and max_rows. */
export function topRange(
  params: Pick<QueryParams, 'ranges'>,
  header: { from: bigint; to: bigint | null } | null,
  maxRows: number | null
): { offset: bigint; limit: bigint | null } {
  const top = params.ranges.find((r) => r.path.length === 0)
  let offset = top?.offset ?? 0n
  let limit = top?.limit ?? null
  if (header) {
    // Intersect [offset, offset + limit) with [from, to].
    const end = limit === null ? null : offset + limit - 1n
    const newOffset = header.from > offset ? header.from : offset
    let newEnd = header.to
    if (end !== null && (newEnd === null || end < newEnd)) newEnd = end
    offset = newOffset
    limit = newEnd === null ? null : newEnd - newOffset + 1n > 0n ? newEnd - newOffset + 1n : 0n
  }
  if (maxRows !== null && maxRows > 0 && (limit === null || limit > BigInt(maxRows))) {
    limit = BigInt(maxRows)
  }
  return { offset, limit }
}
