// PostgREST's error wire format: one error type, one catalogue. Every error body carries the four
// keys {code, details, hint, message}; the HTTP status follows PostgREST's own table (Error.hs).
import { SQLSTATE } from '../db/errors.ts'
import type { PostgresError } from '../db/errors.ts'

export interface ErrorBody {
  code: string
  details: unknown
  hint: string | null
  message: string
}

export class RestError extends Error {
  override name = 'RestError'
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {}
  ) {
    super(body.message)
  }
}

function error(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
  headers?: Record<string, string>
): RestError {
  return new RestError(status, { code, details, hint, message }, headers)
}

/** Parsec-style position: PostgREST reports `"<source>" (line 1, column N)` as the message. */
export function parseError(source: string, column: number, details: string): RestError {
  return error(400, 'PGRST100', `"${source}" (line 1, column ${column})`, details)
}

export const errors = {
  invalidRpcMethod: (method: string) =>
    error(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => error(400, 'PGRST102', message),
  invalidRange: (details: string) =>
    error(416, 'PGRST103', 'Requested range not satisfiable', details),
  invalidPutFilters: () =>
    error(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators"
    ),
  unacceptableSchema: (schema: string, exposed: string[]) =>
    error(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`
    ),
  mediaType: (types: string[]) =>
    error(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  unsupportedContentType: (type: string) =>
    error(415, 'PGRST107', `None of these media types are available: ${type}`),
  notEmbedded: (name: string) =>
    error(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`
    ),
  gucHeaders: () =>
    error(
      500,
      'PGRST111',
      'response.headers guc must be a JSON array composed of objects with a single key and a string value'
    ),
  gucStatus: () => error(500, 'PGRST112', 'response.status guc must be a valid status code'),
  putLimit: () =>
    error(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMismatch: () =>
    error(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  singular: (rows: number) =>
    error(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`
    ),
  unsupportedMethod: (method: string) =>
    error(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    error(
      400,
      'PGRST118',
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`
    ),
  unacceptableFilter: (target: string) =>
    error(
      400,
      'PGRST120',
      `Bad operator on the '${target}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources'
    ),
  raiseParse: (details: string) =>
    error(500, 'PGRST121', "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error", details),
  invalidPreferences: (prefs: string[]) =>
    error(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.join(', ')}`
    ),
  aggregatesNotAllowed: () => error(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (rows: number) =>
    error(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${rows} rows`
    ),
  invalidPath: () => error(404, 'PGRST125', 'Invalid path specified in request URL'),
  maxAffectedRpc: () =>
    error(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'
    ),
  noRelationship: (
    origin: string,
    target: string,
    hint: string | null,
    schema: string,
    suggestion: string | null
  ) =>
    error(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${
        hint === null ? '' : ` using the hint '${hint}'`
      } in the schema '${schema}', but no matches were found.`,
      suggestion
    ),
  ambiguousRelationship: (origin: string, target: string, details: unknown[], hint: string) =>
    error(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      details,
      hint
    ),
  noFunction: (message: string, details: string, hint: string | null) =>
    error(404, 'PGRST202', message, details, hint),
  ambiguousFunction: (candidates: string[]) =>
    error(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved'
    ),
  columnNotFound: (table: string, column: string) =>
    error(
      400,
      'PGRST204',
      `Could not find the '${column}' column of '${table}' in the schema cache`
    ),
  tableNotFound: (schema: string, table: string, suggestion: string | null) =>
    error(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${table}' in the schema cache`,
      null,
      suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`
    ),
  jwt: (code: 'PGRST301' | 'PGRST303', message: string) =>
    error(401, code, message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    }),
  safeUpdate: (command: 'UPDATE' | 'DELETE') =>
    error(400, '21000', `${command} requires a WHERE clause`),
  unavailable: () => error(503, 'PGRST001', 'Database client error. Retrying the connection.'),
  schemaCacheUnavailable: () =>
    error(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.'),
  internal: () => error(500, 'PGRSTX00', 'Internal server error'),
}

/** The parts of a PostgreSQL error (db/errors.ts) that PostgREST's answer is made of. */
export type PgError = Pick<PostgresError, 'code' | 'message' | 'detail' | 'hint'>

/** PostgREST's SQLSTATE -> HTTP status table; `anon` is whether the request acts as the anon role. */
export function statusOfSqlState(code: string, message: string, anon: boolean): number {
  const two = code.slice(0, 2)
  if (code === SQLSTATE.foreignKeyViolation || code === SQLSTATE.uniqueViolation) return 409
  if (code === SQLSTATE.readOnlySqlTransaction) return 405
  if (code === SQLSTATE.cardinalityViolation)
    return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === SQLSTATE.undefinedFunction || code === SQLSTATE.undefinedTable) return 404
  if (code === '42P17') return 500
  if (code === SQLSTATE.insufficientPrivilege) return anon ? 401 : 403
  if (code === SQLSTATE.raiseException) return 400
  if (code === '53400') return 500
  if (code === SQLSTATE.adminShutdown) return 503
  if (/^PT\d{3}$/.test(code)) {
    const status = Number(code.slice(2))
    return status >= 100 && status <= 599 ? status : 500
  }
  switch (two) {
    case '08':
      return 503
    case '09':
      return 500
    case '0L':
    case '0P':
      return 403
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
      return 500
    case '28':
      return 403
    case '53':
      return 503
    case '54':
      // "Too complex" (a body nested past PostgreSQL's stack depth, too many columns or
      // arguments): the request's fault. PostgREST answered 413 until v12 made it a 500; this
      // stack keeps the 413, as it answers no client error with a 500.
      return 413
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'XX':
    case 'P0':
      return 500
    default:
      return 400
  }
}

/** A PostgreSQL error as PostgREST answers it, including `RAISE SQLSTATE 'PGRST'` with JSON. */
export function fromPgError(e: PgError, anon: boolean): RestError {
  if (e.code === 'PGRST') return fromRaisedPgrst(e)
  const headers: Record<string, string> = {}
  const status = statusOfSqlState(e.code, e.message, anon)
  if (status === 401) headers['www-authenticate'] = 'Bearer'
  return new RestError(
    status,
    { code: e.code, details: e.detail ?? null, hint: e.hint ?? null, message: e.message },
    headers
  )
}

function fromRaisedPgrst(e: PgError): RestError {
  let body: Record<string, unknown>
  let meta: Record<string, unknown>
  try {
    body = asObject(JSON.parse(e.message))
    meta = asObject(JSON.parse(e.detail ?? ''))
  } catch {
    return errors.raiseParse(`Invalid JSON value for MESSAGE: '${e.message}'`)
  }
  const status = meta.status
  const headers: Record<string, string> = {}
  const rawHeaders = meta.headers
  if (rawHeaders !== undefined) {
    if (typeof rawHeaders !== 'object' || rawHeaders === null || Array.isArray(rawHeaders)) {
      return errors.raiseParse(`Invalid JSON value for DETAIL: '${e.detail ?? ''}'`)
    }
    for (const [key, value] of Object.entries(rawHeaders))
      headers[key.toLowerCase()] = String(value)
  }
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    return errors.raiseParse(`Invalid JSON value for DETAIL: '${e.detail ?? ''}'`)
  }
  return new RestError(
    status,
    {
      code: typeof body.code === 'string' ? body.code : '',
      details: body.details ?? null,
      hint: typeof body.hint === 'string' ? body.hint : null,
      message: typeof body.message === 'string' ? body.message : '',
    },
    headers
  )
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('not an object')
  return value as Record<string, unknown>
}
