// How a migration, seed or platform file runs: as the migration role (`postgres` without
// superuser, as on hosted) in a transaction of its own, rewritten for hosted's supautils, and on
// failure an error that says where ("file:line").
import type { Sql, TransactionSql } from 'postgres'
import type { Logger } from '../logger.ts'
import { quoteIdentifier } from '../sql-identifier.ts'
import { rewriteForHosted } from './hosted-privileges.ts'
import {
  describeMissing,
  describeSqlError,
  isPostgresError,
  lineAt,
  missingExtension,
} from './migration-errors.ts'
import { MigrationError } from './migration-files.ts'
import { leadingCommentsLength, splitSqlStatementRanges } from './sql-split.ts'

/**
 * The role migrations and the seed run as: `postgres` when it is an ordinary role, as on hosted
 * Supabase; null (the connection's superuser) on a server whose `postgres` is its superuser
 * (a cluster made before the stack created supabase_admin, or DATABASE_URL's server).
 */
export async function migrationRole(sql: Sql): Promise<string | null> {
  const [row] = await sql<{ ordinary: boolean | null }[]>`
    select not rolsuper as ordinary from pg_roles where rolname = 'postgres'
  `
  return row?.ordinary ? 'postgres' : null
}

/** Runs a file as the migration role, with what hosted allows it through supautils. */
export interface RunAs {
  role: string | null
  /** Transaction-local settings the file can read with current_setting(name, true). */
  settings?: Record<string, string>
}

export async function runAs(sql: Sql, log: Logger | null): Promise<RunAs> {
  const role = await migrationRole(sql)
  if (role === null && log) {
    log.warn(
      "Migrations run as the superuser: this server's postgres role is its superuser. " +
        'A new database (start --reset) runs them as postgres without superuser, as on hosted.'
    )
  }
  return { role }
}

/**
 * All on the database (a database cloned from a template, or recreated, has no grants of its
 * own) and the migration history, which the Supabase CLI creates as postgres on hosted too.
 */
export async function prepareMigrationRole(sql: Sql, name: string): Promise<void> {
  const role = quoteIdentifier(name)
  await sql
    .unsafe(
      `
    do $$ begin execute format('grant all on database %I to ${role}', current_database()); end $$;
    alter schema supabase_migrations owner to ${role};
    alter table supabase_migrations.schema_migrations owner to ${role};
    alter table if exists supabase_migrations.seed_files owner to ${role};
  `
    )
    .simple()
}

export async function runInTransaction(
  sql: Sql,
  file: string,
  text: string,
  as: RunAs,
  record: (tx: Sql) => Promise<void>
): Promise<void> {
  let script = text
  try {
    await sql.begin(async (tx) => {
      script = as.role ? rewriteForHosted(text, await sessionUser(tx)).text : text
      await enter(tx, as)
      if (text.trim() !== '') await tx.unsafe(script).simple()
      await record(tx as unknown as Sql)
    })
  } catch (error) {
    const where = await locate(sql, file, script, as, error)
    const missing = missingExtension(error)
    const message = missing
      ? await describeMissing(sql, where, missing)
      : describeSqlError(where, error)
    throw new MigrationError(file, error, message)
  }
}

async function sessionUser(tx: TransactionSql): Promise<string> {
  const [row] = await tx<{ user: string }[]>`select session_user as user`
  return row?.user ?? 'postgres'
}

/** The transaction's start: the migration role, and the search path the CLI's session has. */
async function enter(tx: TransactionSql, as: RunAs): Promise<void> {
  if (as.role)
    await tx.unsafe(`set local session authorization ${quoteIdentifier(as.role)}`).simple()
  await tx.unsafe('set local search_path = "$user", public, extensions').simple()
  for (const [name, value] of Object.entries(as.settings ?? {})) {
    await tx`select set_config(${name}, ${value}, true)`
  }
}

/**
 * "file:line" of an error. PostgreSQL gives a position for most errors; for those it does not
 * (a utility statement refused, an error inside a function) the script is run again, statement
 * by statement, in a transaction rolled back, up to the one that fails the same way.
 */
async function locate(
  sql: Sql,
  file: string,
  script: string,
  as: RunAs,
  error: unknown
): Promise<string> {
  const position = Number((error as { position?: string }).position)
  if (Number.isFinite(position) && position > 0) return `${file}:${lineAt(script, position - 1)}`
  const code = (error as { code?: string }).code
  if (!code || !isPostgresError(error)) return file
  let line: number | null = null
  await sql
    .begin(async (tx) => {
      await enter(tx, as)
      for (const statement of splitSqlStatementRanges(script)) {
        try {
          await tx.unsafe(statement.text).simple()
        } catch (replayed) {
          if ((replayed as { code?: string }).code === code) {
            const at = Number((replayed as { position?: string }).position)
            const start = statement.start + leadingCommentsLength(statement.text)
            line = lineAt(script, at > 0 ? statement.start + at - 1 : start)
          }
          break
        }
      }
      throw new Rollback()
    })
    .catch(() => undefined)
  return line === null ? file : `${file}:${line}`
}

class Rollback extends Error {}
