// The project's migration files (supabase/migrations/<timestamp>_<name>.sql) in the order the
// Supabase CLI applies them, and the error a migration's failure is.
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../logger.ts'

const MIGRATION_NAME = /^([0-9]+)_(.*)\.sql$/

export class MigrationError extends Error {
  override name = 'MigrationError'
  constructor(
    readonly file: string,
    override readonly cause: unknown,
    message: string
  ) {
    super(message)
  }
}

export interface MigrationFile {
  version: string
  name: string
  file: string
}

/** The migration files of a project folder, in the order the CLI applies them. */
export async function listMigrations(
  migrationsDir: string,
  log?: Logger
): Promise<MigrationFile[]> {
  if (!existsSync(migrationsDir)) return []
  const files: MigrationFile[] = []
  for (const file of (await readdir(migrationsDir)).sort()) {
    if (!file.endsWith('.sql')) continue
    const match = MIGRATION_NAME.exec(file)
    if (!match) {
      log?.warn(`Skipping migration ${file}: file name must match pattern "<timestamp>_name.sql"`)
      continue
    }
    files.push({
      version: match[1] ?? '',
      name: match[2] ?? '',
      file: path.join(migrationsDir, file),
    })
  }
  return files
}
