// Loads the schema cache: the catalog's rows of the exposed schemas as catalog/read.ts reads them
// (the one reader gen types shares), built by build.ts, on the admin pool.
import type { Sql } from 'postgres'
import { readCatalogRows } from '../../catalog/read.ts'
import { buildSchemaCache } from './build.ts'
import type { SchemaCache } from './types.ts'

/** Loads the cache. */
export async function loadSchemaCache(admin: Sql, schemas: string[]): Promise<SchemaCache> {
  return buildSchemaCache(await readCatalogRows(admin, schemas))
}

/** The time zone names Postgres knows, for Prefer: timezone. */
export async function loadTimezones(admin: Sql): Promise<Set<string>> {
  const rows = await admin<{ name: string }[]>`select name from pg_timezone_names`
  return new Set(rows.map((r) => r.name))
}
