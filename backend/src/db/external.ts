// DATABASE_URL: a PostgreSQL server the stack does not run. `--reset` drops and creates its
// database anew (never "postgres").
import postgres from 'postgres'
import type { Logger } from '../logger.ts'
import { quoteIdentifier } from '../sql-identifier.ts'

export async function recreateExternalDatabase(url: string, log: Logger): Promise<void> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1)) || 'postgres'
  if (name === 'postgres') {
    throw new Error(
      '--reset with DATABASE_URL needs a database other than "postgres" (it is dropped and created anew)'
    )
  }
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const sql = postgres(maintenance.toString(), { max: 1, onnotice: () => {} })
  try {
    log.info(`Resetting: dropping and creating database ${name}`)
    await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = ${name} and not active`
    await sql.unsafe(`drop database if exists ${quoteIdentifier(name)} with (force)`)
    await sql.unsafe(`create database ${quoteIdentifier(name)}`)
  } finally {
    await sql.end({ timeout: 2 })
  }
}
