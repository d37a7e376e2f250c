// The request as PostgREST understands it: which resource, which action, which schema, the query
// parameters, the preferences, the Range header and the body. Pure: input is the raw request.
import { errors } from '../errors.ts'
import { mediaTypeOf, parsePayload } from './payload.ts'
import type { Payload } from './payload.ts'
import { parsePrefer } from './prefer.ts'
import type { Preferences } from './prefer.ts'
import { parseQueryParams } from './query-params.ts'
import type { QueryParams } from './query-params.ts'

export interface RawRequest {
  method: string
  /** The path after /rest/v1, e.g. `/todos` or `/rpc/fn` (still percent-encoded). */
  path: string
  /** The raw query string, without `?`. */
  query: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer | undefined
}

export type Target =
  { kind: 'root' } | { kind: 'relation'; name: string } | { kind: 'rpc'; name: string }

export type Action =
  'read' | 'insert' | 'update' | 'delete' | 'put' | 'call' | 'openapi' | 'options'

export interface ApiRequest {
  method: string
  action: Action
  target: Target
  /** The schema chosen by Accept-Profile / Content-Profile (or the first exposed one). */
  schema: string
  /** Whether the schema was negotiated (several are exposed): the response names it. */
  negotiated: boolean
  /** Whether this is a GET or HEAD that must not write (read-only transaction). */
  isRead: boolean
  /** HEAD: the response has no body. */
  headOnly: boolean
  query: QueryParams
  prefer: Preferences
  accept: string | undefined
  /** The Range request header (GET only), inclusive bounds. */
  range: { from: bigint; to: bigint | null } | null
  payload: Payload | null
  /** The content type of the body (media type only). */
  contentType: string
  /** request.path as published to SQL, e.g. `/todos`. */
  path: string
  /** The raw query string (for Content-Location). */
  rawQuery: string
  /** Its canonical form when already known (plans cached by shape fill it in from a template). */
  canonicalQuery?: string
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'])

function header(headers: RawRequest['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

function parseTarget(path: string): Target {
  const segments = path.split('/').slice(1)
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop()
  let decoded: string[]
  try {
    decoded = segments.map((s) => decodeURIComponent(s))
  } catch {
    throw errors.invalidPath()
  }
  if (decoded.length === 0) return { kind: 'root' }
  const [first = '', second] = decoded
  if (decoded.length === 1 && first !== '') return { kind: 'relation', name: first }
  if (decoded.length === 2 && first === 'rpc' && second) return { kind: 'rpc', name: second }
  throw errors.invalidPath()
}

function actionOf(method: string, target: Target): Action {
  if (!METHODS.has(method)) throw errors.unsupportedMethod(method)
  if (method === 'OPTIONS') return 'options'
  switch (target.kind) {
    case 'root':
      if (method === 'GET' || method === 'HEAD') return 'openapi'
      throw errors.unsupportedMethod(method)
    case 'rpc':
      if (method === 'GET' || method === 'HEAD' || method === 'POST') return 'call'
      throw errors.invalidRpcMethod(method)
    case 'relation':
      switch (method) {
        case 'GET':
        case 'HEAD':
          return 'read'
        case 'POST':
          return 'insert'
        case 'PATCH':
          return 'update'
        case 'PUT':
          return 'put'
        default:
          return 'delete'
      }
  }
}

function parseRange(value: string | undefined): ApiRequest['range'] {
  if (value === undefined) return null
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(value)
  if (!match) return null
  const from = BigInt(match[1] as string)
  const to = match[2] ? BigInt(match[2]) : null
  if (to !== null && from > to) {
    throw errors.invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
    )
  }
  return { from, to }
}

export function parseRequest(raw: RawRequest, schemas: string[]): ApiRequest {
  const method = raw.method.toUpperCase()
  const target = parseTarget(raw.path)
  const action = actionOf(method, target)
  const isRead = method === 'GET' || method === 'HEAD'
  const exposed = schemas.length > 0 ? schemas : ['public']
  const profile = header(raw.headers, isRead ? 'accept-profile' : 'content-profile')
  const schema = profile === undefined ? (exposed[0] as string) : profile
  if (!exposed.includes(schema)) throw errors.unacceptableSchema(schema, exposed)
  const isRpc = target.kind === 'rpc'
  const query = parseQueryParams(raw.query, isRpc && isRead)
  const contentType = mediaTypeOf(header(raw.headers, 'content-type'))
  const hasBody =
    action === 'insert' || action === 'update' || action === 'put' || (isRpc && method === 'POST')
  const payload = hasBody
    ? parsePayload(raw.body, header(raw.headers, 'content-type'), isRpc)
    : null
  return {
    method,
    action,
    target,
    schema,
    negotiated: exposed.length > 1,
    isRead,
    headOnly: method === 'HEAD',
    query,
    prefer: parsePrefer(raw.headers.prefer),
    accept: header(raw.headers, 'accept'),
    range: method === 'GET' ? parseRange(header(raw.headers, 'range')) : null,
    payload,
    contentType,
    path: raw.path === '' ? '/' : raw.path,
    rawQuery: raw.query,
  }
}
