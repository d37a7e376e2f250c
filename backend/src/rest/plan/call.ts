// The call plan (pure): a function called at /rpc/<name>, its overload chosen by the arguments
// given (routine.ts), the arguments passed as PostgREST passes them, and the read tree over what
// it returns. As PostgREST's callPlan: a function whose one parameter is unnamed gets the body
// itself (a JSON body's text, a raw body, or a GET's arguments as a JSON object), any other gets
// the given arguments it has by name (`name := value`): from a JSON body through json_to_recordset
// (an array's objects each a call, the first answering for a single result), from the query
// string or a form body directly.
import { errors } from '../errors.ts'
import type { ApiRequest } from '../parse/request.ts'
import { relationOf } from '../schema/types.ts'
import type { Routine, SchemaCache } from '../schema/types.ts'
import { context, media, TABLE_MEDIA } from './plan-context.ts'
import type { PlanOptions } from './plan-context.ts'
import { attachParams, buildReadTree, topRange } from './read.ts'
import { findRoutine } from './routine.ts'
import type { BodyKind } from './routine.ts'
import type { CallPlan } from './types.ts'

/** The arguments as findProc and callPlan see them. */
interface Given {
  body: BodyKind
  /** The argument names (sorted by findRoutine). */
  keys: string[]
  /** Query-string or form arguments, in order, repeated names included. */
  pairs: [string, string][] | null
  /** A JSON body's text as PostgREST passes it (a scalar becomes `[]`). */
  json: string | null
  /** The JSON body is an array of objects. */
  array: boolean
}

function unique(pairs: [string, string][]): string[] {
  return [...new Set(pairs.map(([k]) => k))]
}

function givenOf(req: ApiRequest): Given {
  const payload = req.payload
  if (req.method !== 'POST' || payload === null) {
    const pairs = req.query.rpcArgs
    return { body: null, keys: unique(pairs), pairs, json: null, array: false }
  }
  if (payload.kind === 'raw') {
    return { body: payload.mediaType, keys: [], pairs: null, json: null, array: false }
  }
  if (payload.form) {
    return {
      body: 'other',
      keys: unique(payload.form),
      pairs: payload.form,
      json: null,
      array: false,
    }
  }
  const body: BodyKind = req.contentType === 'text/csv' ? 'other' : 'application/json'
  const columns = req.query.columns
  const array = payload.shape !== 'object'
  // With ?columns= the body is passed unread; otherwise a scalar body becomes an empty array.
  if (columns !== null) return { body, keys: columns, pairs: null, json: payload.text, array }
  if (payload.shape === 'scalar') {
    return { body, keys: [], pairs: null, json: '[]', array: true }
  }
  if (array) {
    const items = payload.value as unknown[]
    const first = items[0]
    const isObject = typeof first === 'object' && first !== null && !Array.isArray(first)
    if (items.length > 0 && (!isObject || !payload.uniform)) {
      throw errors.invalidBody('All object keys must match')
    }
  }
  return { body, keys: payload.keys, pairs: null, json: payload.text, array }
}

/** PostgREST's ppTypeMaxLength: char and bit parameters take values of any length. */
function lengthFree(type: string): string {
  switch (type) {
    case 'character':
      return 'character varying'
    case 'character[]':
      return 'character varying[]'
    case 'bit':
      return 'bit varying'
    case 'bit[]':
      return 'bit varying[]'
    default:
      return type
  }
}

function argumentsOf(
  routine: Routine,
  given: Given,
  rawBody: ApiRequest['payload']
): CallPlan['args'] {
  const [only] = routine.params
  if (routine.params.length === 1 && only !== undefined && only.name === '') {
    // OnePosParam: the body itself, whatever the parameter's type.
    if (rawBody?.kind === 'raw') {
      const type = only.type === 'bytea' ? 'bytea' : only.type
      return {
        kind: 'positional',
        text:
          type === 'bytea' ? `\\x${rawBody.body.toString('hex')}` : rawBody.body.toString('utf8'),
        type,
      }
    }
    const text =
      given.json ?? JSON.stringify(Object.fromEntries((given.pairs ?? []).map(([k, v]) => [k, v])))
    return { kind: 'positional', text, type: only.type }
  }
  const params = routine.params.filter((p) => given.keys.includes(p.name))
  if (params.length === 0) return { kind: 'none' }
  const typed = params.map((p) => ({
    name: p.name,
    type: lengthFree(p.type),
    variadic: p.variadic,
  }))
  if (given.json !== null)
    return { kind: 'named', params: typed, json: given.json, array: given.array }
  const byName = new Map<string, string[]>()
  for (const [key, value] of given.pairs ?? []) byName.set(key, [...(byName.get(key) ?? []), value])
  // PostgREST passes these directly, each an untyped literal cast to the parameter's type (a
  // variadic one an array of them): PostgreSQL's own casts and errors apply (a polymorphic
  // parameter cannot be resolved from an untyped literal, as there).
  return {
    kind: 'direct',
    values: typed.map((p) => {
      const passed = byName.get(p.name) ?? []
      return { ...p, value: p.variadic ? passed : (passed[passed.length - 1] ?? '') }
    }),
  }
}

export function planCall(
  req: ApiRequest,
  cache: SchemaCache,
  options: PlanOptions,
  name: string
): CallPlan {
  const given = givenOf(req)
  const routine = findRoutine(cache, req.schema, name, given.keys, given.body)
  const returns = routine.returns
  const args = argumentsOf(routine, given, req.payload)

  // As PostgREST's callReadPlan, the read plan is built for every function (its embeds, filters
  // and orders checked: PGRST200 for an embed under a function returning one scalar), the origin
  // named by the function's row type (a table's, a composite type's, `record` for OUT/TABLE
  // parameters) or else by the function itself; only rows and sets of scalars are read through it.
  const ctx = context(req, cache, options)
  const scalarColumn = returns.kind === 'scalar' && returns.setOf ? routine.name : null
  const relation =
    returns.kind === 'composite' && returns.relation
      ? (relationOf(cache, returns.relation.schema, returns.relation.name) ?? null)
      : null
  const tree = buildReadTree(
    ctx,
    { kind: 'call' },
    ctx.aliases.claim(routine.name),
    {
      relation,
      qualified: returns.kind === 'composite' ? returns.relation : null,
      displayName: returns.kind === 'composite' ? returns.typeName : routine.name,
    },
    scalarColumn !== null
      ? [{ type: 'column', field: { name: scalarColumn, jsonPath: [] } }]
      : req.query.select
  )
  if (scalarColumn !== null) {
    // A set of scalars is read as its one column; the select is still planned (and refused) as
    // PostgREST plans it.
    buildReadTree(
      context(req, cache, options),
      { kind: 'call' },
      routine.name,
      { relation: null, qualified: null, displayName: routine.name },
      req.query.select
    )
  }
  attachParams(tree, req.query, { topFilters: true, topOrder: true })
  const chosen = media(
    req,
    returns.kind === 'composite' || scalarColumn !== null ? TABLE_MEDIA : ['json', 'object'],
    options
  )
  let node: CallPlan['node'] = null
  let offset = 0n
  if (returns.kind === 'composite' || scalarColumn !== null) {
    node = tree
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
