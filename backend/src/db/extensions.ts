// The extensions a project's migrations create, read from the files before anything runs (so
// the stack can pick a PostgreSQL that has them), and the one message for an extension no
// server at hand has: the migration, the extension, what installs it and the ways around it.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { MigrationFile } from './migration-files.ts'

export interface ExtensionUse {
  /** The extension's name as PostgreSQL knows it (unquoted names folded to lower case). */
  name: string
  /** e.g. supabase/migrations/20240101000000_geo.sql */
  file: string
  /** 1-based line of the `create extension`. */
  line: number
}

const CREATE_EXTENSION =
  /\bcreate\s+extension\s+(?:if\s+not\s+exists\s+)?("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)/gi

/** Comments blanked out, line breaks kept (so positions still give line numbers). */
function withoutComments(text: string): string {
  return text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
}

/** The `create extension` statements of one migration's text. */
export function extensionsIn(text: string, file: string): ExtensionUse[] {
  const uses: ExtensionUse[] = []
  const clean = withoutComments(text)
  for (const match of clean.matchAll(CREATE_EXTENSION)) {
    const raw = match[1] ?? ''
    const name = raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw.toLowerCase()
    const line = clean.slice(0, match.index).split('\n').length
    uses.push({ name, file, line })
  }
  return uses
}

/** Every extension the migrations create, first use of each, in the order they run. */
export async function extensionsOfMigrations(migrations: MigrationFile[]): Promise<ExtensionUse[]> {
  const seen = new Map<string, ExtensionUse>()
  for (const migration of migrations) {
    const text = await readFile(migration.file, 'utf8')
    const file = `supabase/migrations/${path.basename(migration.file)}`
    for (const use of extensionsIn(text, file)) if (!seen.has(use.name)) seen.set(use.name, use)
  }
  return [...seen.values()]
}

/** Debian's package for an extension Supabase projects use; NN is the server's major version. */
const DEBIAN_PACKAGES: Record<string, string> = {
  postgis: 'postgresql-NN-postgis-3',
  postgis_raster: 'postgresql-NN-postgis-3',
  postgis_topology: 'postgresql-NN-postgis-3',
  postgis_tiger_geocoder: 'postgresql-NN-postgis-3',
  postgis_sfcgal: 'postgresql-NN-postgis-3',
  address_standardizer: 'postgresql-NN-postgis-3',
  address_standardizer_data_us: 'postgresql-NN-postgis-3',
  pgrouting: 'postgresql-NN-pgrouting',
  vector: 'postgresql-NN-pgvector',
  pg_cron: 'postgresql-NN-cron',
  pgtap: 'postgresql-NN-pgtap',
  http: 'postgresql-NN-http',
  hypopg: 'postgresql-NN-hypopg',
  pgaudit: 'postgresql-NN-pgaudit',
  pg_repack: 'postgresql-NN-repack',
  pg_partman: 'postgresql-NN-partman',
  plpgsql_check: 'postgresql-NN-plpgsql-check',
  pg_hint_plan: 'postgresql-NN-pg-hint-plan',
  orafce: 'postgresql-NN-orafce',
  wal2json: 'postgresql-NN-wal2json',
  rum: 'postgresql-NN-rum',
  plv8: 'postgresql-NN-plv8',
  timescaledb: 'timescaledb-2-postgresql-NN',
}

/** "apt-get install postgresql-15-postgis-3", or what to install when Debian has no package. */
export function installHint(extension: string, major: number): string {
  const debian = DEBIAN_PACKAGES[extension]
  return debian
    ? `apt-get install ${debian.replace('NN', String(major))}`
    : `install the ${extension} extension for PostgreSQL ${major}`
}

/** The PostgreSQL major version Debian's or Ubuntu's own packages are, on this machine. */
export function distributionMajor(osRelease = '/etc/os-release'): number | null {
  let text: string
  try {
    text = readFileSync(osRelease, 'utf8')
  } catch {
    return null
  }
  const field = (key: string) =>
    new RegExp(`^${key}="?([^"\\n]*)"?$`, 'm').exec(text)?.[1]?.trim() ?? ''
  const majors: Record<string, number> = {
    'debian 11': 13,
    'debian 12': 15,
    'debian 13': 17,
    'ubuntu 22.04': 14,
    'ubuntu 24.04': 16,
  }
  return majors[`${field('ID')} ${field('VERSION_ID')}`] ?? null
}

/**
 * One line: where the migration creates the extension, who lacks it (`lacking`: "this
 * PostgreSQL 17 server does not have"), what installs it for `major`, and the other ways:
 * --postgres-bin or DATABASE_URL.
 */
export function describeMissingExtension(
  where: string,
  extension: string,
  lacking: string,
  major: number
): string {
  return (
    `${where}: the migration needs the extension "${extension}", which ${lacking}. ` +
    `Install it (on Debian: ${installHint(extension, major)}) and start again, pick a ` +
    `PostgreSQL installation that has it with --postgres-bin DIR, or set DATABASE_URL to a ` +
    `server that has it.`
  )
}
