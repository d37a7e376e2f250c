// The connection a job runs on, as the role that scheduled it. pg_cron logs in as the job's user;
// the API roles cannot log in (NOLOGIN), and a superuser session that only did SET SESSION
// AUTHORIZATION would let the command RESET it back to the superuser. So a job of a role that is
// not a superuser runs on a login of its own: "cron runner <role oid>", a LOGIN NOINHERIT role
// that is a member of the job's role and nothing else, which does SET ROLE to it. Whatever the
// command resets, it ends as that runner, which holds no rights of its own and may not SET
// SESSION AUTHORIZATION. Its password is derived from the superuser's (an HMAC), so every stack
// on one cluster agrees on it. A superuser's job (postgres) has nothing to gain and runs on a
// superuser connection as before.
import { createHmac } from 'node:crypto'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { SQLSTATE, isPostgresError } from '../db/errors.ts'
import { quoteIdentifier } from '../sql-identifier.ts'

const DUPLICATE_OBJECT = '42710'
const INVALID_PASSWORD = '28P01'
/** "tuple concurrently updated": two sessions changing one role's catalog row at once. */
const TUPLE_CONCURRENTLY_UPDATED = 'XX000'

/** What a job's session says (RAISE NOTICE, WARNING …): pg_cron leaves it to the server's log. */
export type OnNotice = (notice: postgres.Notice) => void

const options = {
  max: 1,
  // No array types fetched on connecting: a stop ends the connection at once, and postgres.js
  // leaves an interrupted fetch as an unhandled rejection. A run only reads a pid and a count.
  fetch_types: false,
  connection: { application_name: 'pg_cron' },
} as const

function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url)
  parsed.username = encodeURIComponent(user)
  parsed.password = encodeURIComponent(password)
  return parsed.toString()
}

export interface JobConnections {
  /** A connection acting as `role`; throws (with PostgreSQL's text) when it cannot. */
  open(role: string, onnotice?: OnNotice): Promise<Sql>
}

export function jobConnections(admin: Sql, dbUrl: string): JobConnections {
  const secret = decodeURIComponent(new URL(dbUrl).password)
  /** Runners known to exist with their password and membership, by job role. */
  const ready = new Map<string, string>()

  /** Roles are cluster-wide: stacks on one cluster may create the same runner at once. */
  const ensureRunner = async (runner: string, role: string, password: string, reset: boolean) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await setUpRunner(runner, role, password, reset)
      } catch (error) {
        const code = isPostgresError(error) ? error.code : ''
        const raced = code === SQLSTATE.uniqueViolation || code === TUPLE_CONCURRENTLY_UPDATED
        if (!raced || attempt >= 3) throw error
      }
    }
  }

  const setUpRunner = async (runner: string, role: string, password: string, reset: boolean) => {
    const name = quoteIdentifier(runner)
    // Utility statements take no parameters; the password is base64url, so it needs no quoting.
    try {
      await admin.unsafe(`create role ${name} login noinherit password '${password}'`)
    } catch (error) {
      const code = isPostgresError(error) ? error.code : ''
      if (code !== DUPLICATE_OBJECT && code !== SQLSTATE.uniqueViolation) throw error
      if (reset) await admin.unsafe(`alter role ${name} login noinherit password '${password}'`)
    }
    await admin.unsafe(`grant ${quoteIdentifier(role)} to ${name}`)
  }

  const connectRunner = async (
    runner: string,
    role: string,
    password: string,
    onnotice: OnNotice
  ) => {
    const connection = postgres(withUser(dbUrl, runner, password), { ...options, onnotice })
    try {
      await connection.unsafe(`set role ${quoteIdentifier(role)}`)
      return connection
    } catch (error) {
      await connection.end({ timeout: 0 }).catch(() => undefined)
      throw error
    }
  }

  return {
    async open(role, onnotice = () => {}) {
      const [info] = await admin<{ oid: string; super: boolean }[]>`
        select oid::text, rolsuper as super from pg_roles where rolname = ${role}
      `
      if (!info) throw new Error(`role "${role}" does not exist`)
      if (info.super) {
        const connection = postgres(dbUrl, { ...options, onnotice })
        await connection.unsafe(`set session authorization ${quoteIdentifier(role)}`)
        return connection
      }
      const runner = `cron runner ${info.oid}`
      const password = createHmac('sha256', secret).update(runner).digest('base64url')
      if (ready.get(role) !== runner) await ensureRunner(runner, role, password, false)
      try {
        const connection = await connectRunner(runner, role, password, onnotice)
        ready.set(role, runner)
        return connection
      } catch (error) {
        const code = isPostgresError(error) ? error.code : ''
        if (code !== INVALID_PASSWORD && code !== SQLSTATE.insufficientPrivilege) throw error
        // A runner from another superuser password, or its membership revoked: set it again.
        await ensureRunner(runner, role, password, true)
        const connection = await connectRunner(runner, role, password, onnotice)
        ready.set(role, runner)
        return connection
      }
    },
  }
}
