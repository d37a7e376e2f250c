// Private channels are authorized by row-level security on realtime.messages, as the real
// server does it: reading is probed by inserting rows for the topic and selecting them back as
// the caller, writing by inserting as the caller; both in transactions that are rolled back.
import type { Database } from '../../db/database.ts'
import { scopeStatement } from '../../db/scope.ts'
import type { Logger } from '../../logger.ts'

export interface CallerScope {
  role: string
  claims: Record<string, unknown>
  /** The upgrade request's headers, published as request.headers. */
  headers: Record<string, string>
}

export interface ReadPolicies {
  broadcast: boolean
  presence: boolean
}

export type Extension = 'broadcast' | 'presence'

/** Thrown to end a probe transaction with a rollback. */
class Rollback extends Error {
  constructor(readonly outcome: unknown) {
    super('rollback')
  }
}

const RLS_VIOLATION = '42501'

function settings(db: Database, scope: CallerScope, subTopic: string): Record<string, string> {
  return { ...db.settingsOf(scope.role), 'realtime.topic': subTopic }
}

export async function readPolicies(
  db: Database,
  scope: CallerScope,
  subTopic: string,
  log: Logger
): Promise<ReadPolicies> {
  try {
    await db.api.begin(async (tx) => {
      // Probe rows are written past RLS (service_role bypasses it), then read as the caller.
      await tx`select set_config('role', 'service_role', true)`
      const probes = await tx<{ id: string; extension: string }[]>`
        insert into realtime.messages (topic, extension)
        values (${subTopic}, 'broadcast'), (${subTopic}, 'presence')
        returning id, extension
      `
      const statement = scopeStatement({
        role: scope.role,
        claims: scope.claims,
        headers: scope.headers,
        settings: settings(db, scope, subTopic),
      })
      await tx.unsafe(statement.text, statement.values)
      const ids = probes.map((p) => p.id)
      const visible = await tx<{ extension: string }[]>`
        select extension from realtime.messages where id = any(${ids}::uuid[])
      `
      const seen = new Set(visible.map((row) => row.extension))
      throw new Rollback({ broadcast: seen.has('broadcast'), presence: seen.has('presence') })
    })
  } catch (error) {
    if (error instanceof Rollback) return error.outcome as ReadPolicies
    log.warn(`RlsPolicyError reading realtime.messages for topic ${subTopic}`, error)
  }
  return { broadcast: false, presence: false }
}

export async function canWrite(
  db: Database,
  scope: CallerScope,
  subTopic: string,
  extension: Extension,
  log: Logger
): Promise<boolean> {
  try {
    await db.withScope(
      {
        role: scope.role,
        claims: scope.claims,
        headers: scope.headers,
        settings: { 'realtime.topic': subTopic },
      },
      {},
      async (tx) => {
        await tx`insert into realtime.messages (topic, extension) values (${subTopic}, ${extension})`
        throw new Rollback(true)
      }
    )
  } catch (error) {
    if (error instanceof Rollback) return true
    if ((error as { code?: string }).code !== RLS_VIOLATION) {
      log.warn(`RlsPolicyError writing realtime.messages for topic ${subTopic}`, error)
    }
  }
  return false
}
