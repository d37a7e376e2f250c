// Which function a call means (PostgREST's findProc): overloads are told apart by the names of the
// arguments given; a function with a single unnamed json/jsonb (or, for raw bodies, text, xml or
// bytea) parameter takes the whole body when no named overload matches.
import { errors } from '../errors.ts'
import { routinesOf } from '../schema/types.ts'
import type { Routine, SchemaCache } from '../schema/types.ts'
import { closest } from './fuzzy.ts'

export type BodyKind = 'json' | 'text/plain' | 'text/xml' | 'application/octet-stream' | null

function matchesNamed(routine: Routine, keys: Set<string>, body: BodyKind): boolean {
  const params = routine.params
  if (params.length === 0) return keys.size === 0 && (body === 'json' || body === null)
  if (params.some((p) => p.name === '')) return false
  const required = params.filter((p) => p.required).map((p) => p.name)
  const optional = new Set(params.filter((p) => !p.required).map((p) => p.name))
  for (const name of required) if (!keys.has(name)) return false
  for (const key of keys) if (!required.includes(key) && !optional.has(key)) return false
  return true
}

const SINGLE_TYPES: Record<Exclude<BodyKind, null>, string[]> = {
  json: ['json', 'jsonb'],
  'text/plain': ['text'],
  'text/xml': ['xml'],
  'application/octet-stream': ['bytea'],
}

function hasSingleUnnamed(routine: Routine, body: BodyKind): boolean {
  if (body === null || routine.params.length !== 1) return false
  const [param] = routine.params
  return param !== undefined && param.name === '' && SINGLE_TYPES[body].includes(param.type)
}

export function signature(routine: Routine): string {
  return `${routine.schema}.${routine.name}(${routine.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`
}

/**
 * `keys` are the argument names (JSON keys of a POST body, query parameters of a GET);
 * `body` is the kind of body a POST carries (null for GET/HEAD).
 */
export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  body: BodyKind
): Routine {
  const candidates = routinesOf(cache, schema, name)
  const keySet = new Set(keys)
  const named = candidates.filter((r) => matchesNamed(r, keySet, body))
  const single = candidates.filter((r) => hasSingleUnnamed(r, body))
  if (named.length === 1) return named[0] as Routine
  if (named.length > 1) throw errors.ambiguousFunction(named.map(signature))
  if (single.length === 1) return single[0] as Routine
  if (single.length > 1) throw errors.ambiguousFunction(single.map(signature))

  const fn = `${schema}.${name}`
  const sorted = [...keys].sort()
  const message =
    sorted.length === 0
      ? `Could not find the function ${fn} without parameters in the schema cache`
      : `Could not find the function ${fn}(${sorted.join(', ')}) in the schema cache`
  const searched =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
  const details = `Searched for the function ${fn}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
  let hint: string | null = null
  if (candidates.length > 0) {
    const best = candidates[0] as Routine
    hint = `Perhaps you meant to call the function ${signature(best).replace(/ => [^,)]+/g, '')}`
  } else {
    const names = [...cache.routines.values()]
      .flat()
      .filter((r) => r.schema === schema)
      .map((r) => r.name)
    const suggestion = closest(name, names)
    if (suggestion !== null) hint = `Perhaps you meant to call the function ${schema}.${suggestion}`
  }
  throw errors.noFunction(message, details, hint)
}
