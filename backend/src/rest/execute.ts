// The only stage that touches the database: the statement runs inside the caller's request scope
// (role, claims, method, path, headers, search_path and the role's settings, transaction-local),
// read-only for reads. When nothing can require undoing after the fact, BEGIN, the scope, the
// statement and COMMIT (or the ROLLBACK of Prefer: tx=rollback) go out in one round trip. Checks
// that must undo a write (single object, max-affected) keep the transaction open until they pass.
import type { TransactionSql } from 'postgres'
import type { Database } from '../db/database.ts'
import type { RequestScope } from '../db/scope.ts'
import type { Explain } from './parse/media.ts'
import { raw, render, sql } from './sql/fragment.ts'
import type { SqlValue, Statement } from './sql/fragment.ts'
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
  /** The statement is an EXPLAIN: its rows, one line each, are the body. */
  explain?: boolean
  readOnly: boolean
  rollback: boolean
  /** Estimated counts: beyond this many rows the planner's estimate is used. */
  maxRows: number | null
  count: 'exact' | 'planned' | 'estimated' | undefined
  /** Whether a failed check must roll the transaction back (writes); reads need not. */
  undoOnFailure: boolean
  /** Checks the result inside the transaction; the error it throws rolls back. */
  check: (result: ExecResult) => void
}

const PREPARED = { prepare: true }
const UNKNOWN_OID = 705
const TEXT_OID = 25

type Row = Record<string, unknown>

function toInt(value: unknown): number | null {
  if (value === null || value === undefined) return null
  return Number(value)
}

function parameters(tx: TransactionSql, values: SqlValue[]): never[] {
  // Explicit types keep the driver from re-serialising request text for the inferred type.
  return values.map((v) => tx.typed(v.value, v.type === 'text' ? TEXT_OID : UNKNOWN_OID)) as never[]
}

function explainStatement(
  statements: PlannedStatements,
  count: ExecOptions['count']
): Statement | null {
  if (!statements.countSource || (count !== 'planned' && count !== 'estimated')) return null
  const source = statements.countSource
  return render(
    statements.countPrefix
      ? sql`EXPLAIN (FORMAT JSON) ${statements.countPrefix} ${source}`
      : sql`EXPLAIN (FORMAT JSON) ${source}`
  )
}

function plannedRows(rows: Row[] | null): number | null {
  const plan = rows?.[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined
  const estimate = plan?.[0]?.Plan?.['Plan Rows']
  return estimate === undefined ? null : Math.round(estimate)
}

function resultOf(row: Row, planned: number | null, options: ExecOptions): ExecResult {
  let total = toInt(row.total)
  if (options.count === 'planned') total = planned ?? total
  else if (
    options.count === 'estimated' &&
    options.maxRows !== null &&
    total !== null &&
    total > options.maxRows
  ) {
    total = Math.max(total, planned ?? 0)
  }
  return {
    total,
    pageTotal: toInt(row.page_total) ?? 0,
    affected: toInt(row.total) ?? 0,
    body: (row.body as string | null | undefined) ?? null,
    location: (row.location as string | null | undefined) ?? null,
    inserted: toInt(row.inserted),
    responseHeaders: (row.response_headers as string | null | undefined) ?? null,
    responseStatus: (row.response_status as string | null | undefined) ?? null,
  }
}

/** An EXPLAIN's answer: its lines, each ended by a newline (PostgREST's planRow). */
function planResult(rows: (Buffer | null)[][]): ExecResult {
  const body = rows.map((row) => `${row[0]?.toString('utf8') ?? ''}\n`).join('')
  return {
    total: null,
    pageTotal: 0,
    affected: 0,
    body,
    location: null,
    inserted: null,
    responseHeaders: null,
    responseStatus: null,
  }
}

/** The statements of a plan rendered once, so that cached plans skip rendering. */
export interface RenderedStatements {
  main: Statement
  explain: Statement | null
}

/** The main statement under EXPLAIN with PostgREST's options (explainF); no count statement. */
export function explainStatements(
  statements: PlannedStatements,
  explain: Explain,
  generation = 0
): RenderedStatements {
  const options = [
    `FORMAT ${explain.format.toUpperCase()}`,
    ...explain.options.map((o) => o.toUpperCase()),
  ]
  const main = render(sql`EXPLAIN (${raw(options.join(', '))}) ${statements.main}`)
  return {
    main: { text: `/* pgrst ${generation} */ ${main.text}`, values: main.values },
    explain: null,
  }
}

/**
 * `generation` (the schema cache's version) leads the text: after a reload the statements are new
 * to every connection, so no statement prepared against an older schema is reused.
 */
export function renderStatements(
  statements: PlannedStatements,
  count: ExecOptions['count'],
  generation = 0
): RenderedStatements {
  const tag = (s: Statement | null): Statement | null =>
    s && { text: `/* pgrst ${generation} */ ${s.text}`, values: s.values }
  return {
    main: tag(render(statements.main)) as Statement,
    explain: tag(explainStatement(statements, count)),
  }
}

export async function execute(
  db: Database,
  scope: RequestScope,
  statements: RenderedStatements,
  options: ExecOptions
): Promise<ExecResult> {
  if (!options.undoOnFailure) {
    const end = options.rollback ? 'rollback' : 'commit'
    const result = await db.withScope(scope, { readOnly: options.readOnly, end }, (tx) =>
      run(tx, statements, options)
    )
    options.check(result)
    return result
  }
  const body = async (tx: TransactionSql): Promise<ExecResult> => {
    const result = await run(tx, statements, options)
    options.check(result)
    return result
  }
  const readOnly = options.readOnly
  if (options.rollback) return db.dryRun(scope, { readOnly }, body)
  return db.withScope(scope, { readOnly }, body)
}

/** Starts every query at once with execute(), as pipelined transactions require. */
function run(
  tx: TransactionSql,
  { main, explain }: RenderedStatements,
  options: ExecOptions
): Promise<ExecResult> {
  if (options.explain) {
    // The plan as PostgreSQL prints it (raw: a JSON plan's text kept as is), a line per row.
    return tx
      .unsafe(main.text, parameters(tx, main.values), PREPARED)
      .raw()
      .execute()
      .then((rows) => planResult(rows as unknown as (Buffer | null)[][]))
  }
  // Prepared (unsafe() defaults to unnamed statements): parsed and planned once per connection.
  const rows = tx.unsafe<Row[]>(main.text, parameters(tx, main.values), PREPARED).execute()
  if (!explain) return rows.then((r) => resultOf(r[0] ?? {}, null, options))
  const plan = tx.unsafe<Row[]>(explain.text, parameters(tx, explain.values), PREPARED).execute()
  return Promise.all([rows, plan]).then(([r, p]) => resultOf(r[0] ?? {}, plannedRows(p), options))
}
