// One level of the read tree as a SELECT, embedded levels as LATERAL joins whose rows are built
// into JSON by Postgres: row_to_json for to-one, json_agg for to-many, spreads lifted into the
// parent's columns.
import { fieldOutputName } from '../parse/cursor.ts'
import type { Condition, ReadNode } from '../plan/types.ts'
import { childrenOf } from '../plan/read.ts'
import { ident, join, qualified, raw, sql } from './fragment.ts'
import type { Fragment } from './fragment.ts'
import {
  castExpr,
  conditionExpr,
  fieldExpr,
  limitClause,
  orderClause,
  whereClause,
} from './expr.ts'

interface ProjectionItem {
  expr: Fragment
  /** Output name; null for `alias.*`. */
  name: string | null
  aggregate: boolean
}

function embedOf(node: ReadNode) {
  if (!node.embed) throw new Error('embedded level without relationship')
  return node.embed
}

function projection(node: ReadNode): ProjectionItem[] {
  const items: ProjectionItem[] = []
  const alias = ident(node.alias)
  for (const item of node.items) {
    if (item.kind === 'column') {
      const c = item.column
      if (c.field.name === '*' && !c.aggregate) {
        // Mutation rows carry bookkeeping columns, and GROUP BY needs names: list the columns.
        if ((node.source.kind === 'mutation' || node.aggregates) && node.relation) {
          for (const column of node.relation.columns) {
            items.push({
              expr: sql`${alias}.${ident(column.name)}`,
              name: column.name,
              aggregate: false,
            })
          }
        } else {
          items.push({ expr: sql`${alias}.*`, name: null, aggregate: false })
        }
        continue
      }
      if (c.aggregate) {
        const arg =
          c.field.name === '*' ? raw('*') : castExpr(fieldExpr(node.alias, c.field), c.cast)
        items.push({
          expr: castExpr(sql`${raw(c.aggregate)}(${arg})`, c.aggregateCast),
          name: c.alias ?? c.aggregate,
          aggregate: true,
        })
        continue
      }
      items.push({
        expr: castExpr(fieldExpr(node.alias, c.field), c.cast),
        name: c.alias ?? fieldOutputName(c.field),
        aggregate: false,
      })
      continue
    }
    const child = item.node
    const embed = embedOf(child)
    if (child.items.length === 0) continue
    const lateral = ident(embed.lateral)
    const asJsonb = (expr: Fragment) => (node.aggregates ? sql`(${expr})::jsonb` : expr)
    if (!embed.spread) {
      const expr = embed.toOne
        ? sql`${lateral}.pgrst_body`
        : sql`COALESCE(${lateral}.pgrst_body, '[]'::json)`
      items.push({ expr: asJsonb(expr), name: embed.outputName, aggregate: false })
      continue
    }
    for (const name of embed.spreadNames) {
      const expr = embed.toOne
        ? sql`${lateral}.${ident(name)}`
        : sql`COALESCE(${lateral}.${ident(name)}, '[]'::json)`
      items.push({ expr: embed.toOne ? expr : asJsonb(expr), name, aggregate: false })
    }
  }
  return items
}

function renderProjection(items: ProjectionItem[]): Fragment {
  return join(
    items.map((item) =>
      item.name === null ? item.expr : sql`${item.expr} AS ${ident(item.name)}`
    ),
    ', '
  )
}

function sourceFragment(node: ReadNode, parent: ReadNode | null): Fragment {
  const source = node.source
  const computed = node.embed?.relationship.computed
  if (computed && parent) {
    // A computed relationship: the function called with the parent's row (`alias.*`, which
    // stays the row when the parent has a column of the alias's name).
    return sql`${qualified(computed.schema, computed.name)}(${ident(parent.alias)}.*) AS ${ident(node.alias)}`
  }
  const from =
    source.kind === 'relation' ? qualified(source.schema, source.name) : raw('pgrst_source')
  return sql`${from} AS ${ident(node.alias)}`
}

/** FROM with the junction join and the laterals of `children` (all embeds by default). */
function fromClause(
  node: ReadNode,
  parent: ReadNode | null,
  children: ReadNode[] = childrenOf(node)
): Fragment {
  const parts: Fragment[] = [sql` FROM ${sourceFragment(node, parent)}`]
  const embed = node.embed
  const junction = embed?.relationship.junction
  if (embed && junction && embed.junctionAlias) {
    const on = junction.targetColumns.map(
      ([j, f]) =>
        sql`${ident(embed.junctionAlias as string)}.${ident(j)} = ${ident(node.alias)}.${ident(f)}`
    )
    parts.push(
      sql` INNER JOIN ${qualified(junction.table.schema, junction.table.name)} AS ${ident(embed.junctionAlias)} ON ${join(on, ' AND ')}`
    )
  }
  for (const child of children) {
    parts.push(
      sql` LEFT JOIN LATERAL (${lateralBody(child, node)}) AS ${ident(embedOf(child).lateral)} ON TRUE`
    )
  }
  return join(parts, '')
}

/** The embed's join to its parent, as WHERE conditions. */
function joinConditions(node: ReadNode, parent: ReadNode | null): Fragment[] {
  const embed = node.embed
  if (!embed || !parent) return []
  const rel = embed.relationship
  const junction = rel.junction
  if (junction && embed.junctionAlias) {
    return junction.sourceColumns.map(
      ([o, j]) =>
        sql`${ident(embed.junctionAlias as string)}.${ident(j)} = ${ident(parent.alias)}.${ident(o)}`
    )
  }
  return rel.columns.map(
    ([o, f]) => sql`${ident(node.alias)}.${ident(f)} = ${ident(parent.alias)}.${ident(o)}`
  )
}

function groupBy(items: ProjectionItem[], aggregates: boolean): Fragment {
  if (!aggregates) return sql``
  const keys = items.filter((i) => !i.aggregate).map((i) => i.expr)
  return keys.length === 0 ? sql`` : sql` GROUP BY ${join(keys, ', ')}`
}

/** Everything after the select list: FROM, WHERE, GROUP BY, ORDER BY, LIMIT, OFFSET. */
function tail(node: ReadNode, parent: ReadNode | null, items: ProjectionItem[]): Fragment {
  const where = [
    ...joinConditions(node, parent),
    ...node.conditions.map((c) => conditionExpr(node.alias, c)),
  ]
  return sql`${fromClause(node, parent)}${whereClause(where)}${groupBy(items, node.aggregates)}${orderClause(node.alias, node.order)}${limitClause(node.limit, node.offset)}`
}

function lateralBody(child: ReadNode, parent: ReadNode): Fragment {
  const embed = embedOf(child)
  const items = projection(child)
  const rest = tail(child, parent, items)
  const hidden = embed.hiddenOrder.map(
    (h) => sql`${fieldExpr(child.alias, h.field)} AS ${ident(h.hidden)}`
  )
  const row = ident(embed.rowAlias)
  if (embed.toOne && !embed.spread) {
    if (!child.aggregates) {
      const body = sql`(SELECT row_to_json(${row}) FROM (SELECT ${renderProjection(items)}) AS ${row}) AS pgrst_body`
      return sql`SELECT ${join([body, ...hidden], ', ')}${rest}`
    }
    return sql`SELECT row_to_json(${row}) AS pgrst_body FROM (SELECT ${renderProjection(items)}${rest}) AS ${row}`
  }
  if (embed.toOne) {
    return sql`SELECT ${join(
      [renderProjection(items), ...hidden, sql`TRUE AS pgrst_exists`].filter((f) => !f.isEmpty),
      ', '
    )}${rest}`
  }
  const inner = sql`SELECT ${renderProjection(items)}${rest}`
  if (!embed.spread) return sql`SELECT json_agg(${row}) AS pgrst_body FROM (${inner}) AS ${row}`
  const columns = embed.spreadNames.map((n) => sql`json_agg(${row}.${ident(n)}) AS ${ident(n)}`)
  return sql`SELECT ${join([...columns, sql`bool_or(TRUE) AS pgrst_exists`], ', ')} FROM (${inner}) AS ${row}`
}

/** The top level's SELECT. */
export function nodeSelect(node: ReadNode): Fragment {
  const items = projection(node)
  return sql`SELECT ${renderProjection(items)}${tail(node, null, items)}`
}

function lateralsIn(conditions: Condition[], into: Set<string>): Set<string> {
  for (const c of conditions) {
    if (c.kind === 'inner' || c.kind === 'embed-null') into.add(c.lateral)
    else if (c.kind === 'logic') lateralsIn(c.children, into)
  }
  return into
}

/** The rows the top level counts: its filters without projection, order or range. */
export function countSelect(node: ReadNode): Fragment {
  const needed = lateralsIn(node.conditions, new Set())
  const children = childrenOf(node).filter((c) => c.embed && needed.has(c.embed.lateral))
  const where = node.conditions.map((c) => conditionExpr(node.alias, c))
  return sql`SELECT 1${fromClause(node, null, children)}${whereClause(where)}`
}
