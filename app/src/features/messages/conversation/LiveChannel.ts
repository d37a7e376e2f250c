// One open channel, live: its messages (confirmed by id, pending and failed sends), paging
// backwards by seq, and the rule that keeps it whole: after every (re)subscribe, and whenever a
// live event skips a seq, it fetches everything after the last seq it holds without a gap before
// it calls itself live. React reads it through useSyncExternalStore (subscribe/getSnapshot).
import { MessageWindow } from './message-window.ts'
import type { Outbox } from './outbox.ts'
import { deriveStatus } from './status.ts'
import type { StatusFlags } from './status.ts'
import { RETRY_DELAYS_MS, SendQueue } from './SendQueue.ts'
import type { Timers } from './SendQueue.ts'
import { editMessage, messageOf, removeMessage, toggleReaction } from './message-edits.ts'
import type { EditContext } from './message-edits.ts'
import {
  TransportError,
  type ChannelSnapshot,
  type ChannelTransport,
  type ChatMessage,
  type LiveEvent,
  type OutgoingAttachment,
  type TransportStatus,
} from './types.ts'
import type { Result } from '../../../lib/result.ts'

export interface Connectivity {
  isOnline(): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

export interface LiveChannelOptions {
  channelId: string
  userId: string
  transport: ChannelTransport
  outbox: Outbox
  connectivity: Connectivity
  timers?: Timers
  now?: () => Date
  newId: () => string
  pageSize?: number
  /** Catch-up pages before giving up on the gap and reopening at the latest messages. */
  maxCatchUpPages?: number
}

/** How many of the newest held messages are re-read after a disconnection. */
const TAIL_REFRESH = 200

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export class LiveChannel {
  readonly channelId: string
  private readonly options: Required<Omit<LiveChannelOptions, 'timers' | 'now'>> & {
    timers: Timers
    now: () => Date
  }
  private readonly window = new MessageWindow()
  private readonly queue: SendQueue
  private readonly edits: EditContext
  private flags: StatusFlags = {
    loaded: false,
    online: true,
    connected: false,
    everConnected: false,
    synced: false,
    fatal: null,
  }
  private hasOlder = true
  private loadingOlder = false
  private olderError: string | null = null
  private catchUpError: string | null = null
  private initialLoad: Promise<void> | null = null
  private catchingUp = false
  private catchUpAgain = false
  /** Events may have been missed for messages already held (edits, deletes, reactions). */
  private staleTail = false
  private catchUpTimer: unknown = null
  private retryIndex = 0
  private disposed = false
  private cleanups: (() => void)[] = []
  private readonly listeners = new Set<() => void>()
  private snapshot: ChannelSnapshot

  constructor(options: LiveChannelOptions) {
    this.channelId = options.channelId
    this.options = {
      pageSize: 50,
      maxCatchUpPages: 10,
      timers: defaultTimers,
      now: () => new Date(),
      ...options,
    }
    this.queue = new SendQueue({
      ...this.options,
      isOnline: () => this.flags.online,
      onConfirmed: (message) => this.acceptConfirmed(message),
      onChange: () => this.emit(),
    })
    this.edits = {
      window: this.window,
      transport: this.options.transport,
      userId: this.options.userId,
      now: this.options.now,
      newId: this.options.newId,
      emit: () => this.emit(),
    }
    this.snapshot = this.buildSnapshot()
  }

  // ---- React bridge -------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): ChannelSnapshot => this.snapshot

  // ---- lifecycle ----------------------------------------------------------------------------

  start(): void {
    const { connectivity, transport } = this.options
    this.flags.online = connectivity.isOnline()
    this.cleanups.push(connectivity.subscribe((online) => this.setOnline(online)))
    this.cleanups.push(
      transport.subscribe({
        onStatus: (status) => this.onTransportStatus(status),
        onEvent: (event) => this.onEvent(event),
      })
    )
    this.initialLoad = this.loadLatest()
    this.emit()
    void this.queue.flush()
  }

  dispose(): void {
    this.disposed = true
    for (const cleanup of this.cleanups.splice(0)) cleanup()
    this.queue.dispose()
    this.clearTimer('catchUpTimer')
    this.listeners.clear()
  }

  /** Asks for a catch-up now (the page became visible again, the user pressed retry, …). */
  resync(): void {
    if (this.flags.fatal) {
      this.flags.fatal = null
      this.initialLoad = this.loadLatest()
    }
    this.flags.synced = false
    this.emit()
    void this.catchUp()
    void this.queue.flush()
  }

  // ---- loading ------------------------------------------------------------------------------

  private async loadLatest(): Promise<void> {
    try {
      const page = await this.options.transport.latest(this.options.pageSize)
      if (this.disposed) return
      // Messages newer than the page (my confirmed sends, live events that raced the request)
      // stay; everything older is replaced by the page, which starts a new contiguous window.
      const pageMax = page[page.length - 1]?.seq ?? 0
      this.window.keepNewerThan(pageMax)
      this.window.upsertMany(page)
      this.window.syncedSeq = page.length > 0 ? pageMax : this.window.syncedSeq
      this.window.advanceSynced()
      this.hasOlder = page.length >= this.options.pageSize
      this.flags.loaded = true
      this.queue.dropConfirmed((id) => this.window.has(id))
      this.emit()
    } catch (error) {
      if (this.disposed) return
      if (isRetryable(error)) {
        // Stay in loading/offline; the next connect or online event tries again.
        this.initialLoad = null
        this.scheduleCatchUp()
      } else {
        this.flags.fatal = messageOf(error)
      }
      this.emit()
    }
  }

  async loadOlder(): Promise<void> {
    const oldest = this.window.minSeq()
    if (this.loadingOlder || !this.hasOlder || oldest === null) return
    this.loadingOlder = true
    this.olderError = null
    this.emit()
    try {
      const page = await this.options.transport.before(oldest, this.options.pageSize)
      if (this.disposed) return
      this.window.upsertMany(page)
      this.hasOlder = page.length >= this.options.pageSize
    } catch (error) {
      this.olderError = messageOf(error)
    } finally {
      this.loadingOlder = false
      this.emit()
    }
  }

  private async catchUp(): Promise<void> {
    if (this.disposed) return
    if (this.catchingUp) {
      this.catchUpAgain = true
      return
    }
    this.catchingUp = true
    this.clearTimer('catchUpTimer')
    try {
      do {
        this.catchUpAgain = false
        if (!this.initialLoad) this.initialLoad = this.loadLatest()
        await this.initialLoad
        if (!this.flags.loaded) return
        const { pageSize, maxCatchUpPages } = this.options
        if (this.staleTail) await this.refreshTail()
        let pages = 0
        for (;;) {
          const page = await this.options.transport.after(this.window.syncedSeq, pageSize)
          if (this.disposed) return
          this.window.upsertMany(page)
          const last = page[page.length - 1]
          if (last) this.window.syncedSeq = Math.max(this.window.syncedSeq, last.seq)
          this.window.advanceSynced()
          this.queue.dropConfirmed((id) => this.window.has(id))
          pages += 1
          if (page.length < pageSize) break
          if (pages >= maxCatchUpPages) {
            // Too far behind to replay: reopen at the latest messages; older ones page in on scroll.
            this.initialLoad = this.loadLatest()
            await this.initialLoad
            break
          }
          this.emit()
        }
      } while (this.catchUpAgain && !this.disposed)
      this.catchUpError = null
      this.retryIndex = 0
      if (this.flags.connected) this.flags.synced = true
    } catch (error) {
      this.catchUpError = messageOf(error)
      if (isRetryable(error)) this.scheduleCatchUp()
      else this.flags.fatal = this.catchUpError
    } finally {
      this.catchingUp = false
      this.emit()
    }
  }

  /**
   * Re-reads the newest messages already held: a catch-up by seq brings new messages, but the
   * edits, deletions and reactions sent while disconnected touched rows we already had.
   */
  private async refreshTail(): Promise<void> {
    const newest = this.window.maxSeq()
    const oldest = this.window.minSeq()
    if (oldest === null) {
      this.staleTail = false
      return
    }
    const from = Math.max(oldest, newest - TAIL_REFRESH + 1)
    const rows = await this.options.transport.after(
      from - 1,
      Math.min(TAIL_REFRESH, newest - from + 1)
    )
    if (this.disposed) return
    this.window.upsertMany(rows.filter((m) => m.seq <= newest))
    this.staleTail = false
    this.emit()
  }

  private scheduleCatchUp(): void {
    if (this.catchUpTimer !== null || this.disposed || !this.flags.online) return
    const delay = RETRY_DELAYS_MS[Math.min(this.retryIndex, RETRY_DELAYS_MS.length - 1)]!
    this.retryIndex += 1
    this.catchUpTimer = this.options.timers.setTimeout(() => {
      this.catchUpTimer = null
      void this.catchUp()
    }, delay)
  }

  // ---- network events -----------------------------------------------------------------------

  private onTransportStatus(status: TransportStatus): void {
    if (status === 'connected') {
      this.flags.connected = true
      this.flags.everConnected = true
      this.flags.synced = false
      this.emit()
      void this.catchUp()
      void this.queue.flush()
    } else {
      if (this.flags.connected) this.staleTail = true
      this.flags.connected = false
      this.flags.synced = false
      this.emit()
    }
  }

  private setOnline(online: boolean): void {
    if (online === this.flags.online) return
    this.flags.online = online
    if (!online) this.staleTail = true
    if (online) {
      this.retryIndex = 0
      this.flags.synced = false
      void this.catchUp()
      this.queue.resume()
    }
    this.emit()
  }

  private onEvent(event: LiveEvent): void {
    switch (event.kind) {
      case 'message': {
        const { message } = event
        const isNew = !this.window.has(message.id)
        this.window.upsert(message)
        if (isNew) this.queue.remove(message.id)
        if (isNew && this.flags.synced && message.seq > this.window.syncedSeq) {
          this.window.advanceSynced()
          if (this.window.syncedSeq < message.seq) {
            // A seq was skipped: something was missed. Fetch it before calling ourselves live.
            this.flags.synced = false
            void this.catchUp()
          }
        }
        break
      }
      case 'reaction-added':
        this.window.addReaction(event.messageId, event.reaction)
        break
      case 'reaction-removed':
        this.window.removeReactionById(event.reactionId)
        break
      case 'attachment':
        this.window.addAttachment(event.attachment)
        break
    }
    this.emit()
  }

  // ---- sending ------------------------------------------------------------------------------

  send(body: string, attachments: OutgoingAttachment[] = [], id?: string): Result<string> {
    return this.queue.add(body, attachments, id)
  }

  retry(id: string): void {
    this.queue.retry(id)
  }

  discard(id: string): void {
    this.queue.remove(id)
  }

  private acceptConfirmed(message: ChatMessage): void {
    this.window.upsert(message)
    if (this.flags.synced) this.window.advanceSynced()
    this.emit()
  }

  // ---- edits, deletes, reactions (optimistic, reverted on failure: message-edits.ts) -------

  edit(id: string, body: string): Promise<Result<void>> {
    return editMessage(this.edits, id, body)
  }

  remove(id: string): Promise<Result<void>> {
    return removeMessage(this.edits, id)
  }

  toggleReaction(messageId: string, emoji: string): Promise<Result<void>> {
    return toggleReaction(this.edits, messageId, emoji)
  }

  // ---- snapshot -----------------------------------------------------------------------------

  private emit(): void {
    if (this.disposed) return
    this.snapshot = this.buildSnapshot()
    for (const listener of this.listeners) listener()
  }

  private buildSnapshot(): ChannelSnapshot {
    const status = deriveStatus(this.flags, this.catchingUp)
    return {
      status,
      error: this.flags.fatal ?? this.catchUpError,
      messages: this.window.list(),
      pending: this.queue.items,
      hasOlder: this.hasOlder,
      loadingOlder: this.loadingOlder,
      olderError: this.olderError,
      loaded: this.flags.loaded,
    }
  }

  private clearTimer(which: 'catchUpTimer'): void {
    if (this[which] !== null) this.options.timers.clearTimeout(this[which])
    this[which] = null
  }
}

function isRetryable(error: unknown): boolean {
  return error instanceof TransportError ? error.retryable : true
}
