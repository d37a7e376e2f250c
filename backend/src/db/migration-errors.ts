// How a failed migration, seed or platform file is told: one line with the file, the line, the
// SQL error and its details, and for an extension no server at hand has, what installs it.
import type { Sql } from 'postgres'
import { describeMissingExtension } from './extensions.ts'
import { EMBEDDED_MAJOR_VERSION } from './postgres-home.ts'

/** "file:line: ERROR: message (SQLSTATE x). DETAIL: … HINT: …", on one line. */
export function describeSqlError(where: string, error: unknown): string {
  const e = error as {
    message?: string
    code?: string
    detail?: string
    hint?: string
  }
  let message = `${where}: ERROR: ${e.message ?? String(error)}`
  if (e.code) message += ` (SQLSTATE ${e.code})`
  if (e.detail) message += `. DETAIL: ${e.detail}`
  if (e.hint) message += `. HINT: ${e.hint}`
  return message.replace(/\s*\n\s*/g, ' ')
}

export function missingExtension(error: unknown): string | null {
  const e = error as { code?: string; message?: string }
  if (e.code !== '0A000') return null
  return /extension "([^"]+)" is not available/.exec(e.message ?? '')?.[1] ?? null
}

/** The fallback for what the scan before the start could not see (or DATABASE_URL's server). */
export async function describeMissing(sql: Sql, where: string, extension: string): Promise<string> {
  let major: number | null = null
  try {
    const [row] = await sql`show server_version_num`.values()
    major = Math.floor(Number(row?.[0]) / 10000) || null
  } catch {
    // the server is gone: name no version
  }
  const server = major === null ? 'this PostgreSQL server' : `this PostgreSQL ${major} server`
  return describeMissingExtension(
    where,
    extension,
    `${server} does not have`,
    major ?? EMBEDDED_MAJOR_VERSION
  )
}

export function isPostgresError(error: unknown): boolean {
  return (error as { name?: string }).name === 'PostgresError'
}

export function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length
}
