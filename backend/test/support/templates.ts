// The test cluster's template databases. Every test stack's database is a clone of one:
// `stack_template` holds the platform contract (made by global-setup.ts); a project that many
// test files start (Chorus's own, in the supabase project) also gets a template with its
// migrations and seed applied once, so that each file's stack starts on a database that is
// already what a first start would have made of it (about 2 CPU-seconds of PostgreSQL per file).
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { loadProjectConfig } from '../../src/config/project-config.ts'
import { applyMigrations, applySeed } from '../../src/db/migrate.ts'
import type { Logger } from '../../src/logger.ts'

export const TEMPLATE_DATABASE = 'stack_template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's `postgres` database. */
    pgUrl: string
    /** Templates with a project's migrations and seed applied, by the project's folder. */
    migratedTemplates?: Record<string, string>
  }
}

/** Makes `name` from the platform template with the project's migrations and seed applied. */
export async function makeMigratedTemplate(
  clusterUrl: string,
  workdir: string,
  name: string,
  log: Logger
): Promise<void> {
  const config = await loadProjectConfig(workdir)
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name} template ${TEMPLATE_DATABASE}`)
  await admin.end()
  const db = postgres(withDatabase(clusterUrl, name), { max: 1, onnotice: () => {} })
  try {
    await applyMigrations(db, path.join(config.supabaseDir, 'migrations'), log)
    if (config.db.seed.enabled) await applySeed(db, config.db.seed.sqlPaths, log)
  } finally {
    await db.end()
  }
}

/** What a clone of a migrated template needs to be its own database: pg_cron's jobs name the
 * database they run in (the template's, in the clone), and the stack runs only its own. */
export async function adoptClone(db: Sql): Promise<void> {
  const [state] = await db<{ cron: boolean }[]>`select to_regclass('cron.job') is not null as cron`
  if (state?.cron) {
    await db`update cron.job set database = current_database() where database <> current_database()`
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
