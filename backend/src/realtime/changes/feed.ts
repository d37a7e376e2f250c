// The change feed of one stack: the replication stream in, the dispatcher out, and the
// subscriptions in between. Transactions are delivered in commit order, in batches (whatever
// accumulated while the previous batch was being checked), and acknowledged once delivered.
import type { Sql } from 'postgres'
import type { Logger } from '../../logger.ts'
import type { PostgresChangeParams } from '../protocol/join-config.ts'
import { resolveBinding } from './bindings.ts'
import type { Binding } from './bindings.ts'
import { Dispatcher, FeedDatabaseError } from './dispatcher.ts'
import type { DatabaseMessage, Transaction } from './dispatcher.ts'
import { SubscriptionRegistry } from './registry.ts'
import type { ChangeSink, Identity } from './registry.ts'
import { ReplicationStream, slotNameFor } from './replication.ts'
import type { Sessions } from './rls-check.ts'
import { TableCatalog } from './tables.ts'

export const PUBLICATIONS = ['supabase_realtime', 'supabase_realtime_messages_publication']

/** Transactions per batch; more wait for the next one. */
const MAX_BATCH = 256
/** Pause reading the stream when this many transactions wait (resume at a quarter). */
const HIGH_WATER = 4096

export interface FeedOptions {
  url: string
  admin: Sql
  /** Connections for the row-level security checks. */
  sessions: Sessions
  log: Logger
  onMessage(message: DatabaseMessage): void
}

export type SubscribeResult = { ok: true } | { ok: false; message: string }

export class ChangeFeed {
  readonly registry = new SubscriptionRegistry()
  readonly catalog: TableCatalog
  private readonly dispatcher: Dispatcher
  private stream: ReplicationStream | null = null
  private init: Promise<ReplicationStream | null> | null = null
  private queue: Transaction[] = []
  private processing: Promise<void> | null = null
  private paused = false
  private stopped = false
  private readonly stopWaiters = new Set<() => void>()
  /** The stream has started once: the slot exists, later restarts resume from it. */
  private streamed = false

  constructor(private readonly options: FeedOptions) {
    this.catalog = new TableCatalog(options.admin)
    this.dispatcher = new Dispatcher({
      sessions: options.sessions,
      catalog: this.catalog,
      registry: this.registry,
      log: options.log,
      onMessage: options.onMessage,
    })
  }

  /** Starts streaming in the background (slot creation can wait on running transactions). */
  start(): void {
    this.init ??= this.open().catch((error) => {
      this.options.log.error('the realtime change feed could not start', error)
      return null
    })
  }

  private async open(): Promise<ReplicationStream | null> {
    const [row] = await this.options.admin<
      { database: string }[]
    >`select current_database() as database`
    if (this.stopped) return null
    const stream = new ReplicationStream({
      url: this.options.url,
      admin: this.options.admin,
      slot: slotNameFor(row?.database ?? 'postgres'),
      publications: PUBLICATIONS,
      log: this.options.log,
      onTransaction: (transaction) => this.enqueue(transaction),
      onRelation: (relation) => this.catalog.invalidate(relation.relid),
      onRestart: async () => {
        // Whatever was not delivered comes again from the slot's position.
        this.queue = []
        this.resume()
        this.catalog.clear()
        await this.processing
      },
      isIdle: () => this.queue.length === 0 && this.processing === null,
    })
    this.stream = stream
    stream.start()
    return stream
  }

  /** Resolves once changes flow (or the feed stops). */
  private async live(): Promise<boolean> {
    this.start()
    if (this.streamed) return !this.stopped
    const stream = await this.init
    if (!stream || this.stopped) return false
    let wake = () => {}
    const stopped = new Promise<void>((resolve) => {
      wake = resolve
      this.stopWaiters.add(resolve)
    })
    await Promise.race([stream.ready.then(() => (this.streamed = true)), stopped])
    this.stopWaiters.delete(wake)
    return !this.stopped
  }

  /** Validates a channel's filters and, once the stream runs, starts delivering to it. */
  async subscribe(
    sink: ChangeSink,
    identity: Identity,
    changes: PostgresChangeParams[]
  ): Promise<SubscribeResult> {
    const bindings: Binding[] = []
    for (const params of changes) {
      const result = await resolveBinding(this.options.admin, this.catalog, params, identity.role)
      if (!result.ok) return result
      bindings.push(result.binding)
    }
    if (!(await this.live())) {
      return { ok: false, message: 'Realtime was unable to connect to the project database' }
    }
    // The token may have changed meanwhile: checks use the current one.
    if (!sink.closed) this.registry.add(sink, sink.identity(), bindings)
    return { ok: true }
  }

  unsubscribe(sink: ChangeSink): void {
    this.registry.remove(sink)
  }

  updateIdentity(sink: ChangeSink, identity: Identity): void {
    this.registry.updateIdentity(sink, identity)
  }

  /** Resolves when the replication stream is live (for `replication_ready`). */
  replicationReady(): Promise<boolean> {
    return this.live()
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const wake of this.stopWaiters) wake()
    this.stopWaiters.clear()
    this.queue = []
    const stream = await this.init?.catch(() => null)
    await this.processing?.catch(() => undefined)
    await stream?.stop()
  }

  private enqueue(transaction: Transaction): void {
    if (this.stopped) return
    this.queue.push(transaction)
    if (!this.paused && this.queue.length > HIGH_WATER) {
      this.paused = true
      this.stream?.pause()
    }
    this.kick()
  }

  private kick(): void {
    if (this.processing || this.stopped) return
    this.processing = this.drain().finally(() => {
      this.processing = null
      if (this.queue.length > 0) this.kick()
    })
  }

  private resume(): void {
    if (this.paused) {
      this.paused = false
      this.stream?.resume()
    }
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.splice(0, MAX_BATCH)
      if (this.paused && this.queue.length < HIGH_WATER / 4) this.resume()
      try {
        await this.dispatcher.process(batch)
      } catch (error) {
        if (error instanceof FeedDatabaseError) {
          // Not delivered, not acknowledged: the restarted stream sends these again.
          this.queue = []
          this.stream?.restart(error.message)
          return
        }
        this.options.log.error('realtime change batch failed', error)
      }
      const last = batch[batch.length - 1]
      if (last) this.stream?.acknowledge(last.endLsn)
    }
  }
}
