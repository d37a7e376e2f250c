// The HTTP answer (pure): status, Content-Range, Location, Preference-Applied, the body Postgres
// built, and the response.headers / response.status a function set. Errors render here too.
import { errors } from './errors.ts'
import type { RestError } from './errors.ts'
import type { ExecResult } from './execute.ts'
import { contentTypeOf } from './parse/media.ts'
import { appliedPreferences } from './parse/prefer.ts'
import type { ApiRequest } from './parse/request.ts'
import type { CallPlan, MutationPlan, Plan, ReadPlan } from './plan/types.ts'
import { canonicalQuery, formEncode } from './query-string.ts'

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
}

const JSON_TYPE = 'application/json; charset=utf-8'

export function errorResponse(error: RestError): HttpResponse {
  return {
    status: error.status,
    headers: { 'content-type': JSON_TYPE, ...error.headers },
    body: JSON.stringify(error.body),
  }
}

/** PostgREST's Content-Range: `first-last/total`, `*` when the page is empty or the total unknown. */
export function contentRange(lower: bigint, upper: bigint, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === null ? '*' : total}`
}

/** Checks after the statement ran, inside its transaction (the error thrown rolls it back). */
export function checkResult(plan: Plan, result: ExecResult): void {
  if (plan.kind === 'mutation') {
    if (plan.maxAffected !== null && result.affected > plan.maxAffected) {
      throw errors.maxAffected(result.affected)
    }
    if (
      plan.media.kind === 'object' &&
      plan.representation === 'representation' &&
      result.pageTotal !== 1
    ) {
      throw errors.singular(result.pageTotal)
    }
    return
  }
  if (plan.kind === 'call') {
    if (plan.maxAffected !== null && result.pageTotal > plan.maxAffected) {
      throw errors.maxAffected(result.pageTotal)
    }
    if (plan.node !== null && plan.media.kind === 'object' && result.pageTotal !== 1) {
      throw errors.singular(result.pageTotal)
    }
    return
  }
  if (plan.media.kind === 'object' && result.pageTotal !== 1)
    throw errors.singular(result.pageTotal)
}

function rangeStatus(offset: bigint, pageTotal: number, total: number | null): number {
  if (total === null) return 200
  if (offset > BigInt(total)) return 416
  return BigInt(pageTotal) < BigInt(total) ? 206 : 200
}

function readHeaders(
  req: ApiRequest,
  plan: ReadPlan | CallPlan,
  result: ExecResult,
  total: number | null
) {
  const lower = plan.offset
  const upper = lower + BigInt(result.pageTotal) - 1n
  const headers: Record<string, string> = {
    'content-type': contentTypeOf(plan.media),
    'content-range': contentRange(lower, upper, total),
  }
  return headers
}

function common(req: ApiRequest, headers: Record<string, string>): void {
  if (req.negotiated) headers['content-profile'] = req.schema
}

function finish(
  status: number,
  headers: Record<string, string>,
  body: string,
  result: ExecResult
): HttpResponse {
  let finalStatus = status
  if (result.responseStatus !== null) {
    const override = Number(result.responseStatus)
    if (!Number.isInteger(override) || override < 100 || override > 599) throw errors.gucStatus()
    finalStatus = override
  }
  if (result.responseHeaders !== null) {
    let parsed: unknown
    try {
      parsed = JSON.parse(result.responseHeaders)
    } catch {
      throw errors.gucHeaders()
    }
    if (!Array.isArray(parsed)) throw errors.gucHeaders()
    for (const entry of parsed) {
      const pairs = typeof entry === 'object' && entry !== null ? Object.entries(entry) : []
      const [pair] = pairs
      if (pairs.length !== 1 || !pair || typeof pair[1] !== 'string') throw errors.gucHeaders()
      headers[pair[0].toLowerCase()] = pair[1]
    }
  }
  return { status: finalStatus, headers, body }
}

function respondRead(req: ApiRequest, plan: ReadPlan, result: ExecResult): HttpResponse {
  const total = plan.count ? result.total : null
  const status = rangeStatus(plan.offset, result.pageTotal, total)
  if (status === 416) {
    throw errors.invalidRange(
      `An offset of ${plan.offset} was requested, but there are only ${total ?? 0} rows.`
    )
  }
  const headers = readHeaders(req, plan, result, total)
  const target = req.target.kind === 'relation' ? req.target.name : ''
  const canonical = req.canonicalQuery ?? canonicalQuery(req.rawQuery)
  headers['content-location'] = `/${target}${canonical === '' ? '' : `?${canonical}`}`
  common(req, headers)
  const applied = appliedPreferences(req.prefer, {
    count: total !== null,
    tx: true,
    handling: true,
    timezone: true,
  })
  if (applied) headers['preference-applied'] = applied
  return finish(status, headers, plan.headOnly ? '' : (result.body ?? ''), result)
}

function locationOf(plan: MutationPlan, req: ApiRequest, result: ExecResult): string | null {
  if (result.location === null) return null
  let values: unknown
  try {
    values = JSON.parse(result.location)
  } catch {
    return null
  }
  if (!Array.isArray(values)) return null
  const query = plan.relation.primaryKey
    .map((column, i) => `${formEncode(column)}=${formEncode(`eq.${String(values[i] ?? '')}`)}`)
    .join('&')
  const name = req.target.kind === 'relation' ? req.target.name : plan.relation.name
  return `/${name}?${query}`
}

function respondMutation(req: ApiRequest, plan: MutationPlan, result: ExecResult): HttpResponse {
  const total = plan.count ? result.affected : null
  const represent = plan.representation === 'representation'
  const headers: Record<string, string> = {}
  let status: number
  switch (plan.action) {
    case 'insert':
      status =
        plan.onConflict?.action === 'merge' && result.inserted === 0 && result.affected > 0
          ? 200
          : 201
      headers['content-range'] = contentRange(1n, 0n, total)
      break
    case 'put':
      status = represent ? (result.inserted === 0 ? 200 : 201) : 204
      break
    case 'update':
      status = represent ? 200 : 204
      headers['content-range'] = contentRange(0n, BigInt(result.affected) - 1n, total)
      break
    case 'delete':
      status = represent ? 200 : 204
      headers['content-range'] = contentRange(1n, 0n, total)
      break
  }
  const location = plan.representation === 'headers-only' ? locationOf(plan, req, result) : null
  if (location) headers.location = location
  if (represent) headers['content-type'] = contentTypeOf(plan.media)
  common(req, headers)
  const applied = appliedPreferences(req.prefer, {
    resolution: plan.onConflict !== null && plan.action === 'insert',
    missing: plan.action === 'insert' || plan.action === 'update',
    return: true,
    count: total !== null,
    tx: true,
    handling: true,
    timezone: true,
    maxAffected: plan.maxAffected !== null,
  })
  if (applied) headers['preference-applied'] = applied
  return finish(status, headers, represent ? (result.body ?? '') : '', result)
}

function respondCall(req: ApiRequest, plan: CallPlan, result: ExecResult): HttpResponse {
  const total = plan.count ? (result.total ?? result.pageTotal) : null
  const applied = appliedPreferences(req.prefer, {
    count: total !== null,
    tx: true,
    handling: true,
    timezone: true,
    maxAffected: plan.maxAffected !== null,
  })
  const headers = readHeaders(req, plan, result, total)
  if (applied) headers['preference-applied'] = applied
  common(req, headers)
  if (plan.routine.returns.kind === 'void') {
    delete headers['content-type']
    return { status: 204, headers, body: '' }
  }
  const status = rangeStatus(plan.offset, result.pageTotal, total)
  if (status === 416) {
    throw errors.invalidRange(
      `An offset of ${plan.offset} was requested, but there are only ${total ?? 0} rows.`
    )
  }
  if (plan.node === null) headers['content-type'] = JSON_TYPE
  return finish(status, headers, plan.headOnly ? '' : (result.body ?? 'null'), result)
}

/** An EXPLAIN: 200 with the plan and its media type, nothing else (PostgREST's RSPlan). */
function respondExplain(req: ApiRequest, plan: Plan, result: ExecResult): HttpResponse {
  const headers: Record<string, string> = { 'content-type': contentTypeOf(plan.media) }
  common(req, headers)
  return { status: 200, headers, body: req.headOnly ? '' : (result.body ?? '') }
}

/** The answer to a plan's result; throws a RestError for a range that cannot be satisfied. */
export function respond(req: ApiRequest, plan: Plan, result: ExecResult): HttpResponse {
  if (plan.media.explain) return respondExplain(req, plan, result)
  switch (plan.kind) {
    case 'read':
      return respondRead(req, plan, result)
    case 'mutation':
      return respondMutation(req, plan, result)
    case 'call':
      return respondCall(req, plan, result)
  }
}
