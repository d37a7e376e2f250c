// Fans a batch of committed transactions out to the subscribed channels: match each change
// against the bindings (table, event, filters), check row-level security for the candidates
// with one call per table and batch (every group of subscribers at once), render the payload
// once per change and role, and deliver in commit order.
import { availableParallelism } from 'node:os'
import { SQLSTATE, isConnectionError } from '../../db/errors.ts'
import type { Logger } from '../../logger.ts'
import { ChangePayload, ERRORS } from './payload.ts'
import type { Change } from './payload.ts'
import { buildCheck, runCheck } from './rls-check.ts'
import { waitVisible } from './visibility.ts'
import type { CheckGroup, Sessions } from './rls-check.ts'
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
  | { kind: 'message'; message: DatabaseMessage; xid: number }

/** Connections one check may use at once (the API pool has 10). */
const PARALLEL_CHECKS = Math.max(1, Math.min(4, availableParallelism()))
/** Below this many groups per part, splitting costs more than it saves. */
const GROUPS_PER_PART = 200

/** A failure reaching the database (not a policy error): the batch must be retried. */
export class FeedDatabaseError extends Error {
  override name = 'FeedDatabaseError'
}

export interface DispatcherOptions {
  /** Connections for the row-level security checks. */
  sessions: Sessions
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
    await this.messagesVisible(items)
    const began = performance.now()
    const facts = await this.roleFacts(items)
    const visible = await this.checkRls(items, facts)
    const checked = performance.now()
    this.deliver(items, facts, visible)
    this.options.log.debug(
      `changes: ${items.length} in ${transactions.length} transactions, RLS ${(checked - began).toFixed(1)} ms, delivery ${(performance.now() - checked).toFixed(1)} ms`
    )
  }

  /** Broadcasts go out once their transactions are visible (visibility.ts). */
  private async messagesVisible(items: Item[]): Promise<void> {
    const xids = new Set<number>()
    for (const item of items) if (item.kind === 'message') xids.add(item.xid)
    if (xids.size === 0) return
    try {
      await waitVisible(this.options.sessions, [...xids])
    } catch (error) {
      if (isConnectionError(error)) throw new FeedDatabaseError((error as Error).message)
      this.options.log.debug(`realtime: visibility wait skipped: ${(error as Error).message}`)
    }
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

  /** What the checks and the payloads need to know about each role, fetched before the loops. */
  private async roleFacts(items: Item[]): Promise<Map<string, RoleFacts>> {
    const { catalog } = this.options
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
  private async checkRls(
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
      if (!table.rls || payload.change.action === 'DELETE' || table.primaryKey.length === 0)
        continue
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
      const visible = await this.check(table, keys, checkGroups, xids)
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
  private async check(
    table: TableInfo,
    keys: Map<number, string[]>,
    groups: CheckGroup[],
    xids: number[]
  ): Promise<Map<number, Set<number>>> {
    const { sessions, log } = this.options
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

  /** Sends every delivery of the batch; synchronous, so each socket writes its frames at once. */
  private deliver(
    items: Item[],
    facts: Map<string, RoleFacts>,
    passed: Map<Group, Set<number>>
  ): void {
    const { onMessage } = this.options
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
        const group = subscriber.group
        const fact = facts.get(`${table.relid}:${group.role}`)
        if (!fact) continue
        let dataKey: string
        let json: string | undefined
        if (table.primaryKey.length === 0) {
          dataKey = 'error:400'
          json = data.get(dataKey) ?? payload.errorData(ERRORS.noPrimaryKey)
        } else if (!fact.keySelectable) {
          dataKey = 'error:401'
          json = data.get(dataKey) ?? payload.errorData(ERRORS.unauthorized)
        } else {
          if (needsCheck && !fact.bypass && !passed.get(group)?.has(index)) continue
          dataKey = `${group.role}\u0000${candidate.selectKey}`
          json = data.get(dataKey) ?? payload.data(fact.selectable, candidate.select)
        }
        data.set(dataKey, json)
        subscriber.sink.deliverChange(candidate.idsJson, json, dataKey, frames)
      }
    }
  }
}

interface RoleFacts {
  selectable: Set<string>
  bypass: boolean
  /** The role may select the primary key (else the change carries Error 401). */
  keySelectable: boolean
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
    xid: change.xid,
    message: {
      topic,
      event: value('event') ?? '',
      payload: value('payload') ?? '{}',
      private: value('private') === 't',
      id: value('id') ?? '',
    },
  }
}
