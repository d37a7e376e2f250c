// `migration new NAME`, `migration list --local` and `migration up --local`, with the Supabase
// CLI's file names, table and messages. The database is the running stack's (or --db-url's); the
// history is supabase_migrations.schema_migrations, as db/migrate.ts records it.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { loadProjectConfig } from '../config/project-config.ts'
import { applyMigrations, listMigrations } from '../db/migrate.ts'
import { createLogger } from '../logger.ts'
import { readRunningState } from './status.ts'

export interface MigrationArgs {
  workdir: string
  dataDir: string
  /** new: the migration's name; list/up: unused. */
  name: string | undefined
  dbUrl: string | undefined
  includeAll: boolean
  /** new: the file's content (stdin when piped), else empty. */
  stdin: () => Promise<string>
}

export async function migration(
  subcommand: string | undefined,
  args: MigrationArgs
): Promise<number> {
  switch (subcommand) {
    case 'new':
      return migrationNew(args)
    case 'list':
      return withDatabase(args, async (sql, migrationsDir) => {
        const local = (await listMigrations(migrationsDir)).map((m) => m.version)
        process.stdout.write(renderMigrationTable(local, await remoteVersions(sql)))
        return 0
      })
    case 'up':
      return withDatabase(args, async (sql, migrationsDir) => {
        const files = await listMigrations(migrationsDir)
        const local = files.map((m) => m.version)
        const found = findPending(local, await remoteVersions(sql))
        if (found.missingLocal.length > 0) {
          process.stderr.write(
            `Remote migration versions not found in local migrations directory.\n\n` +
              `Make sure your local migrations directory holds every applied migration: ` +
              `${found.missingLocal.join(' ')}\n`
          )
          return 1
        }
        if (found.outOfOrder.length > 0 && !args.includeAll) {
          const names = files.filter((f) => found.outOfOrder.includes(f.version))
          process.stderr.write(
            `Found local migration files to be inserted before the last migration on remote database.\n\n` +
              `Rerun the command with --include-all flag to apply these migrations:\n` +
              names.map((f) => `supabase/migrations/${path.basename(f.file)}\n`).join('')
          )
          return 1
        }
        const log = createLogger('info')
        await applyMigrations(sql, migrationsDir, log)
        process.stdout.write('Local database is up to date.\n')
        return 0
      })
    default:
      process.stderr.write(
        `Unknown migration command ${subcommand ?? ''}: use migration new NAME, migration list or migration up\n`
      )
      return 1
  }
}

async function migrationNew(args: MigrationArgs): Promise<number> {
  if (!args.name) {
    process.stderr.write('Usage: npm run backend -- migration new <migration name>\n')
    return 1
  }
  const config = await loadProjectConfig(args.workdir)
  const dir = path.join(config.supabaseDir, 'migrations')
  await mkdir(dir, { recursive: true })
  const file = `${utcTimestamp(new Date())}_${args.name}.sql`
  await writeFile(path.join(dir, file), await args.stdin())
  process.stdout.write(`Created new migration at supabase/migrations/${file}.\n`)
  return 0
}

async function withDatabase(
  args: MigrationArgs,
  fn: (sql: Sql, migrationsDir: string) => Promise<number>
): Promise<number> {
  const config = await loadProjectConfig(args.workdir)
  const url = args.dbUrl ?? (await readRunningState(args.dataDir))?.dbUrl
  if (!url) {
    process.stderr.write(
      `No local stack is running for ${args.workdir}. Start one with: npm run backend -- start\n`
    )
    return 1
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await fn(sql, path.join(config.supabaseDir, 'migrations'))
  } finally {
    await sql.end({ timeout: 2 })
  }
}

async function remoteVersions(sql: Sql): Promise<string[]> {
  const [history] = await sql<{ exists: boolean }[]>`
    select to_regclass('supabase_migrations.schema_migrations') is not null as exists`
  if (!history?.exists) return []
  const rows = await sql<{ version: string }[]>`
    select version from supabase_migrations.schema_migrations order by version`
  return rows.map((row) => row.version)
}

/** yyyymmddHHMMSS in UTC, the CLI's migration version. */
export function utcTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14)
}

/** `2024-01-02 03:04:05` for a timestamp version; anything else as it is. */
export function versionTime(version: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version)
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : version
}

/**
 * The CLI's table of local and remote versions in time order (it renders the same markdown
 * table in the terminal): a version on one side only leaves the other column empty.
 */
export function renderMigrationTable(local: string[], remote: string[]): string {
  const rows: [string, string, string][] = []
  const numeric = (v: string | undefined) => (v === undefined ? Infinity : Number(v))
  let i = 0
  let j = 0
  while (i < remote.length || j < local.length) {
    const r = numeric(remote[i])
    const l = numeric(local[j])
    if (l < r) rows.push([local[j]!, '', versionTime(local[j++]!)])
    else if (r < l) rows.push(['', remote[i]!, versionTime(remote[i++]!)])
    else rows.push([local[j++]!, remote[i]!, versionTime(remote[i++]!)])
  }
  const header: [string, string, string] = ['Local', 'Remote', 'Time (UTC)']
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)))
  const line = (cells: string[]) =>
    `   ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} \n`
  const rule = `  ${widths.map((w) => '-'.repeat(w + 2)).join('|')}\n`
  return `\n  \n${line(header)}${rule}${rows.map(line).join('')}\n`
}

export interface PendingMigrations {
  /** Local versions newer than every applied one. */
  pending: string[]
  /** Local versions older than the last applied one, never applied (need --include-all). */
  outOfOrder: string[]
  /** Applied versions with no local file. */
  missingLocal: string[]
}

export function findPending(local: string[], remote: string[]): PendingMigrations {
  const applied = new Set(remote)
  const known = new Set(local)
  const last = remote.reduce((max, v) => (v > max ? v : max), '')
  const unapplied = local.filter((v) => !applied.has(v))
  return {
    pending: unapplied.filter((v) => v > last),
    outOfOrder: unapplied.filter((v) => v <= last),
    missingLocal: remote.filter((v) => !known.has(v)),
  }
}
