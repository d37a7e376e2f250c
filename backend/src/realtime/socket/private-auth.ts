// Private channels are authorized by row-level security on realtime.messages, as the real
// server does it: reading is probed by inserting rows for the topic and selecting them back as
// the caller, writing by inserting as the caller; both in transactions that are rolled back.
import type { Database } from '../../db/database.ts'
import { SQLSTATE, rolledBack } from '../../db/errors.ts'
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

/** One caller on one topic. */
interface ReadCheck {
  scope: CallerScope
  subTopic: string
}

const DENIED: ReadPolicies = { broadcast: false, presence: false }

function settings(db: Database, scope: CallerScope, subTopic: string): Record<string, string> {
  return { ...db.settingsOf(scope.role), 'realtime.topic': subTopic }
}

/**
 * The read policies of each (caller, topic) pair, in one rolled-back transaction: the probe rows
 * of every topic are written past RLS (service_role bypasses it), then each caller's scope is
 * set in turn and its topic's probes are read back.
 */
async function probeReads(db: Database, checks: readonly ReadCheck[]): Promise<ReadPolicies[]> {
  const topics = [...new Set(checks.map((check) => check.subTopic))]
  return rolledBack(
    (body) => db.api.begin(body),
    async (tx) => {
      await tx`select set_config('role', 'service_role', true)`
      const probes = await tx<{ id: string; topic: string; extension: string }[]>`
        insert into realtime.messages (topic, extension)
        select t.topic, e.extension
        from unnest(${topics}::text[]) as t(topic),
          (values ('broadcast'), ('presence')) as e(extension)
        returning id, topic, extension
      `
      const idsOf = new Map<string, string[]>()
      for (const probe of probes) {
        const ids = idsOf.get(probe.topic) ?? []
        ids.push(probe.id)
        idsOf.set(probe.topic, ids)
      }
      // Started in order on the transaction's connection: each select runs under the scope
      // statement just before it.
      const queries: Promise<unknown>[] = []
      for (const check of checks) {
        const statement = scopeStatement({
          role: check.scope.role,
          claims: check.scope.claims,
          headers: check.scope.headers,
          settings: settings(db, check.scope, check.subTopic),
        })
        const ids = idsOf.get(check.subTopic) ?? []
        queries.push(
          tx.unsafe(statement.text, statement.values).execute(),
          tx<{ extension: string }[]>`
            select extension from realtime.messages where id = any(${ids}::uuid[])
          `.execute()
        )
      }
      const results = await Promise.all(queries)
      const visible = results.filter((_, index) => index % 2 === 1) as { extension: string }[][]
      return visible.map((rows) => {
        const seen = new Set(rows.map((row) => row.extension))
        return { broadcast: seen.has('broadcast'), presence: seen.has('presence') }
      })
    }
  )
}

export async function readPolicies(
  db: Database,
  scope: CallerScope,
  subTopic: string,
  log: Logger
): Promise<ReadPolicies> {
  try {
    const [policies] = await probeReads(db, [{ scope, subTopic }])
    return policies ?? DENIED
  } catch (error) {
    log.warn(`RlsPolicyError reading realtime.messages for topic ${subTopic}`, error)
    return DENIED
  }
}

export async function canWrite(
  db: Database,
  scope: CallerScope,
  subTopic: string,
  extension: Extension,
  log: Logger
): Promise<boolean> {
  try {
    return await db.dryRun(
      {
        role: scope.role,
        claims: scope.claims,
        headers: scope.headers,
        settings: { 'realtime.topic': subTopic },
      },
      {},
      async (tx) => {
        await tx`insert into realtime.messages (topic, extension) values (${subTopic}, ${extension})`
        return true
      }
    )
  } catch (error) {
    if ((error as { code?: string }).code !== SQLSTATE.insufficientPrivilege) {
      log.warn(`RlsPolicyError writing realtime.messages for topic ${subTopic}`, error)
    }
    return false
  }
}
