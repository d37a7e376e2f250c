// The only stage that touches the database: the statement runs inside the caller's request scope
// (role, claims, method, path, headers, search_path and the role's settings, transaction-local),
// read-only for reads. Checks that must undo a write (single object, max-affected) and
// `Prefer: tx=rollback` end the transaction with a rollback.
import type { TransactionSql } from 'postgres'
import type { Database } from '../db/database.ts'
import type { RequestScope } from '../db/scope.ts'
import type { RestError } from './errors.ts'
import { render } from './sql/fragment.ts'
import type { Fragment, SqlValue } from './sql/fragment.ts'
import { sql } from './sql/fragment.ts'
import type { PlannedStatements } from './sql/statements.ts'

export interface ExecResult {
  /** The total requested with Prefer: count (exact, or estimated up to max_rows). */
  total: number | null
  /** Rows in the response (or affected by a mutation, see `affected`). */
  pageTotal: number
  /** Rows a mutation affected. */
  affected: number
  body: string | null
  location: string | null
  inserted: number | null
  responseHeaders: string | null
  responseStatus: string | null
}

export interface ExecOptions {
  readOnly: boolean
  rollback: boolean
  /** Estimated counts: beyond this many rows the planner's estimate is used. */
  maxRows: number | null
  count: 'exact' | 'planned' | 'estimated' | undefined
  /** A failed check throws its error inside the transaction, which then rolls back. */
  check: (result: ExecResult) => RestError | null
}

const UNKNOWN_OID = 705
const TEXT_OID = 25

class Rollback {
  constructor(readonly result: ExecResult) {}
}

type Row = Record<string, unknown>

function toInt(value: unknown): number | null {
  if (value === null || value === undefined) return null
  return Number(value)
}

function parameters(tx: TransactionSql, values: SqlValue[]) {
  // Explicit types keep the driver from re-serialising request text for the inferred type.
  return values.map((v) => tx.typed(v.value, v.type === 'text' ? TEXT_OID : UNKNOWN_OID))
}

async function plannedRows(
  tx: TransactionSql,
  prefix: Fragment | null,
  source: Fragment
): Promise<number> {
  const statement = render(
    prefix ? sql`EXPLAIN (FORMAT JSON) ${prefix} ${source}` : sql`EXPLAIN (FORMAT JSON) ${source}`
  )
  const rows = await tx.unsafe<Row[]>(statement.text, parameters(tx, statement.values) as never[])
  const plan = rows[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

export async function execute(
  db: Database,
  scope: RequestScope,
  statements: PlannedStatements,
  options: ExecOptions
): Promise<ExecResult> {
  const main = render(statements.main)
  try {
    return await db.withScope(scope, { readOnly: options.readOnly }, async (tx) => {
      const rows = await tx.unsafe<Row[]>(main.text, parameters(tx, main.values) as never[])
      const row = rows[0] ?? {}
      let total = toInt(row.total)
      if (statements.countSource && options.count === 'planned') {
        total = await plannedRows(tx, statements.countPrefix, statements.countSource)
      } else if (
        statements.countSource &&
        options.count === 'estimated' &&
        options.maxRows !== null &&
        total !== null &&
        total > options.maxRows
      ) {
        total = Math.max(
          total,
          await plannedRows(tx, statements.countPrefix, statements.countSource)
        )
      }
      const result: ExecResult = {
        total,
        pageTotal: toInt(row.page_total) ?? 0,
        affected: toInt(row.total) ?? 0,
        body: (row.body as string | null | undefined) ?? null,
        location: (row.location as string | null | undefined) ?? null,
        inserted: toInt(row.inserted),
        responseHeaders: (row.response_headers as string | null | undefined) ?? null,
        responseStatus: (row.response_status as string | null | undefined) ?? null,
      }
      const failure = options.check(result)
      if (failure) throw failure
      if (options.rollback) throw new Rollback(result)
      return result
    })
  } catch (error) {
    if (error instanceof Rollback) return error.result
    throw error
  }
}
