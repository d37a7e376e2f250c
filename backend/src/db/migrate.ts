// Brings a database up to date: first the platform contract (the roles, schemas and helpers a
// hosted Supabase project has), then the project's supabase/migrations/*.sql in file-name order,
// each in its own transaction and recorded in supabase_migrations.schema_migrations as the
// Supabase CLI records it, then supabase/seed.sql on a fresh database. How each file runs (as
// whom, in its transaction, and where it failed) is migration-transaction.ts.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Sql } from 'postgres'
import type { Logger } from '../logger.ts'
import { listMigrations, MigrationError } from './migration-files.ts'
import { prepareMigrationRole, runAs, runInTransaction } from './migration-transaction.ts'
import { installStackExtensions, updateExtensions } from './stack-extensions.ts'
import { splitSqlStatements } from './sql-split.ts'

const PLATFORM_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform')
export { describeSqlError } from './migration-errors.ts'
export { listMigrations, MigrationError } from './migration-files.ts'
export type { MigrationFile } from './migration-files.ts'
export { migrationRole } from './migration-transaction.ts'

/** Vault's key, in the cluster's data directory (60-vault.sql). */
export const VAULT_KEY_FILE = 'chorus_vault.key'

/** Applies the platform contract files that this database has not seen yet. */
export async function applyPlatform(
  sql: Sql,
  authenticatorPassword: string,
  log: Logger
): Promise<string[]> {
  await sql
    .unsafe(
      `
    do $$
    begin
      -- A cluster made by the stack has supabase_admin as its superuser (as Supabase's image);
      -- postgres is the role migrations run as (55-postgres-role.sql gives it its privileges).
      if not exists (select from pg_roles where rolname = 'postgres') then
        create role postgres login createdb createrole replication bypassrls;
      end if;
    end
    $$;
    create schema if not exists _supabase_local;
    create table if not exists _supabase_local.platform_versions (
      name text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    );
  `
    )
    .simple()
  const files = (await readdir(PLATFORM_DIR)).filter((f) => f.endsWith('.sql')).sort()
  const done = new Map(
    (
      await sql<
        { name: string; hash: string }[]
      >`select name, hash from _supabase_local.platform_versions`
    ).map((r) => [r.name, r.hash])
  )
  const unknown = [...done.keys()].filter((name) => !files.includes(name)).sort()
  if (unknown.length > 0) {
    throw new MigrationError(
      '_supabase_local.platform_versions',
      null,
      `This database was set up by a newer version of the stack: it records the platform ` +
        `change${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, which this code (backend/src/db/platform/) ` +
        `does not have. Nothing was changed. Start it with that newer version, or start --reset ` +
        `(deletes the data).`
    )
  }
  const applied: string[] = []
  for (const file of files) {
    const text = await readFile(path.join(PLATFORM_DIR, file), 'utf8')
    const hash = sha1(text)
    const previous = done.get(file)
    if (previous !== undefined) {
      // Never re-applied: a change to the platform is a new file (platform.sum, its test).
      if (previous !== hash) log.debug(`platform file ${file} changed since it was applied`)
      continue
    }
    await runInTransaction(sql, file, text, { role: null }, async (tx) => {
      await tx`insert into _supabase_local.platform_versions (name, hash) values (${file}, ${hash})`
    })
    applied.push(file)
  }
  await protectVaultKey(sql, log)
  // The API connects as authenticator, and the services as their admin roles, with this password.
  // Roles are cluster-wide: set it when this database was just bootstrapped, not on every start.
  if (applied.length === 0) return applied
  const literal = `'${authenticatorPassword.replace(/'/g, "''")}'`
  await sql
    .unsafe(
      `
    alter role authenticator with login password ${literal};
    alter role supabase_auth_admin with login password ${literal};
    alter role supabase_storage_admin with login password ${literal};
    do $$
    begin
      -- postgres connects with the same password as on the CLI's database, unless it is this
      -- server's own superuser (DATABASE_URL), which the stack leaves as it is.
      if not (select rolsuper from pg_roles where rolname = 'postgres') then
        alter role postgres with login password ${literal};
      end if;
    end
    $$;
  `
    )
    .simple()
  return applied
}

/**
 * Vault's key file (60-vault.sql) is written by the server with COPY, which leaves it 0644
 * inside the 0700 data directory: when that directory is on this machine, make it 0600. On a
 * server elsewhere (DATABASE_URL) it stays as the server wrote it.
 */
async function protectVaultKey(sql: Sql, log: Logger): Promise<void> {
  const [row] = await sql<{ dir: string }[]>`select current_setting('data_directory') as dir`
  const file = path.join(row?.dir ?? '', VAULT_KEY_FILE)
  try {
    if (((await stat(file)).mode & 0o777) !== 0o600) await chmod(file, 0o600)
  } catch (error) {
    log.debug(`Vault's key ${file} is not on this machine: ${(error as Error).message}`)
  }
}

export interface MigrationRun {
  /** File names applied by this run. */
  applied: string[]
  /** The database had no migration history before: a fresh database, to be seeded. */
  fresh: boolean
}

/** Applies the project's migrations not yet recorded. */
export async function applyMigrations(
  sql: Sql,
  migrationsDir: string,
  log: Logger
): Promise<MigrationRun> {
  // So that `create extension pg_cron` / `pg_net` work in them (stack-extensions.ts).
  const provided = await installStackExtensions(sql, log)
  const [history] = await sql<{ exists: boolean }[]>`
    select to_regclass('supabase_migrations.schema_migrations') is not null as exists
  `
  await sql
    .unsafe(
      `
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;
  `
    )
    .simple()
  const as = await runAs(sql, log)
  if (as.role) await prepareMigrationRole(sql, as.role)
  const done = new Set(
    (
      await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`
    ).map((r) => r.version)
  )
  const migrations = await listMigrations(migrationsDir, log)
  const local = new Set(migrations.map((m) => m.version))
  const unknown = [...done].filter((version) => !local.has(version)).sort()
  if (unknown.length > 0) {
    throw new MigrationError(
      'supabase_migrations.schema_migrations',
      null,
      `This database is newer than this project's migrations: it records ` +
        `${unknown.length > 1 ? 'versions' : 'version'} ${unknown.join(', ')}, which ` +
        `${migrationsDir} does not have (a newer ` +
        `Chorus, or another branch). Nothing was changed. Start the code that has ` +
        `${unknown.length > 1 ? 'them' : 'it'}, put the files back, or start --reset (deletes the data).`
    )
  }
  // The stack's own pg_cron/pg_net at the version its files now provide (before migrations).
  await updateExtensions(sql, provided, log)
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    const text = await readFile(migration.file, 'utf8')
    const base = path.basename(migration.file)
    log.info(`Applying migration ${base}...`)
    await runInTransaction(sql, `supabase/migrations/${base}`, text, as, async (tx) => {
      await tx`
        insert into supabase_migrations.schema_migrations (version, name, statements)
        values (${migration.version}, ${migration.name}, ${splitSqlStatements(text)})
      `
    })
    applied.push(base)
  }
  return { applied, fresh: !history?.exists }
}

/**
 * What the stack tells the seed's session (current_setting(name, true)), so that a seed can
 * store this stack's own URL and key (supabase/seed.sql puts them in Vault) and still fall back
 * to the CLI's defaults under the real `supabase start`, where they are unset.
 */
export function seedSettings(
  apiUrl: string,
  keys: { publishableKey: string; anonKey: string }
): Record<string, string> {
  return {
    'supabase_local.api_url': apiUrl,
    'supabase_local.publishable_key': keys.publishableKey,
    'supabase_local.anon_key': keys.anonKey,
  }
}

/** Runs the seed files (a fresh database only); returns the files run. */
export async function applySeed(
  sql: Sql,
  seedPaths: string[],
  log: Logger,
  settings: Record<string, string> = {}
): Promise<string[]> {
  await sql
    .unsafe(
      `
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);
  `
    )
    .simple()
  const as = await runAs(sql, null)
  if (as.role) await prepareMigrationRole(sql, as.role)
  const applied: string[] = []
  for (const file of seedPaths) {
    if (!existsSync(file)) continue
    const text = await readFile(file, 'utf8')
    log.info(`Seeding data from ${path.basename(file)}...`)
    await runInTransaction(sql, path.basename(file), text, { ...as, settings }, async (tx) => {
      await tx`
        insert into supabase_migrations.seed_files (path, hash) values (${file}, ${sha1(text)})
        on conflict (path) do update set hash = excluded.hash
      `
    })
    applied.push(file)
  }
  return applied
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex')
}
