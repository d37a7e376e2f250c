// The statement each plan runs: the rows (a read, a mutation's RETURNING, a function's result)
// aggregated into one result row with the totals, the body built by Postgres (JSON, CSV or
// GeoJSON), and the response.headers / response.status settings a function may have set.
import type { Media } from '../parse/media.ts'
import type { CallPlan, MutationPlan, ReadPlan } from '../plan/types.ts'
import { ident, join, param, qualified, raw, sql } from './fragment.ts'
import type { Fragment } from './fragment.ts'
import { countSelect, nodeSelect } from './read.ts'
import { mutationSql, tracksInserts } from './mutate.ts'

export interface PlannedStatements {
  main: Fragment
  /** The rows to count, for EXPLAIN (planned and estimated counts); null when not needed. */
  countSource: Fragment | null
  /** The CTE prefix the count source needs (function calls). */
  countPrefix: Fragment | null
}

const GUCS = sql`nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status`

/** The body of the rows in `pgrst_t`, as the negotiated media type wants it. */
function body(media: Media, headOnly: boolean, scalarColumn: string | null = null): Fragment {
  if (headOnly) return sql`NULL::text`
  const value = scalarColumn === null ? raw('pgrst_t') : sql`pgrst_t.${ident(scalarColumn)}`
  const element =
    media.stripNulls && scalarColumn === null ? sql`json_strip_nulls(row_to_json(pgrst_t))` : value
  switch (media.kind) {
    case 'json':
    case 'openapi':
      return sql`coalesce(json_agg(${element}), '[]')::text`
    case 'object':
      return sql`(json_agg(${element})->0)::text`
    case 'geojson':
      // PostGIS's ST_AsGeoJSON(record): its geometry column as the geometry, the rest as properties.
      return sql`json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(pgrst_t)::json), '[]'))::text`
    case 'csv':
      return sql`(SELECT coalesce(string_agg(pgrst_k, ','), '') FROM (SELECT json_object_keys(row_to_json(pgrst_h)) AS pgrst_k FROM (SELECT * FROM pgrst_t LIMIT 1) AS pgrst_h) AS pgrst_keys) || chr(10) || coalesce(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), chr(10)), '')`
  }
}

function exactCount(source: Fragment, cap: number | null): Fragment {
  const limited = cap === null ? source : sql`${source} LIMIT ${raw(String(cap + 1))}`
  return sql`(SELECT count(*) FROM (${limited}) AS pgrst_c)`
}

function total(count: ReadPlan['count'], source: Fragment, maxRows: number | null): Fragment {
  if (count === 'exact') return exactCount(source, null)
  // estimated: exact up to max_rows, the planner's estimate beyond (see execute).
  if (count === 'estimated') return exactCount(source, maxRows && maxRows > 0 ? maxRows : null)
  return sql`NULL::int8`
}

export function readStatements(plan: ReadPlan): PlannedStatements {
  const source = countSelect(plan.node)
  const main = sql`WITH pgrst_t AS (${nodeSelect(plan.node)}) SELECT ${total(plan.count, source, plan.maxRows)} AS total, count(*) AS page_total, ${body(plan.media, plan.headOnly)} AS body, ${GUCS} FROM pgrst_t`
  const needsPlan = plan.count === 'planned' || plan.count === 'estimated'
  return { main, countSource: needsPlan ? source : null, countPrefix: null }
}

export function mutationStatements(plan: MutationPlan): PlannedStatements {
  const represent = plan.representation === 'representation'
  const rows = represent ? nodeSelect(plan.returning) : sql`SELECT 1 FROM pgrst_source`
  const pk = plan.relation.primaryKey
  const location =
    plan.action === 'insert' && plan.representation === 'headers-only' && pk.length > 0
      ? sql`(SELECT json_build_array(${join(
          pk.map((c) => sql`pgrst_source.${ident(c)}::text`),
          ', '
        )})::text FROM pgrst_source LIMIT 1)`
      : sql`NULL::text`
  const inserted = tracksInserts(plan)
    ? sql`(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)`
    : sql`NULL::int8`
  const main = sql`WITH pgrst_source AS (${mutationSql(plan)}), pgrst_t AS (${rows}) SELECT (SELECT count(*) FROM pgrst_source) AS total, count(*) AS page_total, ${represent ? body(plan.media, false) : sql`NULL::text`} AS body, ${location} AS location, ${inserted} AS inserted, ${GUCS} FROM pgrst_t`
  return { main, countSource: null, countPrefix: null }
}

/** A PostgreSQL array literal of text elements, each quoted (the values of a variadic GET). */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`
}

function callExpression(plan: CallPlan): { call: Fragment; from: Fragment | null } {
  const routine = plan.routine
  const fn = qualified(routine.schema, routine.name)
  const args = plan.args
  const variadic = (p: { variadic: boolean }) => raw(p.variadic ? 'VARIADIC ' : '')
  switch (args.kind) {
    case 'none':
      return { call: sql`${fn}()`, from: null }
    case 'positional':
      return { call: sql`${fn}(${param(args.text, 'text')}::${raw(args.type)})`, from: null }
    case 'direct': {
      const passed = args.values.map((p) => {
        const text = Array.isArray(p.value) ? arrayLiteral(p.value) : p.value
        return sql`${variadic(p)}${ident(p.name)} := ${param(text)}::${raw(p.type)}`
      })
      return { call: sql`${fn}(${join(passed, ', ')})`, from: null }
    }
    case 'named': {
      const defs = join(
        args.params.map((p) => sql`${ident(p.name)} ${raw(p.type)}`),
        ', '
      )
      const passed = args.params.map(
        (p) => sql`${variadic(p)}${ident(p.name)} := pgrst_args.${ident(p.name)}`
      )
      // An array body: each object a call (json_to_recordset), as PostgREST's normalised body.
      const reader = raw(args.array ? 'json_to_recordset' : 'json_to_record')
      return {
        call: sql`${fn}(${join(passed, ', ')})`,
        from: sql`${reader}(${param(args.json, 'text')}::json) AS pgrst_args(${defs})`,
      }
    }
  }
}

export function callStatements(plan: CallPlan): PlannedStatements {
  const { call, from } = callExpression(plan)
  const returns = plan.routine.returns
  if (plan.node === null) {
    // A scalar or void function: one value.
    const source = from
      ? sql`SELECT ${call} AS pgrst_scalar FROM ${from}`
      : sql`SELECT ${call} AS pgrst_scalar`
    const value =
      returns.kind === 'void' || plan.headOnly
        ? sql`NULL::text`
        : sql`to_json(pgrst_source.pgrst_scalar)::text`
    const main = sql`WITH pgrst_source AS (${source}) SELECT NULL::int8 AS total, count(*) AS page_total, (array_agg(${value}))[1] AS body, ${GUCS} FROM pgrst_source`
    return { main, countSource: null, countPrefix: null }
  }
  const rowSource =
    plan.scalarColumn === null
      ? sql`SELECT pgrst_call.* FROM ${from ? sql`${from}, LATERAL ` : sql``}${call} AS pgrst_call`
      : sql`SELECT pgrst_call AS ${ident(plan.scalarColumn)} FROM ${from ? sql`${from}, LATERAL ` : sql``}${call} AS pgrst_call`
  const prefix = sql`WITH pgrst_source AS (${rowSource})`
  const counted = countSelect(plan.node)
  const rows =
    plan.singleRow && plan.media.kind === 'json' && !plan.headOnly
      ? sql`coalesce((json_agg(${plan.media.stripNulls ? sql`json_strip_nulls(row_to_json(pgrst_t))` : raw('pgrst_t')})->0)::text, 'null')`
      : body(plan.media, plan.headOnly, plan.scalarColumn)
  const main = sql`${prefix}, pgrst_t AS (${nodeSelect(plan.node)}) SELECT ${total(plan.count, counted, null)} AS total, count(*) AS page_total, ${rows} AS body, ${GUCS} FROM pgrst_t`
  const needsPlan = plan.count === 'planned' || plan.count === 'estimated'
  return { main, countSource: needsPlan ? counted : null, countPrefix: needsPlan ? prefix : null }
}
