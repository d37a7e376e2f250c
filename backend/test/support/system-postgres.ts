// For the tests that run on an installed PostgreSQL (Debian's 15, with PostGIS, as
// scripts/ensure-postgres.ts installs it): where it is, a failing check when it is missing, a
// logger that keeps the stack's lines, and supabase-js clients for a stack started directly.
import { existsSync } from 'node:fs'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import type { Logger } from '../../src/logger.ts'
import type { Stack } from '../../src/stack.ts'

export const SYSTEM_ROOT = '/usr/lib/postgresql/15'
export const SYSTEM_BIN = `${SYSTEM_ROOT}/bin`

/** Throws, saying what to install, unless PostgreSQL 15 with PostGIS is installed. */
export function requireSystemPostgis(): void {
  const needed = [`${SYSTEM_BIN}/postgres`, '/usr/share/postgresql/15/extension/postgis.control']
  const missing = needed.filter((file) => !existsSync(file))
  if (missing.length > 0) {
    throw new Error(
      `These tests need Debian's PostgreSQL 15 with PostGIS (missing: ${missing.join(', ')}). ` +
        `Install it: sudo node --import tsx scripts/ensure-postgres.ts (or apt-get install postgresql-15 ` +
        `postgresql-15-postgis-3 postgresql-15-pgtap).`
    )
  }
}

/** A logger that records every line (and prints nothing unless LOG_LEVEL=debug). */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const debug = process.env.LOG_LEVEL === 'debug'
  const at = (level: string) => (message: string) => {
    lines.push(message)
    if (debug || level === 'error') process.stderr.write(`${level}: ${message}\n`)
  }
  const logger: Logger & { lines: string[] } = {
    lines,
    debug: (message) => {
      if (debug) process.stderr.write(`debug: ${message}\n`)
    },
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  }
  return logger
}

/** A supabase-js client of a stack (anon key unless another is given), with Node 20's ws. */
export function clientOf(stack: Stack, key = stack.keys.anonKey): SupabaseClient {
  return createClient(stack.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  })
}
