// Turning a client's postgres_changes filter into a binding the feed can match rows against,
// with the checks the real server's subscription trigger makes: the tables must be in the
// supabase_realtime publication, filter columns must exist and be selectable by the role,
// filter values must cast to the column's type, `in` takes at most 100 values, `select`
// columns must exist. Failures carry the real server's system-message text.
import type { Sql } from 'postgres'
import { describePostgresError } from '../errors.ts'
import type { PostgresChangeParams } from '../protocol/join-config.ts'
import {
  CAST_OPS,
  MAX_IN_VALUES,
  compileCondition,
  inspectConditions,
  parseFilter,
} from './filters.ts'
import type { CompiledCondition, Condition } from './filters.ts'
import type { TableCatalog } from './tables.ts'

export const PUBLICATION = 'supabase_realtime'

export type Action = '*' | 'INSERT' | 'UPDATE' | 'DELETE'

export interface Binding {
  id: number
  action: Action
  /** Conditions per table (relid) the binding covers. */
  tables: Map<number, CompiledCondition[]>
  /** Columns to send (plus the primary key), or null for all. */
  select: Set<string> | null
}

export type BindingResult = { ok: true; binding: Binding } | { ok: false; message: string }

/** A raised check, shaped like the P0001 errors of the real server's trigger. */
class CheckFailed extends Error {
  readonly code = 'P0001'
}

function describeParams(params: PostgresChangeParams, conditions: Condition[]): string {
  const event = typeof params.raw.event === 'string' ? params.raw.event : '*'
  const select = params.select
    ? `[${params.select.map((c) => JSON.stringify(c)).join(', ')}]`
    : 'nil'
  return `[event: ${event}, schema: ${params.schema}, table: ${params.table}, filters: ${inspectConditions(conditions)}, select: ${select}]`
}

export async function resolveBinding(
  sql: Sql,
  catalog: TableCatalog,
  params: PostgresChangeParams,
  role: string
): Promise<BindingResult> {
  if (params.missingTarget) {
    return {
      ok: false,
      message: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params.raw)}`,
    }
  }
  const parsed = parseFilter(params.filter)
  if (!parsed.ok) return { ok: false, message: parsed.message }
  const conditions = parsed.conditions
  if (params.select && (params.table === '*' || params.schema === '*')) {
    return {
      ok: false,
      message: `Column selection is not supported for wildcard subscriptions: ${describeParams(params, conditions)}`,
    }
  }

  const exception = (error: unknown): BindingResult => ({
    ok: false,
    message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${describeParams(params, conditions)}. Exception: ${describePostgresError(error)}`,
  })

  try {
    const [roleRow] = await sql<{ exists: boolean; allowed: boolean }[]>`
      select r.oid is not null as exists,
        coalesce(pg_has_role('authenticator', r.oid, 'MEMBER'), false) as allowed
      from (select ${role}::text as name) as wanted
      left join pg_roles r on r.rolname = wanted.name
    `
    if (!roleRow?.exists) {
      return exception({ code: '42704', message: `role "${role}" does not exist` })
    }
    if (!roleRow.allowed) {
      return exception({ code: '42501', message: `permission denied to set role "${role}"` })
    }
    const tables = await sql<{ relid: number }[]>`
      select c.oid::int as relid
      from pg_publication_tables p
      join pg_namespace n on n.nspname = p.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
      where p.pubname = ${PUBLICATION}
        and (${params.schema} = '*' or p.schemaname = ${params.schema})
        and (${params.table} = '*' or p.tablename = ${params.table})
        and p.tablename not like '% %'
    `
    if (tables.length === 0) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describeParams(params, conditions)}`,
      }
    }
    const compiled = new Map<number, CompiledCondition[]>()
    for (const { relid } of tables) {
      compiled.set(relid, await compileFor(sql, catalog, relid, role, conditions, params.select))
    }
    return {
      ok: true,
      binding: {
        id: params.id,
        action: params.event,
        tables: compiled,
        select: params.select ? new Set(params.select) : null,
      },
    }
  } catch (error) {
    return exception(error)
  }
}

async function compileFor(
  sql: Sql,
  catalog: TableCatalog,
  relid: number,
  role: string,
  conditions: Condition[],
  select: string[] | null
): Promise<CompiledCondition[]> {
  const table = await catalog.table(relid)
  if (!table) throw new CheckFailed(`table ${relid} does not exist`)
  const selectable = await catalog.selectableColumns(relid, role)
  const compiled: CompiledCondition[] = []
  for (const condition of conditions) {
    const column = table.byName.get(condition.column)
    if (!column || !selectable.has(condition.column)) {
      throw new CheckFailed(`invalid column for filter ${condition.column}`)
    }
    const raw = condition.values ?? [condition.value]
    if (condition.op === 'in' && raw.length > MAX_IN_VALUES) {
      throw new CheckFailed(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`)
    }
    let canonical = raw
    if (CAST_OPS.has(condition.op)) canonical = await canonicalValues(sql, column.sqlType, raw)
    if (condition.op === 'match' || condition.op === 'imatch') {
      await sql`select '' ~ ${condition.value}`
      try {
        new RegExp(condition.value, 'u')
      } catch (error) {
        throw Object.assign(new Error((error as Error).message), { code: '2201B' })
      }
    }
    compiled.push(compileCondition(condition, column.comparison, canonical))
  }
  for (const name of select ?? []) {
    if (!table.byName.has(name)) throw new CheckFailed(`invalid column for select ${name}`)
  }
  return compiled
}

/** Each value cast to the column's type and printed back, in UTC and ISO dates like the feed. */
async function canonicalValues(sql: Sql, sqlType: string, values: string[]): Promise<string[]> {
  const rows = await sql.begin(async (tx) => {
    await tx`select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, MDY', true)`
    return tx.unsafe<{ value: string[] }[]>(
      `select array(select (v)::${sqlType}::text from unnest($1::text[]) as v) as value`,
      [values]
    )
  })
  return rows[0]?.value ?? []
}
