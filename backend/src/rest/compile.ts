// Parse, plan and SQL for a request, behind one compile(): what the pipeline does before it
// queries, with the plan cache that lets most requests skip it. Requests without a body are cached
// by their shape (plan-shape.ts: the values of simple comparisons become stand-ins) or, failing
// that, by their exact text; requests with a JSON body by the body's shape (the body is one
// parameter). The cache empties when the schema cache reloads.
import { explainStatements, renderStatements } from './execute.ts'
import type { RenderedStatements } from './execute.ts'
import { planKey } from './parse/http.ts'
import { negotiate } from './parse/media.ts'
import { mediaTypeOf, parsePayload } from './parse/payload.ts'
import type { Payload } from './parse/payload.ts'
import { parseRequest } from './parse/request.ts'
import type { ApiRequest, RawRequest } from './parse/request.ts'
import { canonicalTemplate, fillCanonical, shapeOf, slotsOf, withValues } from './plan-shape.ts'
import type { Shape } from './plan-shape.ts'
import { planRequest } from './plan/plan.ts'
import type { PlanOptions } from './plan/plan.ts'
import type { Plan } from './plan/types.ts'
import { canonicalQuery } from './query-string.ts'
import type { SchemaCache } from './schema/types.ts'
import { callStatements, mutationStatements, readStatements } from './sql/statements.ts'

export interface Planned {
  kind: 'plan'
  request: ApiRequest
  plan: Plan
  statements: RenderedStatements
}

export type Compiled = Planned | { kind: 'options' | 'openapi'; request: ApiRequest }

/** A plan made with stand-ins: per statement (main, explain), the parameters of each stand-in. */
interface ShapeEntry {
  planned: Planned
  slots: number[][][]
  /** The canonical query string around the stand-ins (see canonicalTemplate). */
  canonical: (string | number)[]
}

/** A plan made with one JSON body: the parameter the body text sits in. */
interface BodyEntry {
  planned: Planned
  slot: number[]
}

export interface CompileSettings {
  schemas: string[]
  plan: () => PlanOptions
  /** The schema cache's version, which leads every statement's text. */
  generation: () => number
}

const LIMIT = 2000

export class Compiler {
  private exact = new Map<string, Compiled>()
  private shapes = new Map<string, ShapeEntry>()
  private bodies = new Map<string, BodyEntry>()

  constructor(private readonly settings: CompileSettings) {}

  clear(): void {
    this.exact.clear()
    this.shapes.clear()
    this.bodies.clear()
  }

  /** The compiled request; throws the RestError of a request that cannot be parsed or planned. */
  compile(raw: RawRequest, cache: SchemaCache): Compiled {
    if (raw.body !== undefined && raw.body.length > 0) return this.withBody(raw, cache)
    const shape = shapeOf(raw.query)
    if (shape) {
      const key = planKey(raw, shape.query)
      const entry = this.shapes.get(key) ?? this.shaped(key, raw, shape, cache)
      if (entry) {
        const [mainSlots = [], explainSlots = []] = entry.slots
        const { main, explain } = entry.planned.statements
        return {
          kind: 'plan',
          plan: entry.planned.plan,
          request: {
            ...entry.planned.request,
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
    const hit = this.exact.get(key)
    if (hit) return hit
    const compiled = this.fresh(raw, cache)
    if (compiled.kind === 'plan') this.remember(this.exact, key, compiled)
    return compiled
  }

  /** Compiles a shape with its stand-ins; null when the stand-ins cannot stand for the values. */
  private shaped(
    key: string,
    raw: RawRequest,
    shape: Shape,
    cache: SchemaCache
  ): ShapeEntry | null {
    const query = shape.query
    let compiled: Compiled
    try {
      compiled = this.fresh({ ...raw, query }, cache)
    } catch {
      // The stand-ins made it fail: the request itself is compiled, whose error is the right one.
      return null
    }
    if (compiled.kind !== 'plan') return null
    const { main, explain } = compiled.statements
    const slots = slotsOf([main, explain], shape.values.length)
    if (!slots) return null
    const entry = { planned: compiled, slots, canonical: canonicalTemplate(canonicalQuery(query)) }
    this.remember(this.shapes, key, entry)
    return entry
  }

  /**
   * A request with a JSON body: the plan depends on the body's shape (array or object, its keys),
   * the statement on its text only as a parameter. Cached by shape; PUT compares values, so not it.
   */
  private withBody(raw: RawRequest, cache: SchemaCache): Compiled {
    const type = mediaTypeOf(headerOf(raw, 'content-type'))
    if (raw.method === 'PUT' || type !== 'application/json') return this.fresh(raw, cache)
    let payload: Payload
    try {
      payload = parsePayload(raw.body, type, raw.path.startsWith('/rpc/'))
    } catch {
      return this.fresh(raw, cache)
    }
    if (payload.kind !== 'json') return this.fresh(raw, cache)
    const key = `${planKey(raw, raw.query)}\n${payload.shape}\n${payload.uniform}\n${payload.keys.join('\u0000')}`
    const entry = this.bodies.get(key)
    if (entry) {
      const { plan, request, statements } = entry.planned
      return {
        kind: 'plan',
        plan,
        request: { ...request, payload },
        statements: {
          main: withValues(statements.main, [entry.slot], [payload.text]),
          explain: null,
        },
      }
    }
    const compiled = this.fresh(raw, cache)
    if (compiled.kind === 'plan' && compiled.statements.explain === null) {
      const slot = compiled.statements.main.values.flatMap((v, at) =>
        v.value === payload.text ? [at] : []
      )
      // The body is one parameter; anything else (a filter value equal to it) is not cached.
      if (slot.length === 1) this.remember(this.bodies, key, { planned: compiled, slot })
    }
    return compiled
  }

  private remember<T>(map: Map<string, T>, key: string, value: T): void {
    if (this.exact.size + this.shapes.size + this.bodies.size >= LIMIT) this.clear()
    map.set(key, value)
  }

  private fresh(raw: RawRequest, cache: SchemaCache): Compiled {
    const req = parseRequest(raw, this.settings.schemas)
    if (req.action === 'options') return { kind: 'options', request: req }
    if (req.action === 'openapi') {
      negotiate(req.accept, ['openapi', 'json'])
      return { kind: 'openapi', request: req }
    }
    const plan = planRequest(req, cache, this.settings.plan())
    const planned =
      plan.kind === 'read'
        ? readStatements(plan)
        : plan.kind === 'mutation'
          ? mutationStatements(plan)
          : callStatements(plan)
    const explain = plan.media.explain
    const statements = explain
      ? explainStatements(planned, explain, this.settings.generation())
      : renderStatements(planned, req.prefer.count, this.settings.generation())
    return { kind: 'plan', request: req, plan, statements }
  }
}

function headerOf(raw: RawRequest, name: string): string | undefined {
  const value = raw.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}
