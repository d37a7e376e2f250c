// The change feed's replication slot: its name (one per database, as slot names are
// cluster-wide), its creation when missing, and the wait for it to be free after a stop.
import type { Sql } from 'postgres'
import type { Logger } from '../../logger.ts'

/** A slot name for a database: slot names are cluster-wide, so each database gets its own. */
export function slotNameFor(database: string): string {
  const clean = database.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  const base = `supabase_realtime_${clean}`
  if (clean === database && base.length <= 63) return base
  let hash = 0
  for (const ch of database) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) >>> 0
  return `${base.slice(0, 54)}_${hash.toString(16).padStart(8, '0')}`
}

/**
 * Creates the database's slot (pgoutput) unless it exists; a slot of that name elsewhere is an
 * error. Creating one waits for every running transaction of the cluster: `creating` is given
 * the query while it runs, so that a stop can cancel it.
 */
export async function ensureSlot(
  admin: Sql,
  slot: string,
  log: Logger,
  creating: (query: { cancel(): unknown } | null) => void
): Promise<void> {
  const [existing] = await admin<{ plugin: string; database: string }[]>`
    select plugin, database from pg_replication_slots where slot_name = ${slot}
  `
  if (existing) {
    const [{ database } = { database: '' }] = await admin<
      { database: string }[]
    >`select current_database() as database`
    if (existing.database !== database || existing.plugin !== 'pgoutput') {
      throw new Error(
        `replication slot ${slot} belongs to database ${existing.database} (plugin ${existing.plugin})`
      )
    }
    return
  }
  // Creating a slot waits for every running transaction of the cluster: stop() cancels it.
  const create = admin`select pg_create_logical_replication_slot(${slot}, 'pgoutput')`
  creating(create)
  try {
    await create
    log.debug(`created replication slot ${slot}`)
  } catch (error) {
    if ((error as { code?: string }).code !== '42710') throw error // 42710: it exists now
  } finally {
    creating(null)
  }
}

/** Waits (at most 3 s) until no stream reads the slot any more. */
export async function waitUntilSlotInactive(admin: Sql, slot: string): Promise<void> {
  const deadline = Date.now() + 3000
  while (Date.now() < deadline) {
    try {
      const [row] = await admin<{ active: boolean }[]>`
        select active from pg_replication_slots where slot_name = ${slot}
      `
      if (!row?.active) return
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
