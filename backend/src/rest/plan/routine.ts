// Which function a call means (PostgREST's findProc): the overloads are told apart by the names of
// the arguments given (a POST body's keys, a GET's query parameters); failing that, a POST falls
// back to the overload with a single parameter of the body's type (json/jsonb for JSON, text, xml,
// bytea for raw bodies). PGRST203 lists the overloads that fit, PGRST202 says what was searched for
// with a hint found as PostgREST's noRpcHint finds it (fuzzy.ts).
import { errors } from '../errors.ts'
import { routinesOf } from '../schema/types.ts'
import type { Routine, RoutineParam, SchemaCache } from '../schema/types.ts'
import { closest } from './fuzzy.ts'

/** What a call carries: null for GET/HEAD, else the body's media type as findProc sees it. */
export type BodyKind =
  | 'application/json'
  | 'text/plain'
  | 'text/xml'
  | 'application/octet-stream'
  /** Form-urlencoded or CSV: arguments by name, no single-parameter fallback. */
  | 'other'
  | null

const RAW_BODIES = new Set<BodyKind>(['text/plain', 'text/xml', 'application/octet-stream'])

function equalSets(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x))
}

/** matchesParams: required parameters all given, the rest of the keys optional parameters. */
function matchesParams(routine: Routine, keys: Set<string>, body: BodyKind): boolean {
  const params = routine.params
  if (params.length === 0) return keys.size === 0 && !RAW_BODIES.has(body)
  const required = new Set(params.filter((p) => p.required).map((p) => p.name))
  const optional = new Set(params.filter((p) => !p.required).map((p) => p.name))
  if (optional.size === 0) return equalSets(keys, required)
  if (required.size === 0) return [...keys].every((k) => optional.has(k))
  return equalSets(new Set([...keys].filter((k) => !optional.has(k))), required)
}

/**
 * hasSingleUnnamedParam as PostgREST 12 and 13 have it: one parameter of the body's type. They do
 * not look at its name, so a function with one named json parameter is chosen too (and then
 * called without it, see call.ts), as there.
 */
function takesBody(routine: Routine, body: BodyKind): boolean {
  const [param] = routine.params
  if (routine.params.length !== 1 || param === undefined) return false
  switch (body) {
    case 'application/json':
      return param.type === 'json' || param.type === 'jsonb'
    case 'text/plain':
      return param.type === 'text'
    case 'text/xml':
      return param.type === 'xml'
    case 'application/octet-stream':
      return param.type === 'bytea'
    default:
      return false
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function compareParam(a: RoutineParam, b: RoutineParam): number {
  return (
    compareText(a.name, b.name) ||
    compareText(a.type, b.type) ||
    Number(a.required) - Number(b.required) ||
    Number(a.variadic) - Number(b.variadic)
  )
}

/** PostgREST's order of overloads (Routine's Ord): fewer parameters first, then by description, parameters. */
function compareOverloads(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length
  if (a.description !== b.description) {
    if (a.description === null) return -1
    if (b.description === null) return 1
    return compareText(a.description, b.description)
  }
  for (let i = 0; i < a.params.length; i++) {
    const order = compareParam(a.params[i] as RoutineParam, b.params[i] as RoutineParam)
    if (order !== 0) return order
  }
  return a.oid - b.oid
}

/** `schema.name(p1 => type1, …)`, as PGRST203 lists an overload. */
export function signature(routine: Routine): string {
  return `${routine.schema}.${routine.name}(${routine.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`
}

/**
 * `keys`: the argument names (JSON keys of a POST body, query parameters of a GET); `body`: the
 * kind of body a POST carries (null for GET/HEAD).
 */
export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  body: BodyKind
): Routine {
  const candidates = [...routinesOf(cache, schema, name)].sort(compareOverloads)
  const keySet = new Set(keys)
  const named = candidates.filter((r) => matchesParams(r, keySet, body))
  if (named.length === 1) return named[0] as Routine
  if (named.length > 1) throw errors.ambiguousFunction(named.map(signature))
  const single = candidates.filter((r) => takesBody(r, body))
  if (single.length === 1) return single[0] as Routine
  if (single.length > 1) throw errors.ambiguousFunction(single.map(signature))
  throw noFunction(cache, schema, name, [...keySet].sort(compareText), body, candidates)
}

/** PGRST202 as PostgREST words it for the body's kind. */
function noFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  body: BodyKind,
  overloads: Routine[]
) {
  const fn = `${schema}.${name}`
  const rawBody = RAW_BODIES.has(body)
  const withParams =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
  const message = `Could not find the function ${fn}${
    rawBody ? '' : keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`
  } in the schema cache`
  let searched: string
  switch (body) {
    case 'text/plain':
      searched = ' with a single unnamed text parameter'
      break
    case 'text/xml':
      searched = ' with a single unnamed xml parameter'
      break
    case 'application/octet-stream':
      searched = ' with a single unnamed bytea parameter'
      break
    case 'application/json':
      searched = `${withParams} or with a single unnamed json/jsonb parameter`
      break
    default:
      searched = withParams
  }
  const details = `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`
  const hint = rawBody ? null : noFunctionHint(cache, schema, name, keys, overloads)
  return errors.noFunction(message, details, hint)
}

/** noRpcHint: the closest function of the schema, or the closest parameter list of its overloads. */
function noFunctionHint(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  overloads: Routine[]
): string | null {
  const prefix = `Perhaps you meant to call the function ${schema}.`
  if (overloads.length === 0) {
    const names: string[] = []
    for (const list of cache.routines.values()) {
      const first = list[0]
      if (first && first.schema === schema) names.push(first.name)
    }
    const suggestion = closest(name, names)
    return suggestion === null ? null : prefix + suggestion
  }
  const listText = (names: string[]) => `(${[...names].sort(compareText).join(', ')})`
  const suggestion = closest(
    listText(keys),
    overloads.map((r) => listText(r.params.map((p) => p.name)))
  )
  return suggestion === null ? null : `${prefix}${name}${suggestion}`
}
