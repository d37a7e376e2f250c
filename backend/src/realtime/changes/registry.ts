// Who listens to which table. Each joined channel with postgres_changes bindings is one
// subscriber; subscribers sharing a role and the same JWT claims form a group, and a group's
// row-level security check serves all its members.
import type { Binding } from './bindings.ts'

/** Frames built for one change, shared by channels with the same topic, ids and payload. */
export type FrameCache = Map<string, unknown>

/** Where a channel receives its changes. */
export interface ChangeSink {
  readonly closed: boolean
  /** The role and claims the channel's token currently carries. */
  identity(): Identity
  /** `idsJson` like [123,456]; `dataJson` the change as JSON text. */
  deliverChange(idsJson: string, dataJson: string, dataKey: string, cache: FrameCache): void
}

export interface Group {
  key: string
  role: string
  claimsJson: string
  sub: string | null
  members: number
}

export interface Subscriber {
  sink: ChangeSink
  group: Group
  bindings: Binding[]
}

export interface Identity {
  role: string
  claims: Record<string, unknown>
}

export class SubscriptionRegistry {
  private readonly bySink = new Map<ChangeSink, Subscriber>()
  private readonly byTable = new Map<number, Set<Subscriber>>()
  private readonly groups = new Map<string, Group>()

  get size(): number {
    return this.bySink.size
  }

  get groupCount(): number {
    return this.groups.size
  }

  add(sink: ChangeSink, identity: Identity, bindings: Binding[]): void {
    this.remove(sink)
    const subscriber: Subscriber = { sink, group: this.join(identity), bindings }
    this.bySink.set(sink, subscriber)
    for (const binding of bindings) {
      for (const relid of binding.tables.keys()) {
        let set = this.byTable.get(relid)
        if (!set) this.byTable.set(relid, (set = new Set()))
        set.add(subscriber)
      }
    }
  }

  remove(sink: ChangeSink): void {
    const subscriber = this.bySink.get(sink)
    if (!subscriber) return
    this.bySink.delete(sink)
    this.leave(subscriber.group)
    for (const binding of subscriber.bindings) {
      for (const relid of binding.tables.keys()) {
        const set = this.byTable.get(relid)
        set?.delete(subscriber)
        if (set?.size === 0) this.byTable.delete(relid)
      }
    }
  }

  /** A channel's token changed: its checks now run with the new role and claims. */
  updateIdentity(sink: ChangeSink, identity: Identity): void {
    const subscriber = this.bySink.get(sink)
    if (!subscriber) return
    this.leave(subscriber.group)
    subscriber.group = this.join(identity)
  }

  has(sink: ChangeSink): boolean {
    return this.bySink.has(sink)
  }

  subscribersOf(relid: number): ReadonlySet<Subscriber> | undefined {
    return this.byTable.get(relid)
  }

  private join(identity: Identity): Group {
    const claimsJson = JSON.stringify(identity.claims)
    const key = `${identity.role}\u0000${claimsJson}`
    let group = this.groups.get(key)
    if (!group) {
      const sub = identity.claims.sub
      group = {
        key,
        role: identity.role,
        claimsJson,
        sub: typeof sub === 'string' ? sub : null,
        members: 0,
      }
      this.groups.set(key, group)
    }
    group.members++
    return group
  }

  private leave(group: Group): void {
    group.members--
    if (group.members <= 0) this.groups.delete(group.key)
  }
}
