// The logical replication stream of one database: a permanent slot with the built-in pgoutput
// plugin (replication-slot.ts), read over a replication connection (postgres.js speaks the
// streaming protocol), with committed transactions handed over whole. Positions are acknowledged
// only once the feed has delivered them, so after a restart of the stack or of PostgreSQL the
// stream resumes from the slot without losing a change. Connection failures are retried with
// backoff.
import type { Duplex } from 'node:stream'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import type { Logger } from '../../logger.ts'
import { quoteIdentifier } from '../../db/scope.ts'
import type { Transaction } from './dispatcher.ts'
import { ensureSlot, waitUntilSlotInactive } from './replication-slot.ts'
import type { Change } from './payload.ts'
import { decodeFrame, decodePgOutput, formatLsn, statusUpdate } from './pgoutput.ts'
import type { Relation } from './pgoutput.ts'

export { slotNameFor } from './replication-slot.ts'

export interface ReplicationOptions {
  /** Superuser URL of the project's database. */
  url: string
  /** Superuser pool for managing the slot. */
  admin: Sql
  slot: string
  publications: string[]
  log: Logger
  onTransaction(transaction: Transaction): void
  onRelation(relation: Relation): void
  /** A new stream is about to start: transactions handed over but not yet delivered are void. */
  onRestart(): Promise<void>
  /** Nothing handed over is waiting for delivery (so a keepalive's position can be confirmed). */
  isIdle(): boolean
}

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 10_000
const STATUS_INTERVAL_MS = 10_000

export class ReplicationStream {
  private stopped = false
  private sql: Sql | null = null
  private stream: Duplex | null = null
  private wake: (() => void) | null = null
  private running: Promise<void> | null = null
  private acknowledged = 0n
  private sentStatus = -1n
  private statusTimer: NodeJS.Timeout | null = null
  private intervalTimer: NodeJS.Timeout | null = null
  /** The transaction being received (between Begin and Commit). */
  private current: { changes: Change[]; xid: number } | null = null
  private commitTime = 0
  private readonly relations = new Map<number, Relation>()
  private markReady!: () => void
  /** Resolves once the slot exists and the first stream has started. */
  readonly ready: Promise<void>
  private streaming = false
  private creating: { cancel(): unknown } | null = null

  constructor(private readonly options: ReplicationOptions) {
    this.ready = new Promise((resolve) => (this.markReady = resolve))
  }

  get isStreaming(): boolean {
    return this.streaming
  }

  start(): void {
    this.running ??= this.run()
  }

  /** The feed delivered everything up to `lsn`. */
  acknowledge(lsn: bigint): void {
    if (lsn <= this.acknowledged) return
    this.acknowledged = lsn
    this.statusTimer ??= setTimeout(() => {
      this.statusTimer = null
      this.sendStatus(false)
    }, 200)
  }

  /** Ends the stream; waits until the slot is free again (the test harness drops it after). */
  async stop(): Promise<void> {
    this.stopped = true
    this.wake?.()
    this.creating?.cancel()
    this.clearTimers()
    this.sendStatus(false)
    this.stream?.end()
    await this.sql?.end({ timeout: 1 }).catch(() => undefined)
    await this.running?.catch(() => undefined)
    await waitUntilSlotInactive(this.options.admin, this.options.slot)
  }

  /** Stops reading while the feed catches up (the walsender waits). */
  pause(): void {
    this.stream?.pause()
  }

  resume(): void {
    this.stream?.resume()
  }

  /** Ends the current stream so that it restarts (a replication hiccup, or a failed delivery). */
  restart(reason: string): void {
    if (this.stopped) return
    this.options.log.warn(`replication stream restarting: ${reason}`)
    this.stream?.destroy()
  }

  private async run(): Promise<void> {
    let delay = FIRST_RETRY_MS
    let lastError = ''
    while (!this.stopped) {
      const began = Date.now()
      try {
        await ensureSlot(this.options.admin, this.options.slot, this.options.log, (query) => {
          this.creating = query
        })
        await this.streamOnce()
      } catch (error) {
        // The same failure over and over (e.g. wal_level is not logical) is logged once.
        const message = (error as Error).message
        if (!this.stopped && message !== lastError) {
          this.options.log.warn(`replication stream failed (retrying): ${message}`)
        }
        lastError = message
      } finally {
        if (this.streaming) lastError = ''
        this.streaming = false
        this.current = null
        this.clearTimers()
        await this.sql?.end({ timeout: 1 }).catch(() => undefined)
        this.sql = null
        this.stream = null
      }
      if (this.stopped) break
      if (Date.now() - began > 30_000) delay = FIRST_RETRY_MS
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = null
      delay = Math.min(delay * 2, MAX_RETRY_MS)
    }
  }

  private async streamOnce(): Promise<void> {
    const { url, slot, publications, log } = this.options
    await this.options.onRestart()
    if (this.stopped) return
    const sql = postgres(url, {
      max: 1,
      fetch_types: false,
      idle_timeout: 0,
      max_lifetime: null,
      connect_timeout: 10,
      onnotice: () => {},
      connection: {
        replication: 'database',
        application_name: 'supabase_realtime_replication',
        // Values are printed the way the feed and the filters expect them.
        TimeZone: 'UTC',
        DateStyle: 'ISO, MDY',
        IntervalStyle: 'postgres',
      } as Record<string, string>,
    })
    this.sql = sql
    const names = publications.map((p) => quoteIdentifier(p)).join(',')
    const command =
      `START_REPLICATION SLOT ${quoteIdentifier(slot)} LOGICAL ${formatLsn(this.acknowledged)} ` +
      `(proto_version '1', publication_names '${names.replace(/'/g, "''")}')`
    const stream = (await sql.unsafe(command).writable()) as unknown as Duplex
    if (this.stopped) {
      stream.destroy()
      return
    }
    this.stream = stream
    this.streaming = true
    this.markReady()
    log.debug(`streaming ${slot} from ${formatLsn(this.acknowledged)}`)
    this.intervalTimer = setInterval(() => this.sendStatus(false), STATUS_INTERVAL_MS)
    await new Promise<void>((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        try {
          this.onData(chunk)
        } catch (error) {
          log.error('undecodable replication message', error)
          stream.destroy()
        }
      })
      stream.on('error', (error) => {
        if (!this.stopped) log.warn(`replication stream error: ${(error as Error).message}`)
      })
      stream.on('close', () => resolve())
    })
  }

  private onData(chunk: Buffer): void {
    const frame = decodeFrame(chunk)
    if (frame.kind === 'keepalive') {
      if (this.current === null && this.options.isIdle() && frame.walEnd > this.acknowledged) {
        this.acknowledged = frame.walEnd
      }
      if (frame.replyRequested) this.sendStatus(true)
      return
    }
    if (frame.kind !== 'xlog') return
    const message = decodePgOutput(frame.data)
    switch (message.tag) {
      case 'begin':
        this.current = { changes: [], xid: message.xid }
        this.commitTime = message.commitTime
        return
      case 'relation':
        this.relations.set(message.relation.relid, message.relation)
        this.options.onRelation(message.relation)
        return
      case 'insert':
      case 'update':
      case 'delete': {
        const relation = this.relations.get(message.relid)
        if (!relation || !this.current) return
        this.current.changes.push({
          relation,
          action:
            message.tag === 'insert' ? 'INSERT' : message.tag === 'update' ? 'UPDATE' : 'DELETE',
          newTuple: message.tag === 'delete' ? null : message.newTuple,
          oldTuple: message.tag === 'insert' ? null : message.oldTuple,
          oldKind: message.tag === 'insert' ? null : message.oldKind,
          commitTime: this.commitTime,
          xid: this.current.xid,
        })
        return
      }
      case 'commit': {
        const transaction = this.current
        this.current = null
        if (!transaction) return
        this.options.onTransaction({ changes: transaction.changes, endLsn: message.endLsn })
        return
      }
      default:
        return
    }
  }

  private sendStatus(force: boolean): void {
    const stream = this.stream
    if (!stream || !this.streaming || stream.destroyed) return
    if (!force && this.sentStatus === this.acknowledged) return
    this.sentStatus = this.acknowledged
    stream.write(statusUpdate(this.acknowledged))
  }

  private clearTimers(): void {
    if (this.statusTimer) clearTimeout(this.statusTimer)
    if (this.intervalTimer) clearInterval(this.intervalTimer)
    this.statusTimer = null
    this.intervalTimer = null
  }
}
