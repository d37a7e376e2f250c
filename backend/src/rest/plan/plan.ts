// The planner (pure): an ApiRequest and the schema cache in, a read, mutation or call plan out.
import { errors } from '../errors.ts'
import { negotiate } from '../parse/media.ts'
import type { Media, MediaKind } from '../parse/media.ts'
import type { ApiRequest } from '../parse/request.ts'
import { relationOf } from '../schema/types.ts'
import type { Column, Relation, SchemaCache } from '../schema/types.ts'
import { closest } from './fuzzy.ts'
import { Aliases } from './aliases.ts'
import { attachParams, buildReadTree, topRange } from './read.ts'
import type { PlanContext } from './read.ts'
import { findRoutine } from './routine.ts'
import type { BodyKind } from './routine.ts'
import type { CallPlan, MutationPlan, Plan, ReadPlan } from './types.ts'

export interface PlanOptions {
  maxRows: number | null
  aggregatesEnabled: boolean
}

/** Aliases the SQL builder uses itself; relations named so get a numbered alias instead. */
export const RESERVED_ALIASES = [
  'pgrst_source',
  'pgrst_t',
  'pgrst_args',
  'pgrst_payload',
  'pgrst_body',
]

const TABLE_MEDIA: MediaKind[] = ['json', 'object', 'csv', 'geojson']

function media(req: ApiRequest, offered: MediaKind[]): Media {
  return negotiate(req.accept, offered)
}

function context(req: ApiRequest, cache: SchemaCache, options: PlanOptions): PlanContext {
  return {
    cache,
    schema: req.schema,
    aliases: new Aliases(RESERVED_ALIASES),
    aggregatesEnabled: options.aggregatesEnabled,
  }
}

function targetRelation(req: ApiRequest, cache: SchemaCache, name: string): Relation {
  const relation = relationOf(cache, req.schema, name)
  if (relation) return relation
  const names = [...cache.relations.values()]
    .filter((r) => r.schema === req.schema)
    .map((r) => r.name)
  throw errors.tableNotFound(req.schema, name, closest(name, names))
}

export function planRequest(req: ApiRequest, cache: SchemaCache, options: PlanOptions): Plan {
  if (req.target.kind === 'rpc') return planCall(req, cache, options, req.target.name)
  if (req.target.kind !== 'relation') throw errors.invalidPath()
  const relation = targetRelation(req, cache, req.target.name)
  if (req.action === 'read') return planRead(req, cache, options, relation)
  return planMutation(req, cache, options, relation)
}

function planRead(
  req: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions,
  relation: Relation
): ReadPlan {
  const chosen = media(req, TABLE_MEDIA)
  const ctx = context(req, cache, options)
  const node = buildReadTree(
    ctx,
    { kind: 'relation', schema: relation.schema, name: relation.name },
    ctx.aliases.claim(relation.name),
    { relation, qualified: relation, displayName: relation.name },
    req.query.select
  )
  attachParams(node, req.query, { topFilters: true, topOrder: true })
  const range = topRange(req.query, req.range, options.maxRows)
  node.offset = range.offset === 0n ? null : range.offset
  node.limit = range.limit
  return {
    kind: 'read',
    node,
    count: req.prefer.count,
    media: chosen,
    headOnly: req.headOnly,
    offset: range.offset,
    maxRows: options.maxRows,
  }
}

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

function planMutation(
  req: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions,
  relation: Relation
): MutationPlan {
  const action = req.action
  if (action !== 'insert' && action !== 'update' && action !== 'delete' && action !== 'put') {
    throw errors.unsupportedMethod(req.method)
  }
  const chosen = media(req, TABLE_MEDIA)
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

function planCall(
  req: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions,
  name: string
): CallPlan {
  const payload = req.payload
  let keys: string[]
  let body: BodyKind = null
  if (req.method === 'POST') {
    if (payload?.kind === 'raw') {
      body = payload.mediaType
      keys = []
    } else {
      body = 'json'
      keys = payload?.kind === 'json' && payload.shape === 'object' ? payload.keys : []
    }
  } else {
    keys = [...new Set(req.query.rpcArgs.map(([k]) => k))]
  }
  const routine = findRoutine(cache, req.schema, name, keys, body)
  const returns = routine.returns
  const chosen = media(
    req,
    returns.kind === 'composite' || (returns.kind === 'scalar' && returns.setOf)
      ? TABLE_MEDIA
      : ['json', 'object']
  )

  let args: CallPlan['args']
  const single = routine.params.length === 1 && routine.params[0]?.name === ''
  if (payload?.kind === 'raw') {
    const type =
      payload.mediaType === 'text/plain'
        ? 'text'
        : payload.mediaType === 'text/xml'
          ? 'xml'
          : 'bytea'
    args = {
      kind: 'single-raw',
      text: type === 'bytea' ? `\\x${payload.body.toString('hex')}` : payload.body.toString('utf8'),
      type,
    }
  } else if (single && req.method === 'POST' && payload?.kind === 'json') {
    args = { kind: 'single-json', json: payload.text }
  } else if (routine.params.length === 0 || keys.length === 0) {
    args = { kind: 'none' }
  } else if (req.method === 'POST' && payload?.kind === 'json') {
    args = { kind: 'named', names: keys, json: payload.text }
  } else {
    // PostgREST passes query-string arguments directly, each an untyped literal cast to the
    // parameter's type (a variadic one an array of them), so PostgreSQL's own casts and errors
    // apply (a polymorphic parameter cannot be resolved from an untyped literal, as there).
    const given = new Map<string, string[]>()
    for (const [key, value] of req.query.rpcArgs) given.set(key, [...(given.get(key) ?? []), value])
    const values: { name: string; value: string | string[] }[] = []
    for (const p of routine.params) {
      const passed = given.get(p.name)
      if (!passed) continue
      values.push({ name: p.name, value: p.variadic ? passed : (passed[passed.length - 1] ?? '') })
    }
    args = { kind: 'direct', values }
  }

  const ctx = context(req, cache, options)
  let node: CallPlan['node'] = null
  let offset = 0n
  const scalarColumn = returns.kind === 'scalar' && returns.setOf ? routine.name : null
  if (returns.kind === 'composite' || scalarColumn !== null) {
    const relation =
      returns.kind === 'composite' && returns.relation
        ? (relationOf(cache, returns.relation.schema, returns.relation.name) ?? null)
        : null
    node = buildReadTree(
      ctx,
      { kind: 'call' },
      ctx.aliases.claim(routine.name),
      {
        relation,
        qualified: returns.kind === 'composite' ? returns.relation : null,
        displayName: routine.name,
      },
      scalarColumn !== null
        ? [{ type: 'column', field: { name: scalarColumn, jsonPath: [] } }]
        : req.query.select
    )
    attachParams(node, req.query, { topFilters: true, topOrder: true })
    const range = topRange(req.query, req.range, options.maxRows)
    node.offset = range.offset === 0n ? null : range.offset
    node.limit = range.limit
    offset = range.offset
  }
  const strict = req.prefer.handling === 'strict'
  const maxAffected = strict ? (req.prefer.maxAffected ?? null) : null
  if (maxAffected !== null && !(returns.kind !== 'void' && 'setOf' in returns && returns.setOf)) {
    throw errors.maxAffectedRpc()
  }
  return {
    kind: 'call',
    routine,
    args,
    node,
    scalarColumn,
    singleRow: returns.kind === 'composite' && !returns.setOf,
    count: req.prefer.count,
    media: chosen,
    headOnly: req.headOnly,
    readOnly: req.isRead || routine.volatility !== 'volatile',
    offset,
    maxAffected,
  }
}
