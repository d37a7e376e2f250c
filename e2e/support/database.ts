// The suite's stack's database (its URL from global-setup.ts), for what a test arranges there
// that no page can: one connection for the length of a callback.
import postgres from 'postgres'
import type { Sql } from 'postgres'

export async function withDatabase<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
  const dbUrl = process.env.CHORUS_DB_URL
  if (!dbUrl) throw new Error('CHORUS_DB_URL is not set: run through playwright.config.ts')
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  try {
    return await fn(sql)
  } finally {
    await sql.end({ timeout: 2 })
  }
}
