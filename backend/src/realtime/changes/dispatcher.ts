// Fans a batch of committed transactions out to the subscribed channels: match each change
// against the bindings (table, event, filters), check row-level security for the candidates
// with one call per table and batch (every group of subscribers at once), render the payload
// once per change and role, and deliver in commit order.
import type { Sql } from 'postgres'
import type { Logger } from '../../logger.ts'
import { ChangePayload, ERRORS } from './payload.ts'
import type { Change } from './payload.ts'
import { buildCheck, runCheck } from './rls-check.ts'
import type { CheckGroup } from './rls-check.ts'
import type { FrameCache, Group, Subscriber } from './registry.ts'
import type { SubscriptionRegistry } from './registry.ts'
import type { TableCatalog, TableInfo } from './tables.ts'

export interface Transaction {
  changes: Change[]
  endLsn: bigint
}

/** A row inserted into realtime.messages: a broadcast from the database. */
export interface DatabaseMessage {
  topic: string
  event: string
  /** The payload, JSON text. */
  payload: string
  private: boolean
  id: string
}

interface Candidate {
  subscriber: Subscriber
  idsJson: string
  select: Set<string> | null
  selectKey: string
}

type Item =
  | { kind: 'change'; payload: ChangePayload; table: TableInfo; candidates: Candidate[] }
  | { kind: 'message'; message: DatabaseMessage }

/** A failure reaching the database (not a policy error): the batch must be retried. */
export class FeedDatabaseError extends Error {
  override name = 'FeedDatabaseError'
}

export interface DispatcherOptions {
  api: Sql
  catalog: TableCatalog
  registry: SubscriptionRegistry
  log: Logger
  onMessage(message: DatabaseMessage): void
}

export class Dispatcher {
  constructor(private readonly options: DispatcherOptions) {}

  async process(transactions: Transaction[]): Promise<void> {
    const items: Item[] = []
    for (const transaction of transactions) {
      for (const change of transaction.changes) {
        const item = await this.match(change)
        if (item) items.push(item)
      }
    }
    if (items.length === 0) return
    const visible = await this.checkRls(items)
    await this.deliver(items, visible)
  }

  private async match(change: Change): Promise<Item | null> {
    const { relation } = change
    if (relation.schema === 'realtime' && relation.table === 'messages') {
      return change.action === 'INSERT' ? messageItem(change) : null
    }
    const subscribers = this.options.registry.subscribersOf(relation.relid)
    if (!subscribers || subscribers.size === 0) return null
    const table = await this.options.catalog.table(relation.relid)
    if (!table) return null
    const payload = new ChangePayload(change, table)
    const candidates: Candidate[] = []
    for (const subscriber of subscribers) {
      if (subscriber.sink.closed) continue
      const ids: number[] = []
      let select: Set<string> | null = null
      let selectAll = false
      for (const binding of subscriber.bindings) {
        const conditions = binding.tables.get(relation.relid)
        if (!conditions) continue
        if (binding.action !== '*' && binding.action !== change.action) continue
        const passes = conditions.every((condition) => {
          const cell = payload.cell(condition.column)
          // The real server only evaluates filters on columns the change carries.
          return cell === undefined || condition.test(cell) === true
        })
        if (!passes) continue
        if (!ids.includes(binding.id)) ids.push(binding.id)
        if (binding.select === null) selectAll = true
        else select = new Set([...(select ?? []), ...binding.select])
      }
      if (ids.length === 0) continue
      const chosen = selectAll ? null : select
      candidates.push({
        subscriber,
        idsJson: `[${ids.join(',')}]`,
        select: chosen,
        selectKey: chosen ? [...chosen].sort().join(',') : '*',
      })
    }
    return candidates.length > 0 ? { kind: 'change', payload, table, candidates } : null
  }

  /** Which (item, group) pairs passed the RLS check, as `${itemIndex}:${groupKey}`. */
  private async checkRls(items: Item[]): Promise<Set<string>> {
    const { catalog } = this.options
    const perTable = new Map<
      number,
      { table: TableInfo; keys: Map<number, string[]>; groups: Map<Group, number[]> }
    >()
    for (let index = 0; index < items.length; index++) {
      const item = items[index]
      if (item?.kind !== 'change') continue
      const { table, payload } = item
      if (!table.rls || payload.change.action === 'DELETE' || table.primaryKey.length === 0)
        continue
      const key = payload.primaryKey()
      if (!key) continue
      for (const { subscriber } of item.candidates) {
        const group = subscriber.group
        if (await catalog.bypassesRls(group.role)) continue
        const selectable = await catalog.selectableColumns(table.relid, group.role)
        if (!table.primaryKey.every((c) => selectable.has(c))) continue
        let entry = perTable.get(table.relid)
        if (!entry)
          perTable.set(table.relid, (entry = { table, keys: new Map(), groups: new Map() }))
        entry.keys.set(index, key)
        const rows = entry.groups.get(group) ?? []
        if (rows[rows.length - 1] !== index) rows.push(index)
        entry.groups.set(group, rows)
      }
    }
    const passed = new Set<string>()
    for (const { table, keys, groups } of perTable.values()) {
      const list = [...groups.entries()]
      const checkGroups: CheckGroup[] = list.map(([group, rows]) => ({
        role: group.role,
        claimsJson: group.claimsJson,
        sub: group.sub,
        rows,
      }))
      const visible = await this.check(table, keys, checkGroups)
      visible.forEach((rows, groupIndex) => {
        const group = list[groupIndex]?.[0]
        if (!group) return
        for (const row of rows) passed.add(`${row}:${group.key}`)
      })
    }
    return passed
  }

  /** One call for all groups; if a policy fails, each group alone (a failing group sees nothing). */
  private async check(
    table: TableInfo,
    keys: Map<number, string[]>,
    groups: CheckGroup[]
  ): Promise<Map<number, Set<number>>> {
    const { api, log } = this.options
    try {
      return await runCheck(api, buildCheck(table, keys, groups))
    } catch (error) {
      if (isConnectionError(error)) throw new FeedDatabaseError((error as Error).message)
      log.warn(`row-level security check on ${table.schema}.${table.table} failed`, error)
    }
    const visible = new Map<number, Set<number>>()
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i] as CheckGroup
      try {
        const one = await runCheck(api, buildCheck(table, keys, [group]))
        const rows = one.get(0)
        if (rows) visible.set(i, rows)
      } catch (error) {
        if (isConnectionError(error)) throw new FeedDatabaseError((error as Error).message)
        log.warn(`RlsPolicyError for role ${group.role} on ${table.schema}.${table.table}`, error)
      }
    }
    return visible
  }

  private async deliver(items: Item[], passed: Set<string>): Promise<void> {
    const { catalog, onMessage } = this.options
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as Item
      if (item.kind === 'message') {
        onMessage(item.message)
        continue
      }
      const { payload, table } = item
      const needsCheck = table.rls && payload.change.action !== 'DELETE'
      const data = new Map<string, string>()
      const frames: FrameCache = new Map()
      for (const candidate of item.candidates) {
        const { subscriber } = candidate
        if (subscriber.sink.closed) continue
        const role = subscriber.group.role
        let json: string
        let dataKey: string
        if (table.primaryKey.length === 0) {
          dataKey = 'error:400'
          json = data.get(dataKey) ?? payload.errorData(ERRORS.noPrimaryKey)
        } else {
          const selectable = await catalog.selectableColumns(table.relid, role)
          if (!table.primaryKey.every((c) => selectable.has(c))) {
            dataKey = 'error:401'
            json = data.get(dataKey) ?? payload.errorData(ERRORS.unauthorized)
          } else {
            if (
              needsCheck &&
              !(await catalog.bypassesRls(role)) &&
              !passed.has(`${index}:${subscriber.group.key}`)
            ) {
              continue
            }
            dataKey = `${role}\u0000${candidate.selectKey}`
            json = data.get(dataKey) ?? payload.data(selectable, candidate.select)
          }
        }
        data.set(dataKey, json)
        subscriber.sink.deliverChange(candidate.idsJson, json, dataKey, frames)
      }
    }
  }
}

function messageItem(change: Change): Item | null {
  const { relation, newTuple } = change
  const value = (name: string): string | null => {
    const index = relation.columns.findIndex((c) => c.name === name)
    const cell = index >= 0 ? newTuple?.[index] : undefined
    return typeof cell === 'string' ? cell : null
  }
  const topic = value('topic')
  if (topic === null || value('extension') !== 'broadcast') return null
  return {
    kind: 'message',
    message: {
      topic,
      event: value('event') ?? '',
      payload: value('payload') ?? '{}',
      private: value('private') === 't',
      id: value('id') ?? '',
    },
  }
}

/** Errors of the connection itself rather than of a statement (SQLSTATE classes 08 and 57P). */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string') return false
  return (
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code === 'CONNECTION_CLOSED' ||
    code === 'CONNECTION_ENDED' ||
    code === 'CONNECTION_DESTROYED' ||
    code === 'CONNECT_TIMEOUT' ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET'
  )
}
