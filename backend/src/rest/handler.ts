// One request through the pipeline, as PostgREST's App.hs reads it: who is calling, parse and
// plan (compile.ts, behind its plan cache), query (execute.ts), respond. Every failure is a thrown
// RestError or a database error, answered in one place.
import type { StackContext } from '../context.ts'
import { isConnectionError, isPostgresError } from '../db/errors.ts'
import type { RequestScope } from '../db/scope.ts'
import { restCaller } from './caller.ts'
import type { RestCaller } from './caller.ts'
import { Compiler } from './compile.ts'
import type { Planned } from './compile.ts'
import { errors, fromPgError, RestError } from './errors.ts'
import { execute } from './execute.ts'
import type { ExecResult } from './execute.ts'
import { openApiResponse } from './openapi.ts'
import { cookiesOf, headersOf, rawRequestOf } from './parse/http.ts'
import type { RestRequest } from './parse/http.ts'
import type { ApiRequest } from './parse/request.ts'
import type { Plan } from './plan/types.ts'
import { checkResult, errorResponse, respond } from './respond.ts'
import type { HttpResponse } from './respond.ts'
import type { SchemaHolder } from './schema/holder.ts'
import type { SchemaCache } from './schema/types.ts'

export type { RestRequest }

/** No settings beyond the role's own (shared: the scope only reads them). */
const NO_SETTINGS: Record<string, string> = Object.freeze({}) as Record<string, string>

export class RestHandler {
  private readonly compiler: Compiler
  /** The search_path of each schema (the schema, then the extra search path). */
  private searchPaths = new Map<string, string[]>()

  constructor(
    private readonly ctx: StackContext,
    private readonly schema: SchemaHolder
  ) {
    this.compiler = new Compiler({
      schemas: ctx.config.api.schemas,
      plan: () => ({
        maxRows: this.maxRows(),
        aggregatesEnabled: this.flag('db_aggregates_enabled'),
        planEnabled: this.flag('db_plan_enabled'),
      }),
      generation: () => schema.version,
    })
    schema.onReload(() => this.compiler.clear())
  }

  /** The answer to one request; never throws. */
  async handle(request: RestRequest): Promise<HttpResponse> {
    let anon = true
    try {
      const soon = restCaller(this.ctx, request)
      const caller = soon instanceof Promise ? await soon : soon
      anon = caller.role === 'anon'
      const cache = this.schema.cached ?? (await this.loadSchema())
      const compiled = this.compiler.compile(rawRequestOf(request), cache)
      const req = await this.checkPreferences(compiled.request)
      const scope = this.scopeOf(caller, req, request)
      switch (compiled.kind) {
        case 'options':
          return optionsResponse(req)
        case 'openapi':
          return await openApiResponse(this.ctx, cache, req, scope)
        case 'plan':
          return respond(req, compiled.plan, await this.query(compiled, req, scope))
      }
    } catch (error) {
      return this.failure(error, anon, request)
    }
  }

  private async loadSchema(): Promise<SchemaCache> {
    try {
      return await this.schema.get()
    } catch (error) {
      this.ctx.log.error('the schema cache is not loaded', error)
      throw errors.schemaCacheUnavailable()
    }
  }

  /** Prefer: handling=strict refuses what it does not know; an unknown timezone is dropped. */
  private async checkPreferences(req: ApiRequest): Promise<ApiRequest> {
    const prefer = req.prefer
    if (prefer.handling === 'strict' && prefer.invalid.length > 0) {
      throw errors.invalidPreferences(prefer.invalid)
    }
    if (prefer.timezone === undefined) return req
    if ((await this.schema.timezones()).has(prefer.timezone)) return req
    if (prefer.handling === 'strict')
      throw errors.invalidPreferences([`timezone=${prefer.timezone}`])
    return { ...req, prefer: { ...prefer, timezone: undefined } }
  }

  private scopeOf(caller: RestCaller, req: ApiRequest, request: RestRequest): RequestScope {
    const timezone = req.prefer.timezone
    return {
      role: caller.role,
      claims: caller.claims,
      method: req.method,
      path: req.path,
      headers: headersOf(request),
      cookies: cookiesOf(request),
      searchPath: this.searchPathOf(req.schema),
      settings: timezone === undefined ? NO_SETTINGS : { timezone },
    }
  }

  private query(planned: Planned, req: ApiRequest, scope: RequestScope): Promise<ExecResult> {
    const plan = planned.plan
    const readOnly = plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly)
    // An EXPLAIN answers the plan: no check applies (PostgREST skips them for RSPlan).
    const explain = plan.media.explain !== undefined
    return execute(this.ctx.db, scope, planned.statements, {
      explain,
      readOnly,
      undoOnFailure: !readOnly && !explain && mayUndo(plan),
      rollback: req.prefer.tx === 'rollback',
      maxRows: this.maxRows(),
      count: req.prefer.count,
      check: explain ? noCheck : checkerOf(plan),
    })
  }

  private failure(error: unknown, anon: boolean, request: RestRequest): HttpResponse {
    if (error instanceof RestError) return errorResponse(error)
    if (isPostgresError(error)) return errorResponse(fromPgError(error, anon))
    if (isConnectionError(error)) {
      this.ctx.log.error(`database unavailable on ${request.method} ${request.url}`, error)
      return errorResponse(errors.unavailable())
    }
    this.ctx.log.error(`unexpected error on ${request.method} ${request.url}`, error)
    return errorResponse(errors.internal())
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
   * A boolean PostgREST setting from the in-database configuration: `pgrst.<name>` set on the
   * authenticator role (ALTER ROLE authenticator SET …, read again on NOTIFY pgrst).
   */
  private flag(name: 'db_aggregates_enabled' | 'db_plan_enabled'): boolean {
    const value = this.ctx.db.settingsOf('authenticator')[`pgrst.${name}`]
    return value !== undefined && ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase())
  }
}

/** The checks of a plan's result (built here, not inline: tsx names inline closures per call). */
function checkerOf(plan: Plan): (result: ExecResult) => void {
  return (result) => checkResult(plan, result)
}

function noCheck(): void {}

/** Whether a check after the statement may have to roll a write back. */
function mayUndo(plan: Plan): boolean {
  if (plan.kind === 'mutation') return plan.maxAffected !== null || plan.media.kind === 'object'
  if (plan.kind === 'call') return plan.maxAffected !== null || plan.media.kind === 'object'
  return false
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
