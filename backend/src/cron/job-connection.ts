// The connection a job runs on, as the role that scheduled it. pg_cron logs in as the job's user;
// the API roles cannot log in (NOLOGIN), and a superuser session that only did SET SESSION
// AUTHORIZATION would let the command RESET it back to the superuser. So a job of a role that is
// not a superuser runs on a login of its own: "cron runner <role oid>", a LOGIN NOINHERIT role
// that is a member of the job's role and nothing else, which does SET ROLE to it. Whatever the
// command resets, it ends as that runner, which holds no rights of its own and may not SET
// SESSION AUTHORIZATION. Its password is derived from the superuser's (an HMAC), so every stack
// on one cluster agrees on it. A superuser's job (postgres) has nothing to gain and runs on a
// superuser connection as before.
// pg_cron logs in anew for every run. Here a run's session is handed back (release) and, reset
// with DISCARD ALL (what PgBouncer does between clients: settings, role, temporary tables,
// prepared statements, LISTEN and advisory locks all gone), kept for the next run of that role
// for up to KEEP_MS: Chorus's three 5-second jobs otherwise started a PostgreSQL backend every
// 1.5 s, nearly all of an idle stack's PostgreSQL CPU (docs/development.md). A session that
// cannot be reset (a run left a transaction open, or was ended) is closed, as pg_cron's would be.
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

/** How long a reset session waits for the next run of its role before it is closed. */
const KEEP_MS = 30_000

export interface JobConnections {
  /** A session acting as `role`, kept from an earlier run or new; throws (with PostgreSQL's
   * text) when it cannot. Its notices go to `onnotice` until it is released. */
  open(role: string, onnotice?: OnNotice): Promise<Sql>
  /** A run is over: its session is reset and kept for the next run, or closed. */
  release(connection: Sql): Promise<void>
  /** Closes every kept session; sessions released after it are closed too. */
  end(): Promise<void>
}

/** A job's session: the login it is (a superuser's or a runner's), for the role it acts as. */
interface Session {
  sql: Sql
  /** `${kind}:${role}`: a kept session serves only a run of the same role and login kind. */
  key: string
  notices: { to: OnNotice }
  idleSince: number
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

  /** Open sessions, by connection, and the reset ones waiting for a run, by key. */
  const sessions = new Map<Sql, Session>()
  const kept = new Map<string, Session[]>()
  let ended = false

  const close = async (session: Session) => {
    sessions.delete(session.sql)
    await session.sql.end({ timeout: 0 }).catch(() => undefined)
  }

  /** Closes the sessions kept longer than KEEP_MS. */
  const sweep = async (now = Date.now()) => {
    const old: Session[] = []
    for (const [key, list] of kept) {
      const fresh = list.filter((session) => now - session.idleSince < KEEP_MS)
      old.push(...list.filter((session) => !fresh.includes(session)))
      if (fresh.length > 0) kept.set(key, fresh)
      else kept.delete(key)
    }
    await Promise.all(old.map(close))
  }
  const sweeper = setInterval(() => void sweep(), KEEP_MS)
  sweeper.unref()

  /** A kept session made to act as `role` again, or null when there is none (or it cannot). */
  const reuse = async (key: string, become: string, onnotice: OnNotice) => {
    await sweep()
    const session = kept.get(key)?.pop()
    if (!session) return null
    session.notices.to = onnotice
    try {
      await session.sql.unsafe(become)
      return session.sql
    } catch {
      // Its backend ended while kept, or the runner lost the role: a new login decides.
      await close(session)
      return null
    }
  }

  /** A new login at `url` that runs `become`, kept under `key` once released. */
  const connect = async (url: string, key: string, become: string, onnotice: OnNotice) => {
    const notices = { to: onnotice }
    const sql = postgres(url, { ...options, onnotice: (notice) => notices.to(notice) })
    const session = { sql, key, notices, idleSince: 0 }
    sessions.set(sql, session)
    try {
      await sql.unsafe(become)
      return sql
    } catch (error) {
      await close(session)
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
        const become = `set session authorization ${quoteIdentifier(role)}`
        const key = `super:${role}`
        return (await reuse(key, become, onnotice)) ?? connect(dbUrl, key, become, onnotice)
      }
      const become = `set role ${quoteIdentifier(role)}`
      const again = await reuse(`runner:${role}`, become, onnotice)
      if (again) return again
      const runner = `cron runner ${info.oid}`
      const password = createHmac('sha256', secret).update(runner).digest('base64url')
      const url = withUser(dbUrl, runner, password)
      if (ready.get(role) !== runner) await ensureRunner(runner, role, password, false)
      try {
        const connection = await connect(url, `runner:${role}`, become, onnotice)
        ready.set(role, runner)
        return connection
      } catch (error) {
        const code = isPostgresError(error) ? error.code : ''
        if (code !== INVALID_PASSWORD && code !== SQLSTATE.insufficientPrivilege) throw error
        // A runner from another superuser password, or its membership revoked: set it again.
        await ensureRunner(runner, role, password, true)
        const connection = await connect(url, `runner:${role}`, become, onnotice)
        ready.set(role, runner)
        return connection
      }
    },

    async release(connection) {
      const session = sessions.get(connection)
      if (!session) return
      session.notices.to = () => {}
      try {
        if (ended) throw new Error('ended')
        await connection.unsafe('discard all')
      } catch {
        await close(session)
        return
      }
      session.idleSince = Date.now()
      kept.set(session.key, [...(kept.get(session.key) ?? []), session])
    },

    async end() {
      ended = true
      clearInterval(sweeper)
      const all = [...kept.values()].flat()
      kept.clear()
      await Promise.all(all.map(close))
    },
  }
}
