// The mutation plan (pure): INSERT, UPDATE, DELETE and PUT on a relation, with the columns the
// body gives, ON CONFLICT, the WHERE of the top-level filters, the limit and what is returned;
// PostgREST's checks on a PUT and on an unfiltered UPDATE or DELETE.
import { errors } from '../errors.ts'
import type { ApiRequest } from '../parse/request.ts'
import type { Column, Relation, SchemaCache } from '../schema/types.ts'
import { context, media, TABLE_MEDIA } from './plan-context.ts'
import type { PlanOptions } from './plan-context.ts'
import { attachParams, buildReadTree, topRange } from './read.ts'
import type { MutationPlan } from './types.ts'

function payloadColumns(req: ApiRequest, relation: Relation): Column[] {
  const payload = req.payload
  if (!payload || payload.kind !== 'json') throw errors.invalidBody('Empty or invalid json')
  let names = req.query.columns
  if (names === null) {
    if (payload.shape === 'array' && !payload.uniform)
      throw errors.invalidBody('All object keys must match')
    names = payload.keys
  }
  const columns: Column[] = []
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) continue
    seen.add(name)
    const column = relation.columnMap.get(name)
    if (!column) throw errors.columnNotFound(relation.name, name)
    columns.push(column)
  }
  return columns
}

export function planMutation(
  req: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions,
  relation: Relation
): MutationPlan {
  const action = req.action
  if (action !== 'insert' && action !== 'update' && action !== 'delete' && action !== 'put') {
    throw errors.unsupportedMethod(req.method)
  }
  const chosen = media(req, TABLE_MEDIA, options)
  const ctx = context(req, cache, options)
  const alias = ctx.aliases.claim(relation.name)

  // The mutation's own WHERE: the top-level filters and logic trees.
  const probe = buildReadTree(
    ctx,
    { kind: 'relation', schema: relation.schema, name: relation.name },
    alias,
    { relation, qualified: relation, displayName: relation.name },
    []
  )
  attachParams(
    probe,
    {
      filters: req.query.filters.filter((f) => f.path.length === 0),
      logic: req.query.logic.filter((l) => l.path.length === 0),
      order: req.query.order.filter((o) => o.path.length === 0),
      ranges: [],
    },
    { topFilters: true, topOrder: true }
  )
  const returning = buildReadTree(
    ctx,
    { kind: 'mutation' },
    alias,
    { relation, qualified: relation, displayName: relation.name },
    req.query.select
  )
  attachParams(returning, req.query, { topFilters: false, topOrder: true })

  const range = topRange(req.query, null, null)
  const limited = req.query.ranges.some(
    (r) => r.path.length === 0 && (r.limit !== null || r.offset !== null)
  )
  const payload = req.payload && req.payload.kind === 'json' ? req.payload : null
  const columns = action === 'delete' ? [] : payloadColumns(req, relation)

  let onConflict: MutationPlan['onConflict'] = null
  if (action === 'insert' && req.prefer.resolution) {
    const target = req.query.onConflict ?? relation.primaryKey
    if (target.length > 0) {
      onConflict = {
        columns: target,
        action: req.prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore',
      }
    }
  }
  if (action === 'put') {
    if (limited) throw errors.putLimit()
    checkPut(req, relation)
    onConflict = { columns: relation.primaryKey, action: 'merge' }
  }
  if ((action === 'update' || action === 'delete') && probe.conditions.length === 0 && !limited) {
    throw errors.safeUpdate(action === 'update' ? 'UPDATE' : 'DELETE')
  }
  const strict = req.prefer.handling === 'strict'
  return {
    kind: 'mutation',
    action,
    relation,
    payload,
    columns,
    missingDefault: req.prefer.missing === 'default',
    onConflict,
    conditions: action === 'insert' ? [] : probe.conditions,
    limit: limited ? (range.limit ?? null) : null,
    order: probe.order,
    returning,
    representation: req.prefer.return ?? 'minimal',
    count: req.prefer.count,
    media: chosen,
    maxAffected:
      strict && (action === 'update' || action === 'delete')
        ? (req.prefer.maxAffected ?? null)
        : null,
  }
}

/** PUT: the filters are exactly the primary key with `eq`, and the body agrees with them. */
function checkPut(req: ApiRequest, relation: Relation): void {
  const pk = relation.primaryKey
  const filters = req.query.filters
  const byColumn = new Map<string, string>()
  for (const { path, filter } of filters) {
    const op = filter.expr.operation
    if (
      path.length > 0 ||
      filter.field.jsonPath.length > 0 ||
      filter.expr.negated ||
      op.kind !== 'op' ||
      op.op !== 'eq' ||
      op.quantifier
    ) {
      throw errors.invalidPutFilters()
    }
    byColumn.set(filter.field.name, op.value)
  }
  if (
    pk.length === 0 ||
    req.query.logic.length > 0 ||
    byColumn.size !== pk.length ||
    !pk.every((c) => byColumn.has(c))
  ) {
    throw errors.invalidPutFilters()
  }
  const payload = req.payload
  const value =
    payload?.kind === 'json'
      ? payload.shape === 'array' && Array.isArray(payload.value) && payload.value.length === 1
        ? (payload.value[0] as unknown)
        : payload.value
      : null
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.putMismatch()
  }
  const record = value as Record<string, unknown>
  for (const column of pk) {
    const given = record[column]
    if (given === undefined || given === null || String(given) !== byColumn.get(column)) {
      throw errors.putMismatch()
    }
  }
}
