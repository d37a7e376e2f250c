// One open conversation, live (a channel, or a thread in it: the same protocol over the
// conversation's own numbering): its messages (confirmed by id, pending and failed sends), paging
// backwards by seq (forwards too when opened at a message: open-at.ts, a lazy chunk), and the
// rule that keeps it whole (sync-machine.ts decides what to fetch and when; this class runs what
// it decides: fetches into the MessageWindow (sync-fetches.ts), the retry timer, the send queue).
// React reads it through useSyncExternalStore (subscribe/getSnapshot; channel-snapshot.ts).
import { MessageWindow } from './message-window.ts'
import { SendQueue } from './send-queue.ts'
import { sameSnapshot, snapshotOf } from './channel-snapshot.ts'
import { applyToWindow } from './live-events.ts'
import { defaultTimers, outboxKeyOf } from './live-channel-options.ts'
import type { LiveChannelOptions } from './live-channel-options.ts'
import { withEdits } from './load-edits.ts'
import type { EditContext } from './message-edits.ts'
import { RetryTimer } from './retry-timer.ts'
import { fetchAfter, fetchLatest, fetchOlder, fetchOnce, fetchTail } from './sync-fetches.ts'
import { initialSyncState, reduce } from './sync-machine.ts'
import type {
  ChannelExtension,
  FetchKind,
  SyncEffect,
  SyncEvent,
  SyncLimits,
  SyncState,
} from './sync-types.ts'
import {
  type ChannelSnapshot,
  type ChannelTransport,
  type ChatMessage,
  type Conversation,
  type LiveEvent,
  type OutgoingAttachment,
} from './types.ts'
import type { Result } from '../../../lib/result.ts'

export type { ChannelExtension } from './sync-types.ts'
export type { Connectivity, LiveChannelOptions } from './live-channel-options.ts'
export { loadEdits } from './load-edits.ts'

export class LiveChannel {
  readonly channelId: string
  readonly conversation: Conversation
  /** Also read by open-at.ts, which adds the conversation opened at a message (lazily). */
  readonly transport: ChannelTransport
  readonly limits: SyncLimits
  readonly window = new MessageWindow()
  /** Which window a fetch was made for: a window replaced drops the old one's results. */
  epoch = 0
  /** The events and effects open-at.ts adds, once it is loaded. */
  extension: ChannelExtension | null = null
  private readonly queue: SendQueue
  private readonly edits: EditContext
  private state: SyncState = initialSyncState()
  private readonly inbox: SyncEvent[] = []
  private dispatching = false
  private readonly retryTimer: RetryTimer
  private olderFetch: Promise<void> | null = null
  private disposed = false

  /** Disposed: it does not start again (make a new one). */
  get isDisposed(): boolean {
    return this.disposed
  }
  private cleanups: (() => void)[] = []
  private readonly listeners = new Set<() => void>()
  private snapshot: ChannelSnapshot

  constructor(private readonly options: LiveChannelOptions) {
    this.channelId = options.channelId
    this.conversation = options.conversation ?? { kind: 'channel' }
    this.transport = options.transport
    const timers = options.timers ?? defaultTimers
    this.retryTimer = new RetryTimer(timers)
    this.limits = {
      pageSize: options.pageSize ?? 50,
      maxCatchUpPages: options.maxCatchUpPages ?? 10,
    }
    const now = options.now ?? (() => new Date())
    this.queue = new SendQueue({
      ...options,
      outboxKey: outboxKeyOf(options.channelId, options.conversation),
      timers,
      now,
      isOnline: () => this.state.online,
      onConfirmed: (message) => this.acceptConfirmed(message),
      onChange: () => this.emit(),
    })
    this.edits = {
      window: this.window,
      transport: this.transport,
      userId: options.userId,
      now,
      newId: options.newId,
      emit: () => this.emit(),
    }
    // Not synced: the first page replaces them (replaceWithLatest) before anything counts on them.
    this.window.upsertMany(options.cached ?? [])
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
    const { connectivity } = this.options
    this.dispatch({ type: 'start', online: connectivity.isOnline() })
    this.cleanups.push(
      connectivity.subscribe((online) => this.dispatch({ type: 'online', online }))
    )
    this.cleanups.push(
      this.transport.subscribe({
        onStatus: (status) => this.dispatch({ type: 'transport', status }),
        onEvent: (event) => this.onEvent(event),
      })
    )
  }

  dispose(): void {
    this.disposed = true
    for (const cleanup of this.cleanups.splice(0)) cleanup()
    this.queue.dispose()
    this.retryTimer.cancel()
    this.listeners.clear()
  }

  /** Asks for a catch-up now (the page became visible again, the user pressed retry, …). */
  resync(): void {
    this.dispatch({ type: 'resync' })
  }

  async loadOlder(): Promise<void> {
    const running = this.olderFetch
    this.dispatch({ type: 'load-older', oldest: this.window.minSeq() })
    if (this.olderFetch !== running) await this.olderFetch
  }

  // ---- the machine and its effects ----------------------------------------------------------

  /** Feeds one event to the sync machine; events raised while effects run wait their turn. */
  dispatch(event: SyncEvent): void {
    if (this.disposed) return
    this.inbox.push(event)
    if (this.dispatching) return
    this.dispatching = true
    try {
      for (let next = this.inbox.shift(); next; next = this.inbox.shift()) {
        const step =
          this.extension?.reduce(this.state, next, this.limits) ??
          reduce(this.state, next, this.limits)
        this.state = step.state
        for (const effect of step.effects) this.run(effect)
      }
    } finally {
      this.dispatching = false
    }
    this.emit()
  }

  private run(effect: SyncEffect): void {
    switch (effect.type) {
      case 'fetch-latest':
        fetchLatest(this)
        break
      case 'fetch-tail':
        fetchTail(this)
        break
      case 'fetch-after':
        fetchAfter(this)
        break
      case 'fetch-older':
        this.olderFetch = fetchOlder(this, effect.before)
        break
      case 'arm-retry':
        this.retryTimer.arm(effect.delayMs, () => this.dispatch({ type: 'retry-due' }))
        break
      case 'cancel-retry':
        this.retryTimer.cancel()
        break
      case 'flush-sends':
        void this.queue.flush()
        break
      case 'resume-sends':
        this.queue.resume()
        break
      default:
        this.extension?.run(effect)
    }
  }

  /** One fetch of the protocol: its result, or null once it failed (reported) or was disposed. */
  fetch<T>(kind: FetchKind, call: () => Promise<T>): Promise<T | null> {
    return fetchOnce(this, kind, call)
  }

  // ---- live events --------------------------------------------------------------------------

  private onEvent(event: LiveEvent): void {
    if (this.disposed) return
    if (event.kind === 'message') {
      const { message } = event
      if (!this.accepts(message)) return
      const isNew = !this.window.has(message.id)
      this.window.upsert(message)
      this.window.advanceSynced()
      // A seq below it is missing: something was missed. Fetch it before calling ourselves live.
      if (isNew && this.window.syncedSeq < message.seq) {
        this.dispatch({ type: 'gap' })
        return
      }
    } else applyToWindow(this.window, event)
    this.emit()
  }

  // ---- sending ------------------------------------------------------------------------------

  /** `inChannel`: a thread's reply also sent to the channel. */
  send(
    body: string,
    attachments: OutgoingAttachment[] = [],
    id?: string,
    inChannel?: boolean
  ): Result<string> {
    return this.queue.add(body, attachments, id, inChannel)
  }

  retry(id: string): void {
    this.queue.retry(id)
  }

  discard(id: string): void {
    this.queue.remove(id)
  }

  /** Opened at a message: what is beyond the window comes with its pages, not as a hole. */
  private accepts(message: Pick<ChatMessage, 'id' | 'seq'>): boolean {
    const { window } = this
    return !this.state.hasNewer || window.has(message.id) || message.seq === window.syncedSeq + 1
  }

  private acceptConfirmed(message: ChatMessage): void {
    if (!this.accepts(message)) return this.emit()
    this.window.upsert(message)
    this.window.advanceSynced()
    this.emit()
  }

  // ---- edits, deletes, reactions (optimistic, reverted on failure: message-edits.ts, a chunk
  // of its own, loaded on the first one or after the first screen: loadEdits) ---------------

  edit(id: string, body: string): Promise<Result<void>> {
    return withEdits((m) => m.editMessage(this.edits, id, body))
  }

  remove(id: string): Promise<Result<void>> {
    return withEdits((m) => m.removeMessage(this.edits, id))
  }

  toggleReaction(messageId: string, emoji: string): Promise<Result<void>> {
    return withEdits((m) => m.toggleReaction(this.edits, messageId, emoji))
  }

  // ---- snapshot -----------------------------------------------------------------------------

  /**
   * Tells React when the snapshot changed, and only then: an event the machine ignores (a
   * load-older before the first page, a repeated live event) keeps the same snapshot, so a
   * component that reacts to a render by calling in again cannot loop.
   */
  private emit(): void {
    if (this.disposed) return
    const next = this.buildSnapshot()
    if (sameSnapshot(next, this.snapshot)) return
    this.snapshot = next
    for (const listener of this.listeners) listener()
  }

  private buildSnapshot(): ChannelSnapshot {
    // Pending is derived here and only here: the outbox minus the ids the window holds.
    this.queue.dropConfirmed((id) => this.window.has(id))
    return snapshotOf(this.state, this.window.list(), this.queue.items)
  }
}
