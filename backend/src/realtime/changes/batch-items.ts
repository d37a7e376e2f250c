// What the dispatcher fans out: a batch's items, each a change with the subscribers whose
// bindings (table, event, filters) it matches, or a broadcast from realtime.messages; and what
// the checks and payloads need to know about each role.
import { ChangePayload } from './payload.ts'
import type { Change } from './payload.ts'
import type { Subscriber, SubscriptionRegistry } from './registry.ts'
import type { TableCatalog, TableInfo } from './tables.ts'

/** A row inserted into realtime.messages: a broadcast from the database. */
export interface DatabaseMessage {
  topic: string
  event: string
  /** The payload, JSON text. */
  payload: string
  private: boolean
  id: string
}

export interface Candidate {
  subscriber: Subscriber
  idsJson: string
  select: Set<string> | null
  selectKey: string
}

export type Item =
  | { kind: 'change'; payload: ChangePayload; table: TableInfo; candidates: Candidate[] }
  | { kind: 'message'; message: DatabaseMessage; xid: number }

export interface RoleFacts {
  selectable: Set<string>
  bypass: boolean
  /** The role may select the primary key (else the change carries Error 401). */
  keySelectable: boolean
}

/** The change as an item for the subscribers whose bindings it matches; null when none. */
export async function matchChange(
  change: Change,
  registry: SubscriptionRegistry,
  catalog: TableCatalog
): Promise<Item | null> {
  const { relation } = change
  if (relation.schema === 'realtime' && relation.table === 'messages') {
    return change.action === 'INSERT' ? messageItem(change) : null
  }
  const subscribers = registry.subscribersOf(relation.relid)
  if (!subscribers || subscribers.size === 0) return null
  const table = await catalog.table(relation.relid)
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
