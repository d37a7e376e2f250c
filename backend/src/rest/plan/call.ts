// The call plan (pure): a function called at /rpc/<name>, its overload chosen by the arguments
// given, the arguments passed as PostgREST passes them (a JSON body, a raw body, the query
// string), and the read tree over what it returns.
import { errors } from '../errors.ts'
import type { ApiRequest } from '../parse/request.ts'
import { relationOf } from '../schema/types.ts'
import type { SchemaCache } from '../schema/types.ts'
import { context, media, TABLE_MEDIA } from './plan-context.ts'
import type { PlanOptions } from './plan-context.ts'
import { attachParams, buildReadTree, topRange } from './read.ts'
import { findRoutine } from './routine.ts'
import type { BodyKind } from './routine.ts'
import type { CallPlan } from './types.ts'

export function planCall(
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
