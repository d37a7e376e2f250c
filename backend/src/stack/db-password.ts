// `serve`'s database password (serve/secrets.ts) on the roles that log in with one: the cluster's
// superuser (initdb's, supabase_admin) and the roles the services connect as (authenticator,
// supabase_auth_admin, supabase_storage_admin, and postgres, which migrations run as). A cluster
// made before serve generated one still has the CLI's well-known "postgres": its superuser is
// switched over on the first start that finds it so (adoptPassword), the other roles on every
// start (setRolePasswords), so that none of them accepts "postgres" on a production server.
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { isPostgresError } from '../db/errors.ts'
import type { Logger } from '../logger.ts'

/** The password of the embedded cluster's superuser, as the Supabase CLI's local database has it. */
export const LOCAL_DB_PASSWORD = 'postgres'

const INVALID_PASSWORD = '28P01'

/** The roles the stack's services log in as with the stack's password (besides the superuser). */
export const SERVICE_ROLES = [
  'authenticator',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'postgres',
] as const

/** Makes the superuser of `url` accept the password in `url`, from the CLI's well-known one. */
export async function adoptPassword(url: string, password: string, log: Logger): Promise<void> {
  if (await accepts(url)) return
  const old = new URL(url)
  old.password = encodeURIComponent(LOCAL_DB_PASSWORD)
  const sql = postgres(old.toString(), { max: 1, onnotice: () => {}, fetch_types: false })
  try {
    const [row] = await sql<{ user: string }[]>`select current_user as user`
    await sql.unsafe(
      `alter role "${row!.user.replace(/"/g, '""')}" with password ${literal(password)}`
    )
    log.info(
      `The database's superuser ${row!.user} had the well-known password "postgres": it now has ` +
        `this server's own (serve-secrets.json)`
    )
  } finally {
    await sql.end({ timeout: 2 })
  }
}

/** Sets `password` on the service roles that exist (roles are cluster-wide). */
export async function setRolePasswords(sql: Sql, password: string): Promise<void> {
  const existing = await sql<{ name: string }[]>`
    select rolname as name from pg_roles where rolname = any(${[...SERVICE_ROLES]})
  `
  for (const { name } of existing) {
    await sql.unsafe(`alter role ${name} with password ${literal(password)}`)
  }
}

async function accepts(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false })
  try {
    await sql`select 1`
    return true
  } catch (error) {
    if (isPostgresError(error) && error.code === INVALID_PASSWORD) return false
    throw error
  } finally {
    await sql.end({ timeout: 2 })
  }
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`
}
