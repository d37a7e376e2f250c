// INSERT (with ON CONFLICT for upserts and PUT), UPDATE and DELETE, reading the body in Postgres
// with json_to_recordset as PostgREST does; the statement is the `pgrst_source` CTE.
import type { MutationPlan } from '../plan/types.ts'
import type { Column } from '../schema/types.ts'
import { ident, join, param, qualified, raw, sql } from './fragment.ts'
import type { Fragment } from './fragment.ts'
import { conditionExpr, limitClause, literal, orderClause, whereClause } from './expr.ts'

/** jsonb_build_object takes at most 100 arguments: 50 columns per call. */
const PAIRS_PER_OBJECT = 50

function bodyJson(plan: MutationPlan): Fragment {
  const payload = plan.payload
  if (!payload || payload.shape === 'scalar') return sql`'[]'::json`
  const text = param(payload.text, 'text')
  return payload.shape === 'array' ? sql`${text}::json` : sql`json_build_array(${text}::json)`
}

function recordset(
  plan: MutationPlan,
  columns: Column[],
  alias: string,
  withDefaults: boolean
): Fragment {
  const defs = join(
    columns.map((c) => sql`${ident(c.name)} ${raw(c.type)}`),
    ', '
  )
  const json = bodyJson(plan)
  const defaults = withDefaults ? columns.filter((c) => c.default !== null) : []
  if (defaults.length === 0) return sql`json_to_recordset(${json}) AS ${ident(alias)}(${defs})`
  const objects: Fragment[] = []
  for (let i = 0; i < defaults.length; i += PAIRS_PER_OBJECT) {
    const pairs = defaults
      .slice(i, i + PAIRS_PER_OBJECT)
      .map((c) => sql`${literal(c.name)}, ${raw(c.default as string)}`)
    objects.push(sql`jsonb_build_object(${join(pairs, ', ')})`)
  }
  // Keys present in an element win over the defaults (`||` keeps the right-hand value).
  const merged = sql`(SELECT coalesce(jsonb_agg(${join(objects, ' || ')} || pgrst_elem), '[]'::jsonb) FROM jsonb_array_elements(${json}::jsonb) AS pgrst_elem)`
  return sql`jsonb_to_recordset(${merged}) AS ${ident(alias)}(${defs})`
}

function target(plan: MutationPlan): Fragment {
  return sql`${qualified(plan.relation.schema, plan.relation.name)} AS ${ident(plan.returning.alias)}`
}

/**
 * Whether the statement reports inserted rows apart from updated ones: merging upserts (and PUT)
 * on tables, whose status depends on it.
 */
export function tracksInserts(plan: MutationPlan): boolean {
  return (
    plan.onConflict?.action === 'merge' &&
    (plan.relation.kind === 'table' || plan.relation.kind === 'partitioned table')
  )
}

/**
 * The RETURNING clause: the rows when the answer shows them (or their key, for Location), else
 * `1`, as PostgREST does. Returning columns needs SELECT on them, and with row-level security the
 * new rows must pass a SELECT policy: an insert-only table (an insert policy, no select policy)
 * takes inserts with return=minimal.
 */
function returning(plan: MutationPlan): Fragment {
  const alias = ident(plan.returning.alias)
  const rows = plan.representation !== 'minimal' ? sql`${alias}.*` : sql`1`
  return tracksInserts(plan)
    ? sql` RETURNING ${rows}, (${alias}.xmax = 0) AS pgrst_inserted`
    : sql` RETURNING ${rows}`
}

function insert(plan: MutationPlan): Fragment {
  const columns = plan.columns
  let body: Fragment
  if (columns.length === 0) {
    body = sql`INSERT INTO ${target(plan)} SELECT FROM json_array_elements(${bodyJson(plan)})`
  } else {
    const names = join(
      columns.map((c) => ident(c.name)),
      ', '
    )
    const values = join(
      columns.map((c) => sql`pgrst_body.${ident(c.name)}`),
      ', '
    )
    body = sql`INSERT INTO ${target(plan)} (${names}) SELECT ${values} FROM ${recordset(plan, columns, 'pgrst_body', plan.missingDefault)}`
  }
  const conflict = plan.onConflict
  if (conflict) {
    const keys = join(
      conflict.columns.map((c) => ident(c)),
      ', '
    )
    if (conflict.action === 'merge' && columns.length > 0) {
      const sets = columns.map((c) => sql`${ident(c.name)} = EXCLUDED.${ident(c.name)}`)
      body = sql`${body} ON CONFLICT (${keys}) DO UPDATE SET ${join(sets, ', ')}`
    } else {
      body = sql`${body} ON CONFLICT (${keys}) DO NOTHING`
    }
  }
  return sql`${body}${returning(plan)}`
}

function mutationWhere(plan: MutationPlan): Fragment {
  const alias = plan.returning.alias
  const conditions = plan.conditions.map((c) => conditionExpr(alias, c))
  if (plan.limit === null) return whereClause(conditions)
  // A limited UPDATE/DELETE picks its rows by ctid, in the requested order.
  const inner = sql`SELECT ${ident(alias)}.ctid FROM ${target(plan)}${whereClause(conditions)}${orderClause(alias, plan.order)}${limitClause(plan.limit, null)}`
  return sql` WHERE ${ident(alias)}.ctid = ANY(ARRAY(${inner}))`
}

/** The first element's keys: which columns a PATCH body actually names. */
function presentKeys(plan: MutationPlan): Set<string> {
  const value = plan.payload?.value
  const first: unknown = Array.isArray(value) ? value[0] : value
  return new Set(typeof first === 'object' && first !== null ? Object.keys(first) : [])
}

function update(plan: MutationPlan): Fragment {
  const alias = ident(plan.returning.alias)
  if (plan.columns.length === 0) {
    return sql`SELECT ${alias}.* FROM ${target(plan)} WHERE false`
  }
  const present = presentKeys(plan)
  const sets = plan.columns.map((c) =>
    !present.has(c.name) && plan.missingDefault
      ? sql`${ident(c.name)} = DEFAULT`
      : sql`${ident(c.name)} = pgrst_body.${ident(c.name)}`
  )
  const rows = sql`(SELECT * FROM ${recordset(plan, plan.columns, 'pgrst_rec', false)} LIMIT 1) AS pgrst_body`
  return sql`UPDATE ${target(plan)} SET ${join(sets, ', ')} FROM ${rows}${mutationWhere(plan)}${returning(plan)}`
}

function remove(plan: MutationPlan): Fragment {
  return sql`DELETE FROM ${target(plan)}${mutationWhere(plan)}${returning(plan)}`
}

export function mutationSql(plan: MutationPlan): Fragment {
  switch (plan.action) {
    case 'insert':
    case 'put':
      return insert(plan)
    case 'update':
      return update(plan)
    case 'delete':
      return remove(plan)
  }
}
