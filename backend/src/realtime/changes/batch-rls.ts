// Row-level security for a batch: what each subscriber role may select, and which rows each
// group of subscribers may see, with one check call per table and batch (split over connections
// when large; each group isolated when a policy raises an error).
import { availableParallelism } from 'node:os'
import { SQLSTATE, isConnectionError } from '../../db/errors.ts'
import type { Logger } from '../../logger.ts'
import type { Item, RoleFacts } from './batch-items.ts'
import { buildCheck, runCheck } from './rls-check.ts'
import type { CheckGroup, Sessions } from './rls-check.ts'
import type { Group } from './registry.ts'
import type { TableCatalog, TableInfo } from './tables.ts'

/** Connections one check may use at once (the API pool has 10). */
const PARALLEL_CHECKS = Math.max(1, Math.min(4, availableParallelism()))
/** Below this many groups per part, splitting costs more than it saves. */
const GROUPS_PER_PART = 200

/** A failure reaching the database (not a policy error): the batch must be retried. */
export class FeedDatabaseError extends Error {
  override name = 'FeedDatabaseError'
}

export interface CheckOptions {
  /** Connections for the row-level security checks. */
  sessions: Sessions
  log: Logger
}

/** What the checks and the payloads need to know about each role, fetched before the loops. */
export async function roleFacts(
  catalog: TableCatalog,
  items: Item[]
): Promise<Map<string, RoleFacts>> {
  const facts = new Map<string, RoleFacts>()
  for (const item of items) {
    if (item.kind !== 'change') continue
    for (const { subscriber } of item.candidates) {
      const role = subscriber.group.role
      const key = `${item.table.relid}:${role}`
      if (facts.has(key)) continue
      const [selectable, bypass] = await Promise.all([
        catalog.selectableColumns(item.table.relid, role),
        catalog.bypassesRls(role),
      ])
      const keySelectable = item.table.primaryKey.every((c) => selectable.has(c))
      facts.set(key, { selectable, bypass, keySelectable })
    }
  }
  return facts
}

/** Which rows each group may see, for the changes that need a check. */
export async function checkRls(
  options: CheckOptions,
  items: Item[],
  facts: Map<string, RoleFacts>
): Promise<Map<Group, Set<number>>> {
  const perTable = new Map<
    number,
    {
      table: TableInfo
      keys: Map<number, string[]>
      groups: Map<Group, number[]>
      xids: number[]
    }
  >()
  for (let index = 0; index < items.length; index++) {
    const item = items[index]
    if (item?.kind !== 'change') continue
    const { table, payload } = item
    if (!table.rls || payload.change.action === 'DELETE' || table.primaryKey.length === 0) continue
    const key = payload.primaryKey()
    if (!key) continue
    for (const { subscriber } of item.candidates) {
      const group = subscriber.group
      const fact = facts.get(`${table.relid}:${group.role}`)
      if (!fact || fact.bypass || !fact.keySelectable) continue
      let entry = perTable.get(table.relid)
      if (!entry) {
        entry = { table, keys: new Map(), groups: new Map(), xids: [] }
        perTable.set(table.relid, entry)
      }
      if (!entry.keys.has(index)) {
        entry.keys.set(index, key)
        entry.xids.push(payload.change.xid)
      }
      const rows = entry.groups.get(group)
      if (!rows) entry.groups.set(group, [index])
      else if (rows[rows.length - 1] !== index) rows.push(index)
    }
  }
  const passed = new Map<Group, Set<number>>()
  for (const { table, keys, groups, xids } of perTable.values()) {
    const list = [...groups.entries()]
    const checkGroups: CheckGroup[] = list.map(([group, rows]) => ({
      role: group.role,
      claimsJson: group.claimsJson,
      sub: group.sub,
      rows,
    }))
    const visible = await check(options, table, keys, checkGroups, xids)
    visible.forEach((rows, groupIndex) => {
      const group = list[groupIndex]?.[0]
      if (!group) return
      let seen = passed.get(group)
      if (!seen) passed.set(group, (seen = new Set()))
      for (const row of rows) seen.add(row)
    })
  }
  return passed
}

/**
 * One call for all groups (split over connections when large). If a policy raises an error,
 * the call is repeated with each group isolated: a failing group sees nothing, the others
 * are served.
 */
async function check(
  options: CheckOptions,
  table: TableInfo,
  keys: Map<number, string[]>,
  groups: CheckGroup[],
  xids: number[]
): Promise<Map<number, Set<number>>> {
  const { sessions, log } = options
  const name = `${table.schema}.${table.table}`
  const run = async (isolate: boolean) => {
    const parts = Math.min(PARALLEL_CHECKS, Math.ceil(groups.length / GROUPS_PER_PART))
    const size = Math.ceil(groups.length / Math.max(1, parts))
    const results = await Promise.all(
      Array.from({ length: Math.max(1, parts) }, (_, part) => {
        const slice = groups.slice(part * size, (part + 1) * size)
        return runCheck(sessions, buildCheck(table, keys, slice, xids), isolate)
      })
    )
    const visible = new Map<number, Set<number>>()
    results.forEach((result, part) => {
      result.visible.forEach((rows, index) => visible.set(part * size + index, rows))
      for (const index of result.failed) {
        log.warn(`RlsPolicyError for role ${groups[part * size + index]?.role} on ${name}`)
      }
    })
    return visible
  }
  try {
    return await run(false)
  } catch (error) {
    if (isConnectionError(error)) throw new FeedDatabaseError((error as Error).message)
    if ((error as { code?: string }).code === SQLSTATE.undefinedFunction) {
      log.error(
        'the realtime RLS check function is missing or outdated: this database was made by an ' +
          'older version of the stack; start it with --reset',
        error
      )
      return new Map()
    }
    log.warn(`row-level security check on ${name} failed; checking each group apart`, error)
  }
  try {
    return await run(true)
  } catch (error) {
    if (isConnectionError(error)) throw new FeedDatabaseError((error as Error).message)
    log.error(`row-level security check on ${name} failed; nobody receives these rows`, error)
    return new Map()
  }
}
