// The row-level security check of a change batch for one table: which of the changed rows each
// group of subscribers may select. One database call checks every (group, row) pair: the rows'
// keys are published once per distinct key set, and the prepared lookup runs once per group
// under the group's role and claims (_supabase_local.realtime_visible_rows).
import type { Sql } from 'postgres'
import { quoteIdentifier } from '../../db/scope.ts'
import type { TableInfo } from './tables.ts'

export interface CheckGroup {
  role: string
  claimsJson: string
  sub: string | null
  /** Indexes (into the caller's row list) this group must be checked for. */
  rows: number[]
}

/** The lookup, reading the keys from the realtime_local.visible_keys setting. */
export function checkStatement(table: TableInfo): string {
  const conditions = table.primaryKey.map((name, i) => {
    const column = table.byName.get(name)
    const type = column?.sqlType ?? 'pg_catalog.text'
    return `t.${quoteIdentifier(name)} = (k.j -> 'k' ->> ${i})::${type}`
  })
  return (
    `select (k.j ->> 'i')::int from jsonb_array_elements(current_setting('realtime_local.visible_keys')::jsonb) as k(j) ` +
    `where exists (select 1 from ${quoteIdentifier(table.schema)}.${quoteIdentifier(table.table)} as t where ${conditions.join(' and ')})`
  )
}

export interface CheckCall {
  statement: string
  keySets: string[]
  groups: string
}

/**
 * The arguments of one call: groups sorted by role (the role is switched only when it changes),
 * each pointing at its key set (groups checked for the same rows share one).
 */
export function buildCheck(
  table: TableInfo,
  keys: Map<number, string[]>,
  groups: CheckGroup[]
): CheckCall {
  const keySetIndex = new Map<string, number>()
  const keySets: string[] = []
  const ordered = groups.map((group, index) => ({ group, index }))
  ordered.sort((a, b) => (a.group.role < b.group.role ? -1 : a.group.role > b.group.role ? 1 : 0))
  const entries = ordered.map(({ group, index }) => {
    const signature = group.rows.join(',')
    let set = keySetIndex.get(signature)
    if (set === undefined) {
      set = keySets.length
      keySetIndex.set(signature, set)
      keySets.push(JSON.stringify(group.rows.map((i) => ({ i, k: keys.get(i) ?? [] }))))
    }
    return { g: index, role: group.role, claims: group.claimsJson, sub: group.sub, keys: set }
  })
  return { statement: checkStatement(table), keySets, groups: JSON.stringify(entries) }
}

/** Runs the check; returns, per group index, the row indexes the group may see. */
export async function runCheck(api: Sql, call: CheckCall): Promise<Map<number, Set<number>>> {
  const rows = await api.begin(
    'read only',
    (tx) =>
      tx<{ group_index: number; row_index: number }[]>`
      select group_index, row_index
      from _supabase_local.realtime_visible_rows(${call.statement}, ${call.keySets}::text[], ${call.groups}::text::jsonb)
    `
  )
  const visible = new Map<number, Set<number>>()
  for (const row of rows) {
    let set = visible.get(row.group_index)
    if (!set) visible.set(row.group_index, (set = new Set()))
    set.add(row.row_index)
  }
  return visible
}
