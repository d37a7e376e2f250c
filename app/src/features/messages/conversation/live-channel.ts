// One open conversation, live (a channel, or a thread in it: the same protocol over the
// conversation's own numbering): its messages (confirmed by id, pending and failed sends), paging
// backwards by seq (forwards too when opened at a message: open-at.ts, a lazy chunk), and the rule that keeps it whole (sync-machine.ts decides what to fetch and
// when; this class runs what it decides: fetches into the MessageWindow, the retry timer, the
// send queue). React reads it through useSyncExternalStore (subscribe/getSnapshot).
import { MessageWindow } from './message-window.ts'
import type { Outbox } from './outbox.ts'
import { SendQueue } from './send-queue.ts'
import type { Timers } from './backoff.ts'
import type { EditContext } from './message-edits.ts'
import { initialSyncState, reduce, syncStatus } from './sync-machine.ts'
import type {
  FetchKind,
  SyncEffect,
  SyncEvent,
  SyncLimits,
  SyncState,
  SyncStep,
} from './sync-machine.ts'
import {
  messageOf,
  TransportError,
  type ChannelSnapshot,
  type ChannelTransport,
  type ChatMessage,
  type Conversation,
  type LiveEvent,
  type OutgoingAttachment,
} from './types.ts'
import type { Result } from '../../../lib/result.ts'

export interface Connectivity {
  isOnline(): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

/** What open-at.ts adds to a LiveChannel: the events it reduces (null: the core's) and its effects. */
export interface ChannelExtension {
  reduce(state: SyncState, event: SyncEvent, limits: SyncLimits): SyncStep | null
  run(effect: SyncEffect): void
}

export interface LiveChannelOptions {
  channelId: string
  /** A thread of the channel (its replies, by thread seq), or the channel itself (default). */
  conversation?: Conversation
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
  /** Last-known messages (an offline cache), shown until the first page replaces them. */
  cached?: ChatMessage[]
}

/** Edits, deletes and reactions: not needed for the first screen (use-live-channel loads it after). */
export const loadEdits = () => import('./message-edits.ts')

function withEdits(
  run: (edits: Awaited<ReturnType<typeof loadEdits>>) => Promise<Result<void>>
): Promise<Result<void>> {
  return loadEdits().then(run, () => ({
    ok: false,
    error: 'This could not be done now. Check your connection, or reload the page.',
  }))
}

/** How many of the newest held messages are re-read after a disconnection. */
const TAIL_REFRESH = 200

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Where a conversation's unsent messages are kept: the channel's, or a thread's own. */
export function outboxKeyOf(channelId: string, conversation?: Conversation): string {
  return conversation?.kind === 'thread'
    ? `${channelId}.thread.${conversation.threadId}`
    : channelId
}

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
  private readonly timers: Timers
  private readonly queue: SendQueue
  private readonly edits: EditContext
  private state: SyncState = initialSyncState()
  private readonly inbox: SyncEvent[] = []
  private dispatching = false
  private retryTimer: unknown = null
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
    this.timers = options.timers ?? defaultTimers
    this.limits = {
      pageSize: options.pageSize ?? 50,
      maxCatchUpPages: options.maxCatchUpPages ?? 10,
    }
    const now = options.now ?? (() => new Date())
    this.queue = new SendQueue({
      ...options,
      outboxKey: outboxKeyOf(options.channelId, options.conversation),
      timers: this.timers,
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
    this.cancelRetry()
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
        void this.fetch('latest', () => this.transport.latest(this.limits.pageSize)).then(
          (page) => {
            if (!page) return
            this.window.replaceWithLatest(page)
            this.dispatch({ type: 'latest-loaded', count: page.length })
          }
        )
        break
      case 'fetch-tail': {
        // A catch-up by seq brings new messages, but the edits, deletions and reactions sent
        // while disconnected touched rows already held: re-read the newest of them.
        const range = this.window.tailRange(TAIL_REFRESH)
        if (!range) {
          this.dispatch({ type: 'tail-loaded' })
          break
        }
        void this.fetch('tail', () => this.transport.after(range.afterSeq, range.limit)).then(
          (rows) => {
            if (!rows) return
            this.window.upsertMany(rows.filter((m) => m.seq <= range.upToSeq))
            this.dispatch({ type: 'tail-loaded' })
          }
        )
        break
      }
      case 'fetch-after':
        void this.fetch('after', () =>
          this.transport.after(this.window.syncedSeq, this.limits.pageSize)
        ).then((page) => {
          if (!page) return
          this.window.appendAfterSynced(page)
          this.dispatch({ type: 'after-loaded', count: page.length })
        })
        break
      case 'fetch-older': {
        const epoch = this.epoch
        this.olderFetch = this.transport.before(effect.before, this.limits.pageSize).then(
          (page) => {
            if (this.disposed || epoch !== this.epoch) return
            this.window.upsertMany(page)
            this.dispatch({ type: 'older-loaded', count: page.length })
          },
          (error: unknown) => {
            if (epoch === this.epoch)
              this.dispatch({ type: 'older-failed', error: messageOf(error) })
          }
        )
        break
      }
      case 'arm-retry':
        this.cancelRetry()
        this.retryTimer = this.timers.setTimeout(() => {
          this.retryTimer = null
          this.dispatch({ type: 'retry-due' })
        }, effect.delayMs)
        break
      case 'cancel-retry':
        this.cancelRetry()
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
  async fetch<T>(kind: FetchKind, call: () => Promise<T>): Promise<T | null> {
    const epoch = this.epoch
    try {
      const result = await call()
      return this.disposed || epoch !== this.epoch ? null : result
    } catch (error) {
      if (epoch !== this.epoch) return null
      const retryable = error instanceof TransportError ? error.retryable : true
      this.dispatch({ type: 'failed', fetch: kind, error: messageOf(error), retryable })
      return null
    }
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer)
    this.retryTimer = null
  }

  // ---- live events --------------------------------------------------------------------------

  private onEvent(event: LiveEvent): void {
    if (this.disposed) return
    switch (event.kind) {
      case 'message': {
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
      case 'attachment-removed':
        this.window.removeAttachment(event.messageId, event.attachmentId)
        break
      case 'thread':
        this.window.setThread(event.summary)
        break
    }
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
    const { state } = this
    return {
      status: syncStatus(state),
      error: state.fatal ?? state.catchUpError,
      messages: this.window.list(),
      pending: this.queue.items,
      hasOlder: state.hasOlder,
      loadingOlder: state.loadingOlder,
      olderError: state.olderError,
      hasNewer: state.hasNewer,
      loadingNewer: state.loadingNewer,
      newerError: state.newerError,
      loaded: state.loaded,
    }
  }
}

/** Field by field: the window and the queue replace their arrays whenever they change. */
function sameSnapshot(a: ChannelSnapshot, b: ChannelSnapshot): boolean {
  for (const key of Object.keys(a) as (keyof ChannelSnapshot)[]) {
    if (a[key] !== b[key]) return false
  }
  return true
}
