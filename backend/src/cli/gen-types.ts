// `gen types typescript --local [--schema S]...`: the project's database types on stdout, as
// `supabase gen types typescript` prints them. From the running stack's database when one runs;
// else from a throwaway database made from supabase/migrations (created, migrated, read, deleted),
// so that the committed types can be checked without a stack.
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { loadProjectConfig } from '../config/project-config.ts'
import { removeCluster, startEmbeddedPostgres } from '../db/embedded.ts'
import { applyMigrations, applyPlatform } from '../db/migrate.ts'
import { readCatalog } from '../gen/catalog.ts'
import { renderTypescript } from '../gen/typescript.ts'
import { freePort } from '../http/ports.ts'
import { createLogger } from '../logger.ts'
import { POSTGREST_VERSION } from '../rest/openapi.ts'
import { LOCAL_DB_PASSWORD } from '../stack/db-password.ts'
import { readRunningState } from './status.ts'

export interface GenTypesArgs {
  workdir: string
  dataDir: string
  /** `typescript` (the positional of `gen types typescript`, or --lang). */
  lang: string | undefined
  /** --schema, repeatable or comma-separated; default public plus [api] schemas. */
  schemas: string[]
  /** --db-url: any database instead of the local one. */
  dbUrl: string | undefined
}

export async function genTypes(args: GenTypesArgs): Promise<number> {
  const lang = args.lang ?? 'typescript'
  if (lang !== 'typescript') {
    process.stderr.write(`Unsupported language ${lang}: this stack generates typescript only.\n`)
    return 1
  }
  const config = await loadProjectConfig(args.workdir)
  const schemas = args.schemas.length > 0 ? args.schemas : unique(['public', ...config.api.schemas])
  const generate = async (url: string) => {
    const where = new URL(url)
    process.stderr.write(`Connecting to ${where.hostname} ${where.port || 5432}\n`)
    const sql = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const catalog = await readCatalog(sql, schemas)
      return await renderTypescript(catalog, { postgrestVersion: POSTGREST_VERSION })
    } finally {
      await sql.end({ timeout: 2 })
    }
  }

  const url = args.dbUrl ?? (await readRunningState(args.dataDir))?.dbUrl
  if (!url)
    process.stderr.write(
      'No local stack is running: generating from supabase/migrations on a throwaway database.\n'
    )
  const text = url
    ? await generate(url)
    : await withThrowawayDatabase(path.join(config.supabaseDir, 'migrations'), generate)
  process.stdout.write(text)
  return 0
}

/**
 * A cluster of its own in a temporary folder with the platform contract and the migrations (and
 * nothing else: no seed), for `fn`; removed afterwards. Also supabase/scripts/schema-dump.ts's.
 */
export async function withThrowawayDatabase<T>(
  migrationsDir: string,
  fn: (url: string) => Promise<T>
): Promise<T> {
  const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error')
  const dir = await mkdtemp(path.join(tmpdir(), 'gen-types-'))
  await chmod(dir, 0o755) // the postgres user (as root) must reach it
  const pgdata = path.join(dir, 'pgdata')
  try {
    const server = await startEmbeddedPostgres({
      pgdata,
      port: await freePort(),
      password: LOCAL_DB_PASSWORD,
      log,
      name: 'gen-types',
      fast: true,
    })
    try {
      const sql = postgres(server.url, { max: 1, onnotice: () => {} })
      try {
        await applyPlatform(sql, LOCAL_DB_PASSWORD, log)
        await applyMigrations(sql, migrationsDir, log)
      } finally {
        await sql.end({ timeout: 2 })
      }
      return await fn(server.url)
    } finally {
      await server.stop()
    }
  } finally {
    await removeCluster(pgdata)
    await rm(dir, { recursive: true, force: true })
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items)]
}
