// The connections of the stack. `admin` is a superuser pool for the platform's own work
// (migrations, the auth and storage services' bookkeeping); `api` and the request sessions
// connect as `authenticator`, as PostgREST does, and every request scope (withScope) switches to
// the caller's role inside its own transaction.
import postgres from 'postgres'
import type { Sql, TransactionSql } from 'postgres'
import { rolledBack } from './errors.ts'
import { withScope } from './scope.ts'
import type { RequestScope, ScopeOptions } from './scope.ts'
import { SessionPool } from './session-pool.ts'

export interface DatabaseOptions {
  /** Superuser connection URL. */
  url: string
  /** Password of the `authenticator` role (bootstrap sets it). */
  authenticatorPassword: string
  apiPoolSize?: number
  adminPoolSize?: number
  /** A WARNING a request's session raised (the API's pools; the admin pool's are dropped). */
  onWarning?: (message: string) => void
}

export class Database {
  private roleSettings = new Map<string, Record<string, string>>()

  private constructor(
    readonly url: string,
    readonly admin: Sql,
    readonly api: Sql,
    /** Connections as `authenticator` for request scopes (withScope), one transaction each. */
    private readonly sessions: SessionPool
  ) {}

  static async connect(options: DatabaseOptions): Promise<Database> {
    const common = {
      onnotice: () => {},
      idle_timeout: 60,
      connect_timeout: 10,
      connection: { application_name: 'supabase-local' },
    }
    const admin = postgres(options.url, { ...common, max: options.adminPoolSize ?? 4 })
    const apiUrl = withUser(options.url, 'authenticator', options.authenticatorPassword)
    const requests = {
      ...common,
      onnotice: (notice: postgres.Notice) => {
        if (notice.severity === 'WARNING') options.onWarning?.(String(notice.message))
      },
    }
    const api = postgres(apiUrl, { ...requests, max: options.apiPoolSize ?? 10 })
    const sessions = new SessionPool(options.apiPoolSize ?? 10, () =>
      postgres(apiUrl, { ...requests, max: 1 })
    )
    const db = new Database(options.url, admin, api, sessions)
    await db.reloadRoleSettings()
    return db
  }

  /** The URL the `api` pool connects with (role authenticator). */
  static apiUrl(url: string, password: string): string {
    return withUser(url, 'authenticator', password)
  }

  /** Re-reads ALTER ROLE … SET settings of the roles requests act as. */
  async reloadRoleSettings(): Promise<void> {
    const rows = await this.admin<{ role: string; settings: string[] }[]>`
      select r.rolname as role, s.setconfig as settings
      from pg_db_role_setting s
      join pg_roles r on r.oid = s.setrole
      where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by s.setdatabase
    `
    const next = new Map<string, Record<string, string>>()
    for (const row of rows) {
      const settings = next.get(row.role) ?? {}
      for (const entry of row.settings) {
        const eq = entry.indexOf('=')
        const key = entry.slice(0, eq)
        // search_path and role are decided per request; the rest applies as the role's default.
        if (key === 'search_path' || key === 'role' || key.startsWith('session_')) continue
        settings[key] = entry.slice(eq + 1)
      }
      next.set(row.role, settings)
    }
    this.roleSettings = next
  }

  /** The role's own settings (statement_timeout, …) that SET ROLE alone does not apply. */
  settingsOf(role: string): Record<string, string> {
    return this.roleSettings.get(role) ?? {}
  }

  /** Runs `fn` as `authenticator` in one transaction acting as the scope's role. */
  withScope<T>(
    scope: RequestScope,
    options: ScopeOptions,
    fn: (tx: TransactionSql) => Promise<T>
  ): Promise<T> {
    const settings = { ...this.settingsOf(scope.role), ...scope.settings }
    return withScope(this.sessions, { ...scope, settings }, options, fn)
  }

  /**
   * Runs `fn` as withScope does and always rolls back, returning `fn`'s value: a permission probe
   * or Prefer: tx=rollback. Pipelined, the ROLLBACK goes out with BEGIN and `fn`'s queries (the
   * rules of ScopeOptions.end apply); otherwise `fn` may await between its queries.
   */
  dryRun<T>(
    scope: RequestScope,
    options: { readOnly?: boolean; pipelined?: boolean },
    fn: (tx: TransactionSql) => Promise<T>
  ): Promise<T> {
    const readOnly = options.readOnly
    if (options.pipelined) return this.withScope(scope, { readOnly, end: 'rollback' }, fn)
    return rolledBack((body) => this.withScope(scope, { readOnly }, body), fn)
  }

  /**
   * Lends `fn` one connection of the request sessions (as `authenticator`, no request scope) for
   * work that runs its own transaction, e.g. pipelined: BEGIN, statements and COMMIT in one write.
   */
  async withSession<T>(fn: (client: Sql) => Promise<T>): Promise<T> {
    const client = await this.sessions.acquire()
    try {
      return await fn(client)
    } finally {
      this.sessions.release(client)
    }
  }

  async close(): Promise<void> {
    await Promise.all([
      this.sessions.end({ timeout: 2 }),
      this.api.end({ timeout: 2 }),
      this.admin.end({ timeout: 2 }),
    ])
  }
}

function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url)
  parsed.username = user
  parsed.password = encodeURIComponent(password)
  return parsed.toString()
}
