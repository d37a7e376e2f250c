// The row-level security check of a change batch for one table: which of the changed rows each
// group of subscribers may select. One database call checks every (group, row) pair: the rows'
// primary keys are published once per distinct key set as typed arrays, and the prepared lookup
// runs once per group under the group's role and claims (_supabase_local.realtime_visible_rows).
import type { Sql } from 'postgres'
import type { Database } from '../../db/database.ts'
import { quoteIdentifier } from '../../db/scope.ts'
import type { TableInfo } from './tables.ts'

export interface CheckGroup {
  role: string
  claimsJson: string
  sub: string | null
  /** Indexes (into the caller's row list) this group must be checked for. */
  rows: number[]
}

/** The lookup: the key arrays from the realtime_local.k<n> settings, unnested with positions. */
export function checkStatement(table: TableInfo): string {
  const arrays = table.primaryKey.map((name, i) => {
    const type = table.byName.get(name)?.sqlType ?? 'pg_catalog.text'
    return `current_setting('realtime_local.k${i}')::${type}[]`
  })
  const columns = table.primaryKey.map((_, i) => `c${i}`)
  const conditions = table.primaryKey.map((name, i) => `t.${quoteIdentifier(name)} = k.c${i}`)
  return (
    `select k.i::int from unnest(${arrays.join(', ')}) with ordinality as k(${columns.join(', ')}, i) ` +
    `where exists (select 1 from ${quoteIdentifier(table.schema)}.${quoteIdentifier(table.table)} as t ` +
    `where ${conditions.join(' and ')})`
  )
}

/** An array literal of text values ({"a","b\"c"}), cast to the key type by the lookup. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`
}

export interface CheckCall {
  /** The transactions that wrote the rows: the check waits until they are visible. */
  xids: number[]
  statement: string
  keyColumns: number
  keySets: string[]
  roles: string[]
  claims: string[]
  subs: string[]
  sets: number[]
  /** For each key set, the caller's row index at each position. */
  positions: number[][]
  /** For each call group, the caller's group index. */
  order: number[]
}

/**
 * The arguments of one call: groups sorted by role (the role is switched only when it changes),
 * each pointing at its key set (groups checked for the same rows share one).
 */
export function buildCheck(
  table: TableInfo,
  keys: Map<number, string[]>,
  groups: CheckGroup[],
  xids: number[]
): CheckCall {
  const keyColumns = table.primaryKey.length
  const setIndex = new Map<string, number>()
  const call: CheckCall = {
    xids: [...new Set(xids)],
    statement: checkStatement(table),
    keyColumns,
    keySets: [],
    roles: [],
    claims: [],
    subs: [],
    sets: [],
    positions: [],
    order: [],
  }
  const ordered = groups.map((group, index) => ({ group, index }))
  ordered.sort((a, b) => (a.group.role < b.group.role ? -1 : a.group.role > b.group.role ? 1 : 0))
  for (const { group, index } of ordered) {
    const signature = group.rows.join(',')
    let set = setIndex.get(signature)
    if (set === undefined) {
      set = call.positions.length
      setIndex.set(signature, set)
      call.positions.push(group.rows)
      for (let c = 0; c < keyColumns; c++) {
        call.keySets.push(arrayLiteral(group.rows.map((row) => keys.get(row)?.[c] ?? '')))
      }
    }
    call.roles.push(group.role)
    call.claims.push(group.claimsJson)
    call.subs.push(group.sub ?? '')
    call.sets.push(set)
    call.order.push(index)
  }
  return call
}

export interface CheckResult {
  /** Per group index, the row indexes the group may see. */
  visible: Map<number, Set<number>>
  /** Group indexes whose policies raised an error (only when isolated). */
  failed: number[]
}

/** Where checks get a connection of their own (Database.withSession). */
export type Sessions = Pick<Database, 'withSession'>

/**
 * Runs the check, in a read-only transaction sent as one round trip. Isolated, each group runs
 * in a subtransaction, so that a policy raising an error for one group leaves the others checked
 * (slower: the fallback after a failed call).
 */
export async function runCheck(
  sessions: Sessions,
  call: CheckCall,
  isolate = false
): Promise<CheckResult> {
  const rows = await sessions.withSession((client) => visibleRows(client, call, isolate))
  const visible = new Map<number, Set<number>>()
  const failed = new Set<number>()
  for (const row of rows) {
    const group = call.order[row.group_index]
    const set = call.sets[row.group_index]
    if (group === undefined || set === undefined) continue
    if (row.row_index < 0) {
      // A group whose policy failed sees nothing, not even rows it passed before the error.
      failed.add(group)
      visible.delete(group)
      continue
    }
    if (failed.has(group)) continue
    const item = call.positions[set]?.[row.row_index - 1]
    if (item === undefined) continue
    let seen = visible.get(group)
    if (!seen) visible.set(group, (seen = new Set()))
    seen.add(item)
  }
  return { visible, failed: [...failed] }
}

type VisibleRow = { group_index: number; row_index: number }

async function visibleRows(client: Sql, call: CheckCall, isolate: boolean): Promise<VisibleRow[]> {
  // Started at once and in this order: postgres.js writes them back to back. A failed statement
  // turns the COMMIT into a rollback; the first failure is what the caller gets.
  const begin = client.unsafe('begin read only').execute()
  const select = client<VisibleRow[]>`
    select group_index, row_index from _supabase_local.realtime_visible_rows(
      ${call.xids}::bigint[], ${call.statement}, ${call.keyColumns}, ${call.keySets}::text[],
      ${call.roles}::text[], ${call.claims}::text[], ${call.subs}::text[], ${call.sets}::int[],
      ${isolate}
    )
  `.execute()
  const commit = client.unsafe('commit').execute()
  const settled = await Promise.allSettled([begin, select, commit])
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason
  return (settled[1] as PromiseFulfilledResult<VisibleRow[]>).value
}
