// The planner (pure): an ApiRequest and the schema cache in, a read, mutation or call plan out.
// The read plan is here; the mutation plan is mutation.ts, the call plan call.ts.
import { errors } from '../errors.ts'
import type { ApiRequest } from '../parse/request.ts'
import { relationOf } from '../schema/types.ts'
import type { Relation, SchemaCache } from '../schema/types.ts'
import { planCall } from './call.ts'
import { closest } from './fuzzy.ts'
import { planMutation } from './mutation.ts'
import { context, media, TABLE_MEDIA } from './plan-context.ts'
import type { PlanOptions } from './plan-context.ts'
import { attachParams, buildReadTree, topRange } from './read.ts'
import type { Plan, ReadPlan } from './types.ts'

export type { PlanOptions } from './plan-context.ts'

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
  const chosen = media(req, TABLE_MEDIA, options)
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
