// Auth's access to Postgres: every read and write runs in one transaction on the platform pool
// acting as supabase_auth_admin, as GoTrue connects on hosted Supabase, so an app's triggers on
// auth.users run with the same privileges and a failure leaves nothing half-written. Timestamps
// are rendered in UTC so that to_json() gives the text GoTrue would print.
import type { TransactionSql } from 'postgres'
import type { Database } from '../db/database.ts'
import { quoteIdentifier } from '../db/scope.ts'

export type Tx = TransactionSql

export const NIL_UUID = '00000000-0000-0000-0000-000000000000'

export function authTx<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.admin.begin(async (tx) => {
    await tx`select set_config('role', 'supabase_auth_admin', true), set_config('TimeZone', 'UTC', true)`
    return fn(tx)
  }) as Promise<T>
}

/** A column value of a patch: JSON columns are marked so they are bound as jsonb. */
export type ColumnValue = string | number | boolean | null | Date | { json: unknown }

export interface Statement {
  text: string
  /** Bound values; a JSON column's value is the object itself (postgres.js serializes jsonb). */
  values: unknown[]
}

/** `update <table> set … where id = $n`, with quoted identifiers and bound values. */
export function updateStatement(
  table: string,
  patch: Record<string, ColumnValue>,
  idColumn: string,
  id: string
): Statement {
  const values: unknown[] = []
  const sets = Object.entries(patch).map(([column, value]) => {
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      values.push(value.json)
      return `${quoteIdentifier(column)} = $${values.length}::jsonb`
    }
    if (value instanceof Date) {
      values.push(value.toISOString())
      return `${quoteIdentifier(column)} = $${values.length}::timestamptz`
    }
    values.push(value)
    return `${quoteIdentifier(column)} = $${values.length}`
  })
  values.push(id)
  const qualified = table
    .split('.')
    .map((part) => quoteIdentifier(part))
    .join('.')
  return {
    text: `update ${qualified} set ${sets.join(', ')} where ${quoteIdentifier(idColumn)} = $${values.length}`,
    values,
  }
}

export async function runStatement(tx: Tx, statement: Statement): Promise<void> {
  await tx.unsafe(statement.text, statement.values as never[])
}
