// The request scope, as PostgREST and Supabase Storage set it up: every API request runs in one
// transaction that first takes the caller's role and publishes the JWT claims, method, path and
// headers as transaction-local settings, so that row-level security and auth.uid() see them.
import type { Sql, TransactionSql } from 'postgres'
import { quoteIdentifier } from '../sql-identifier.ts'
import type { SessionPool } from './session-pool.ts'

export interface RequestScope {
  /** The database role to act as: the JWT's `role` claim, `anon` without a JWT. */
  role: string
  /** The JWT claims, published as request.jwt.claims. */
  claims: Record<string, unknown>
  method?: string
  path?: string
  /** Request headers, lower-cased names, published as request.headers. */
  headers?: Record<string, string>
  cookies?: Record<string, string>
  /** The search_path for the request (PostgREST: the schema, then extra_search_path). */
  searchPath?: string[]
  /** Further transaction-local settings, e.g. statement_timeout or storage.operation. */
  settings?: Record<string, string>
}

export interface SqlStatement {
  text: string
  values: string[]
}

/**
 * One statement that sets every setting of the scope with transaction-local set_config: names
 * and values alike are parameters, so the text depends only on how many there are. (It runs for
 * every request: the values are pushed straight into one array and the texts are kept.)
 */
export function scopeStatement(scope: RequestScope): SqlStatement {
  const values: string[] = []
  if (scope.searchPath && scope.searchPath.length > 0) {
    values.push('search_path', scope.searchPath.map(quoteIdentifier).join(', '))
  }
  values.push('role', scope.role, 'request.jwt.claims', JSON.stringify(scope.claims))
  const sub = scope.claims.sub
  if (typeof sub === 'string') values.push('request.jwt.claim.sub', sub)
  values.push('request.jwt.claim.role', scope.role)
  if (scope.method !== undefined) values.push('request.method', scope.method)
  if (scope.path !== undefined) values.push('request.path', scope.path)
  if (scope.headers !== undefined) values.push('request.headers', JSON.stringify(scope.headers))
  if (scope.cookies !== undefined) values.push('request.cookies', JSON.stringify(scope.cookies))
  const settings = scope.settings
  if (settings) for (const key in settings) values.push(key, settings[key] as string)
  return { text: setConfigText(values.length / 2), values }
}

const SET_CONFIG_TEXTS: string[] = []

/** `select set_config($1, $2, true), …` for `count` settings. */
function setConfigText(count: number): string {
  let text = SET_CONFIG_TEXTS[count]
  if (text === undefined) {
    const calls: string[] = []
    for (let i = 1; i <= count; i++) calls.push(`set_config($${2 * i - 1}, $${2 * i}, true)`)
    text = SET_CONFIG_TEXTS[count] = `select ${calls.join(', ')}`
  }
  return text
}

export { quoteIdentifier }

export interface ScopeOptions {
  readOnly?: boolean
  /**
   * Pipelined: end the transaction with this command right behind the queries `fn` issues
   * synchronously, so that BEGIN, the scope statement, those queries and the end go out in one
   * round trip on the connection the transaction holds. `fn` must start all its queries
   * synchronously with `.execute()` (postgres.js queries are lazy: a query only awaited would be
   * sent after the end); if any statement fails the transaction rolls back (PostgreSQL turns the
   * COMMIT of a failed transaction into a ROLLBACK) and the first error is thrown. Without `end`,
   * `fn` runs inside sql.begin as usual.
   */
  end?: 'commit' | 'rollback'
}

/** Runs `fn` in one transaction under the scope (Database.withScope adds the role's own settings). */
export async function withScope<T>(
  pool: SessionPool,
  scope: RequestScope,
  options: ScopeOptions,
  fn: (tx: TransactionSql) => Promise<T>
): Promise<T> {
  const statement = scopeStatement(scope)
  const mode = options.readOnly ? 'read only' : 'read write'
  // A client of the session pool holds one connection and serves this transaction alone.
  const client = await pool.acquire()
  try {
    if (options.end) return await pipelined(client, statement, mode, options.end, fn)
    return await (client.begin(mode, async (tx) => {
      await tx.unsafe(statement.text, statement.values)
      return fn(tx)
    }) as Promise<T>)
  } finally {
    pool.release(client)
  }
}

async function pipelined<T>(
  connection: Sql,
  statement: SqlStatement,
  mode: string,
  end: 'commit' | 'rollback',
  fn: (tx: TransactionSql) => Promise<T>
): Promise<T> {
  // execute() queues each query now, in this order; postgres.js writes them back to back.
  const begin = connection.unsafe(`begin ${mode}`).execute()
  // Prepared: the scope statement's text is the same for every request of a kind.
  const scoped = connection.unsafe(statement.text, statement.values, { prepare: true }).execute()
  let result: Promise<T>
  let ending = end
  try {
    result = fn(connection as unknown as TransactionSql)
  } catch (error) {
    result = Promise.reject(error)
    ending = 'rollback'
  }
  const finish = connection.unsafe(ending).execute()
  const settled = await Promise.allSettled([begin, scoped, result, finish])
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason
  return (settled[2] as PromiseFulfilledResult<T>).value
}
