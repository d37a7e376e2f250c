// What every service asks of a database failure, in one place (as supabase/storage keeps
// internal/errors/database-error.ts): is it PostgreSQL's answer to a statement, which one (named
// SQLSTATEs), or did the connection itself fail. And the one sentinel that ends a transaction with
// a rollback while handing back a value (Database.dryRun uses it).
import type { TransactionSql } from 'postgres'

/** The SQLSTATEs the services branch on (PostgreSQL's errcodes.txt names). */
export const SQLSTATE = {
  cardinalityViolation: '21000',
  characterNotInRepertoire: '22021',
  untranslatableCharacter: '22P05',
  invalidParameterValue: '22023',
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  readOnlySqlTransaction: '25006',
  insufficientPrivilege: '42501',
  undefinedFunction: '42883',
  undefinedTable: '42P01',
  lockNotAvailable: '55P03',
  queryCanceled: '57014',
  adminShutdown: '57P01',
  raiseException: 'P0001',
} as const

/** A PostgreSQL error as the driver (postgres.js PostgresError) reports it. */
export interface PostgresError {
  /** The SQLSTATE, five characters (or PostgREST's 'PGRST' raised by a function). */
  code: string
  message: string
  severity: string
  detail?: string
  hint?: string
}

const SQLSTATE_SHAPE = /^[0-9A-Z]{5}$/

/**
 * Whether `error` is PostgreSQL's answer to a statement: a five-character SQLSTATE and a
 * severity, which only the server's ErrorResponse carries (a socket's EPIPE has neither).
 */
export function isPostgresError(error: unknown): error is PostgresError {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { code?: unknown; severity?: unknown; message?: unknown }
  return (
    typeof e.code === 'string' &&
    SQLSTATE_SHAPE.test(e.code) &&
    typeof e.severity === 'string' &&
    typeof e.message === 'string'
  )
}

/** The driver's and the socket's codes for a connection that failed or went away. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
])

/**
 * Errors of the connection rather than of a statement: the driver's and the socket's codes, and
 * the server's SQLSTATE classes 08 (connection exception) and 57P (operator intervention: the
 * server shut down, crashed or cannot connect now).
 */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string') return false
  if (CONNECTION_CODES.has(code)) return true
  return SQLSTATE_SHAPE.test(code) && (code.startsWith('08') || code.startsWith('57P'))
}

/** Thrown inside a transaction to end it with a rollback; carries the value to hand back. */
class Rollback<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs `fn` inside the transaction that `begin` opens and always ends it with a rollback,
 * returning `fn`'s value; `fn`'s own errors are thrown as they are.
 */
export async function rolledBack<T>(
  begin: (body: (tx: TransactionSql) => Promise<never>) => Promise<unknown>,
  fn: (tx: TransactionSql) => Promise<T>
): Promise<T> {
  try {
    await begin(async (tx) => {
      throw new Rollback(await fn(tx))
    })
  } catch (outcome) {
    if (outcome instanceof Rollback) return outcome.value as T
    throw outcome
  }
  throw new Error('unreachable: the transaction body always throws')
}
