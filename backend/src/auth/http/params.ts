// Request bodies read as GoTrue reads them: the raw body is JSON-decoded into a struct, so unknown
// keys are ignored, null means "not given", keys match case-insensitively, and a value of the wrong
// type is a 400 bad_json naming the struct field, as Go's encoding/json reports it.
import { jsonNestingBeyond } from '../../http/json-limits.ts'
import { ERRORS } from '../errors.ts'

/**
 * 'string' is a Go string ('' when absent); 'string?' a *string (undefined when absent or null);
 * 'bool?' a bool whose default the handler decides (undefined when absent or null).
 */
export type FieldKind = 'string' | 'string?' | 'bool' | 'bool?' | 'object' | 'any'

export interface ParamSpec {
  /** The Go struct name, used in type-error messages (e.g. "SignupParams"). */
  struct: string
  fields: Record<string, FieldKind>
}

type ValueOf<K extends FieldKind> = K extends 'string'
  ? string
  : K extends 'string?'
    ? string | undefined
    : K extends 'bool'
      ? boolean
      : K extends 'bool?'
        ? boolean | undefined
        : K extends 'object'
          ? Record<string, unknown> | undefined
          : unknown

export type Params<S extends ParamSpec> = { [F in keyof S['fields']]: ValueOf<S['fields'][F]> }

const GO_TYPE: Record<FieldKind, string> = {
  string: 'string',
  'string?': 'string',
  bool: 'bool',
  'bool?': 'bool',
  object: 'map[string]interface {}',
  any: 'interface {}',
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'boolean') return 'bool'
  return typeof value
}

function parseError(detail: string) {
  return ERRORS.badJson(`Could not parse request body as JSON: ${detail}`)
}

/**
 * JSON.parse with Go-like messages for malformed input. Nesting beyond MAX_JSON_DEPTH is refused
 * before anything is built from the body, with the message Go's decoder gives beyond its own
 * limit (http/json-limits.ts says why this stack's limit is lower).
 */
export function decodeJson(raw: string): unknown {
  if (raw.trim() === '') throw parseError('unexpected end of JSON input')
  const nesting = jsonNestingBeyond(raw)
  if (nesting) throw parseError(`invalid character '${nesting.char}' exceeded max depth`)
  try {
    return JSON.parse(raw)
  } catch (error) {
    const message = (error as Error).message
    if (/end of JSON input|Unterminated/i.test(message)) {
      throw parseError('unexpected end of JSON input')
    }
    const token = /Unexpected token '?(.)'?/.exec(message)?.[1]
    const detail = token
      ? `invalid character '${token}' looking for beginning of value`
      : 'invalid character looking for beginning of value'
    throw parseError(detail)
  }
}

/** Decodes a raw body into the fields of `spec`, as json.Unmarshal into a Go struct would. */
export function readParams<S extends ParamSpec>(raw: string | undefined, spec: S): Params<S> {
  const decoded = decodeJson(raw ?? '')
  assertNoNul(decoded)
  return paramsFrom(decoded, spec)
}

export const NUL_MESSAGE = 'Request contains a NUL character (\\u0000), which cannot be stored'

/**
 * Postgres text and jsonb cannot hold U+0000: such input is refused before it reaches them.
 * Walks with a list rather than recursion, so that deep nesting is no stack risk.
 */
export function assertNoNul(value: unknown): void {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (next.includes('\u0000')) throw ERRORS.validationFailed(NUL_MESSAGE)
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item)
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) pending.push(key, item)
    }
  }
}

/** Like readParams for an already-decoded value. */
export function paramsFrom<S extends ParamSpec>(decoded: unknown, spec: S): Params<S> {
  const out: Record<string, unknown> = {}
  for (const [field, kind] of Object.entries(spec.fields)) out[field] = zeroValue(kind)
  if (decoded === null) return out as Params<S>
  if (typeof decoded !== 'object' || Array.isArray(decoded)) {
    throw parseError(
      `json: cannot unmarshal ${jsonKind(decoded)} into Go value of type api.${spec.struct}`
    )
  }
  const lowerFields = new Map(Object.keys(spec.fields).map((f) => [f.toLowerCase(), f]))
  for (const [key, value] of Object.entries(decoded as Record<string, unknown>)) {
    const field = key in spec.fields ? key : lowerFields.get(key.toLowerCase())
    if (field === undefined) continue
    const kind = spec.fields[field] as FieldKind
    if (value === null) {
      out[field] = zeroValue(kind)
      continue
    }
    if (!matches(kind, value)) {
      throw parseError(
        `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${spec.struct}.${field} of type ${GO_TYPE[kind]}`
      )
    }
    out[field] = value
  }
  return out as Params<S>
}

function zeroValue(kind: FieldKind): unknown {
  switch (kind) {
    case 'string':
      return ''
    case 'bool':
      return false
    case 'string?':
    case 'bool?':
    case 'object':
    case 'any':
      return undefined
  }
}

function matches(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'string':
    case 'string?':
      return typeof value === 'string'
    case 'bool':
    case 'bool?':
      return typeof value === 'boolean'
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'any':
      return true
  }
}
