// One request through the pipeline: caller -> parse -> plan -> sql -> execute -> respond. Plans and
// their SQL are cached for requests without a body (keyed by everything that shapes them) until
// the schema cache reloads.
import type { StackContext } from '../context.ts'
import { isConnectionError, isPostgresError } from '../db/errors.ts'
import type { RequestScope } from '../db/scope.ts'
import type { KeyedRequest } from '../http/caller.ts'
import { knownRestCaller, restCaller } from './caller.ts'
import { errors, fromPgError, RestError } from './errors.ts'
import { execute, renderStatements } from './execute.ts'
import type { ExecResult, RenderedStatements } from './execute.ts'
import { openApiResponse } from './openapi.ts'
import { canonicalTemplate, fillCanonical, shapeOf, slotsOf, withValues } from './plan-shape.ts'
import { negotiate } from './parse/media.ts'
import { mediaTypeOf, parsePayload } from './parse/payload.ts'
import type { Payload } from './parse/payload.ts'
import { parseRequest } from './parse/request.ts'
import type { ApiRequest, RawRequest } from './parse/request.ts'
import { planRequest } from './plan/plan.ts'
import type { Plan } from './plan/types.ts'
import { canonicalQuery } from './query-string.ts'
import { checkResult, errorResponse, respond } from './respond.ts'
import type { HttpResponse } from './respond.ts'
import type { SchemaHolder } from './schema/holder.ts'
import type { SchemaCache } from './schema/types.ts'
import { callStatements, mutationStatements, readStatements } from './sql/statements.ts'

const PLAN_CACHE_LIMIT = 2000
const PREFIX = '/rest/v1'

/** A request as the handler reads it: a FastifyRequest, or a Node request with its body read. */
export interface RestRequest extends KeyedRequest {
  method: string
  /** The raw body (anything else counts as none). */
  body?: unknown
}

type Compiled =
  | {
      kind: 'plan'
      request: ApiRequest
      plan: Plan
      statements: RenderedStatements
      /** For shape-cached plans: per statement, the parameters of each stand-in. */
      slots?: number[][][]
      /** For body-shape-cached plans: the body the plan was made with. */
      bodyText?: string
      /** For shape-cached plans: the canonical query string around the stand-ins. */
      canonical?: (string | number)[]
    }
  | { kind: 'options' | 'openapi'; request: ApiRequest }

export class RestHandler {
  private plans = new Map<string, Compiled>()
  /** The search_path of each schema (the schema, then the extra search path). */
  private searchPaths = new Map<string, string[]>()

  constructor(
    private readonly ctx: StackContext,
    private readonly schema: SchemaHolder
  ) {
    schema.onReload(() => this.plans.clear())
  }

  private aggregatesEnabled(): boolean {
    const value = this.ctx.db.settingsOf('authenticator')['pgrst.db_aggregates_enabled']
    return value !== undefined && ['true', 'on', '1', 'yes'].includes(value.toLowerCase())
  }

  async handle(request: RestRequest): Promise<HttpResponse> {
    const caller = knownRestCaller(this.ctx, request) ?? (await restCaller(this.ctx, request))
    if (caller instanceof RestError) return errorResponse(caller)
    const anon = caller.role === 'anon'
    try {
      const raw = rawRequest(request)
      let cache = this.schema.cached
      if (cache === null) {
        try {
          cache = await this.schema.get()
        } catch (error) {
          this.ctx.log.error('the schema cache is not loaded', error)
          return errorResponse(errors.schemaCacheUnavailable())
        }
      }
      const compiled = this.compile(raw, cache)
      let req = compiled.request
      if (req.prefer.handling === 'strict' && req.prefer.invalid.length > 0) {
        throw errors.invalidPreferences(req.prefer.invalid)
      }
      const settings: Record<string, string> = {}
      if (req.prefer.timezone !== undefined) {
        const zones = await this.schema.timezones()
        if (zones.has(req.prefer.timezone)) settings.timezone = req.prefer.timezone
        else if (req.prefer.handling === 'strict') {
          throw errors.invalidPreferences([`timezone=${req.prefer.timezone}`])
        } else req = { ...req, prefer: { ...req.prefer, timezone: undefined } }
      }
      const scope: RequestScope = {
        role: caller.role,
        claims: caller.claims,
        method: req.method,
        path: req.path,
        headers: headersOf(request),
        cookies: cookiesOf(request),
        searchPath: this.searchPathOf(req.schema),
        settings,
      }
      if (compiled.kind === 'options') return optionsResponse(req)
      if (compiled.kind === 'openapi') return await openApiResponse(this.ctx, cache, req, scope)
      const { plan, statements } = compiled as Extract<Compiled, { kind: 'plan' }>
      const readOnly = plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly)
      const result = await execute(this.ctx.db, scope, statements, {
        readOnly,
        undoOnFailure: !readOnly && mayUndo(plan),
        rollback: req.prefer.tx === 'rollback',
        maxRows: this.maxRows(),
        count: req.prefer.count,
        check: checkerOf(plan),
      })
      return respond(req, plan, result)
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error)
      if (isPostgresError(error)) return errorResponse(fromPgError(error, anon))
      if (isConnectionError(error)) {
        this.ctx.log.error(`database unavailable on ${request.method} ${request.url}`, error)
        return errorResponse(errors.unavailable())
      }
      this.ctx.log.error(`unexpected error on ${request.method} ${request.url}`, error)
      return errorResponse(errors.internal())
    }
  }

  private searchPathOf(schema: string): string[] {
    let path = this.searchPaths.get(schema)
    if (!path) {
      const extra = this.ctx.config.api.extraSearchPath.filter((s) => s !== schema)
      path = [schema, ...extra]
      this.searchPaths.set(schema, path)
    }
    return path
  }

  private maxRows(): number | null {
    return this.ctx.config.api.maxRows > 0 ? this.ctx.config.api.maxRows : null
  }

  /**
   * Parse, plan and SQL for a request. Requests without a body are cached by their shape (see
   * plan-shape.ts) or, failing that, by their exact text.
   */
  private compile(raw: RawRequest, cache: SchemaCache): Compiled {
    if (raw.body !== undefined && raw.body.length > 0) return this.compileWithBody(raw, cache)
    const shape = shapeOf(raw.query)
    if (shape) {
      const key = planKey(raw, shape.query)
      let entry = this.plans.get(key)
      if (!entry) {
        try {
          const compiled = this.compileFresh({ ...raw, query: shape.query }, cache)
          const slots =
            compiled.kind === 'plan'
              ? slotsOf(
                  [compiled.statements.main, compiled.statements.explain],
                  shape.values.length
                )
              : null
          if (compiled.kind === 'plan' && slots) {
            const canonical = canonicalTemplate(canonicalQuery(shape.query))
            entry = { ...compiled, slots, canonical }
            this.remember(key, entry)
          }
        } catch {
          // The stand-ins made it fail: compile the request itself, whose error is the right one.
        }
      }
      if (entry && entry.kind === 'plan' && entry.slots && entry.canonical) {
        const [mainSlots = [], explainSlots = []] = entry.slots
        const { main, explain } = entry.statements
        return {
          kind: 'plan',
          plan: entry.plan,
          request: {
            ...entry.request,
            rawQuery: raw.query,
            canonicalQuery: fillCanonical(entry.canonical, shape.values),
          },
          statements: {
            main: withValues(main, mainSlots, shape.values),
            explain: explain && withValues(explain, explainSlots, shape.values),
          },
        }
      }
    }
    const key = planKey(raw, raw.query)
    const hit = this.plans.get(key)
    // The request is copied: handle() may replace its preferences.
    if (hit) return { ...hit, request: { ...hit.request } }
    const compiled = this.compileFresh(raw, cache)
    if (compiled.kind === 'plan') this.remember(key, compiled)
    return compiled
  }

  /**
   * A request with a JSON body: the plan depends on the body's shape (array or object, its keys),
   * the statement on its text only as a parameter. Cached by shape; PUT compares values, so not it.
   */
  private compileWithBody(raw: RawRequest, cache: SchemaCache): Compiled {
    const type = mediaTypeOf(headerOf(raw, 'content-type'))
    if (raw.method === 'PUT' || type !== 'application/json') return this.compileFresh(raw, cache)
    let payload: Payload
    try {
      payload = parsePayload(raw.body, type, raw.path.startsWith('/rpc/'))
    } catch {
      return this.compileFresh(raw, cache)
    }
    if (payload.kind !== 'json') return this.compileFresh(raw, cache)
    const key = `${planKey(raw, raw.query)}\n${payload.shape}\n${payload.uniform}\n${payload.keys.join('\u0000')}`
    const entry = this.plans.get(key)
    if (entry && entry.kind === 'plan' && entry.slots && entry.bodyText !== undefined) {
      const [mainSlots = []] = entry.slots
      return {
        kind: 'plan',
        plan: entry.plan,
        request: { ...entry.request, payload },
        statements: {
          main: withValues(entry.statements.main, mainSlots, [payload.text]),
          explain: null,
        },
      }
    }
    const compiled = this.compileFresh(raw, cache)
    if (compiled.kind === 'plan' && compiled.statements.explain === null) {
      const slots = [
        compiled.statements.main.values.flatMap((v, at) => (v.value === payload.text ? [at] : [])),
      ]
      // The body is one parameter; anything else (a filter value equal to it) is not cached.
      if ((slots[0] ?? []).length === 1)
        this.remember(key, { ...compiled, slots: [slots], bodyText: payload.text })
    }
    return compiled
  }

  private remember(key: string, compiled: Compiled): void {
    if (this.plans.size >= PLAN_CACHE_LIMIT) this.plans.clear()
    this.plans.set(key, compiled)
  }

  private compileFresh(raw: RawRequest, cache: SchemaCache): Compiled {
    const req = parseRequest(raw, this.ctx.config.api.schemas)
    if (req.action === 'options') return { kind: 'options', request: req }
    if (req.action === 'openapi') {
      const media = negotiate(req.accept, ['openapi', 'json'])
      if (media instanceof Error) throw media
      return { kind: 'openapi', request: req }
    }
    const plan = planRequest(req, cache, {
      maxRows: this.maxRows(),
      aggregatesEnabled: this.aggregatesEnabled(),
    })
    const planned =
      plan.kind === 'read'
        ? readStatements(plan)
        : plan.kind === 'mutation'
          ? mutationStatements(plan)
          : callStatements(plan)
    const statements = renderStatements(planned, req.prefer.count, this.schema.version)
    return { kind: 'plan', request: req, plan, statements }
  }
}

/** The checks of a plan's result (built here, not inline: tsx names inline closures per call). */
function checkerOf(plan: Plan): (result: ExecResult) => RestError | null {
  return (result) => checkResult(plan, result)
}

/** Whether a check after the statement may have to roll a write back. */
function mayUndo(plan: Plan): boolean {
  if (plan.kind === 'mutation') return plan.maxAffected !== null || plan.media.kind === 'object'
  if (plan.kind === 'call') return plan.maxAffected !== null || plan.media.kind === 'object'
  return false
}

function headerOf(raw: RawRequest, name: string): string | undefined {
  const value = raw.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** Everything that shapes a plan besides the body: method, path, query and the headers read. */
function planKey(raw: RawRequest, query: string): string {
  const h = raw.headers
  return `${raw.method}\n${raw.path}\n${query}\n${joined(h.accept)}\n${joined(h.prefer)}\n${joined(
    h['accept-profile']
  )}\n${joined(h['content-profile'])}\n${joined(h.range)}\n${joined(h['content-type'])}`
}

function joined(value: string | string[] | undefined): string {
  return value === undefined ? '' : Array.isArray(value) ? value.join(', ') : value
}

function rawRequest(request: RestRequest): RawRequest {
  const url = request.url
  const q = url.indexOf('?')
  const pathWithPrefix = q === -1 ? url : url.slice(0, q)
  const path = pathWithPrefix.startsWith(PREFIX)
    ? pathWithPrefix.slice(PREFIX.length)
    : pathWithPrefix
  const body = request.body
  return {
    method: request.method,
    path: path === '' ? '/' : path,
    query: q === -1 ? '' : url.slice(q + 1),
    headers: request.headers,
    body: Buffer.isBuffer(body) ? body : undefined,
  }
}

function headersOf(request: RestRequest): Record<string, string> {
  const headers = request.headers
  const out: Record<string, string> = {}
  for (const name in headers) {
    const value = headers[name]
    if (value === undefined) continue
    out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

function cookiesOf(request: RestRequest): Record<string, string> {
  const out: Record<string, string> = {}
  const header = request.headers.cookie
  if (!header) return out
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return out
}

function optionsResponse(req: ApiRequest): HttpResponse {
  const allow =
    req.target.kind === 'rpc'
      ? 'OPTIONS,GET,HEAD,POST'
      : req.target.kind === 'root'
        ? 'OPTIONS,GET,HEAD'
        : 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE'
  return { status: 200, headers: { allow }, body: '' }
}
