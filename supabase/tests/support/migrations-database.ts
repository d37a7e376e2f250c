// A fresh database of the shared test cluster with the platform and supabase/migrations only (no
// seed, no stack): today's schema as a `supabase db push` leaves it.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { inject } from 'vitest'
import { applyMigrations, applyPlatform } from '../../../backend/src/db/migrate.ts'
import { createLogger } from '../../../backend/src/logger.ts'
import { TEMPLATE_DATABASE } from '../../../backend/test/support/templates.ts'

export interface MigrationsDatabase {
  sql: Sql
  drop(): Promise<void>
}

export async function migrationsDatabase(prefix: string): Promise<MigrationsDatabase> {
  const database = `${prefix}_${randomBytes(6).toString('hex')}`
  const clusterUrl = inject('pgUrl')
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${database} template ${TEMPLATE_DATABASE}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${database}`
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} })
  const log = createLogger('error')
  await applyPlatform(sql, 'postgres', log)
  await applyMigrations(sql, path.resolve(import.meta.dirname, '../../migrations'), log)
  return {
    sql,
    async drop() {
      await sql.end({ timeout: 2 })
      await admin.unsafe(`drop database if exists ${database} with (force)`)
      await admin.end({ timeout: 2 })
    },
  }
}
