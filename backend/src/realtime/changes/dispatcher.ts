// Fans a batch of committed transactions out to the subscribed channels: match each change
// against the bindings (table, event, filters), check row-level security for the candidates
// with one call per table and batch (every group of subscribers at once), render the payload
// once per change and role, and deliver in commit order. The items and their matching are
// batch-items.ts; the row-level security checks batch-rls.ts.
import { isConnectionError } from '../../db/errors.ts'
import type { Logger } from '../../logger.ts'
import { matchChange } from './batch-items.ts'
import type { DatabaseMessage, Item, RoleFacts } from './batch-items.ts'
import { checkRls, FeedDatabaseError, roleFacts } from './batch-rls.ts'
import { ERRORS } from './payload.ts'
import type { Change } from './payload.ts'
import type { Sessions } from './rls-check.ts'
import { waitVisible } from './visibility.ts'
import type { FrameCache, Group } from './registry.ts'
import type { SubscriptionRegistry } from './registry.ts'
import type { TableCatalog } from './tables.ts'

export type { DatabaseMessage } from './batch-items.ts'
export { FeedDatabaseError } from './batch-rls.ts'

export interface Transaction {
  changes: Change[]
  endLsn: bigint
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
        const item = await matchChange(change, this.options.registry, this.options.catalog)
        if (item) items.push(item)
      }
    }
    if (items.length === 0) return
    await this.messagesVisible(items)
    const began = performance.now()
    const facts = await roleFacts(this.options.catalog, items)
    const visible = await checkRls(this.options, items, facts)
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
