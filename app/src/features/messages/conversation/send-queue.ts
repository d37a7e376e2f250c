// The unconfirmed sends of one conversation (a channel, or a thread in it): kept in the outbox (local storage) from the moment they
// are made, sent one at a time in order, resent with the same id after a network failure (on a
// back-off timer, or at once when the network returns), and marked failed with the reason when
// the server refuses. A resend can never duplicate: the server ignores an id it already has.
import type { Result } from '../../../lib/result.ts'
import { disarmed, nextRetry, NO_BACKOFF, restarted } from './backoff.ts'
import type { Timers } from './backoff.ts'
import type { Outbox } from './outbox.ts'
import { validateBody } from './validate.ts'
import {
  TransportError,
  type ChannelTransport,
  type ChatMessage,
  type OutgoingAttachment,
  type PendingMessage,
} from './types.ts'

export interface SendQueueOptions {
  channelId: string
  /** Where the outbox keeps them (default: the channel; a thread has its own). */
  outboxKey?: string
  userId: string
  transport: Pick<ChannelTransport, 'send'>
  outbox: Outbox
  timers: Timers
  now: () => Date
  newId: () => string
  isOnline: () => boolean
  onConfirmed: (message: ChatMessage) => void
  onChange: () => void
}

export class SendQueue {
  items: PendingMessage[]
  private flushing = false
  private timer: unknown = null
  private backoff = NO_BACKOFF
  private disposed = false

  constructor(private readonly options: SendQueueOptions) {
    this.items = options.outbox.load(options.outboxKey ?? options.channelId)
  }

  add(
    body: string,
    attachments: OutgoingAttachment[],
    id?: string,
    inChannel?: boolean
  ): Result<string> {
    const checked = validateBody(body, attachments.length > 0)
    if (!checked.ok) return checked
    const item: PendingMessage = {
      id: id ?? this.options.newId(),
      channelId: this.options.channelId,
      authorId: this.options.userId,
      body: checked.value,
      attachments,
      ...(inChannel ? { inChannel } : {}),
      createdAt: this.options.now().toISOString(),
      state: 'waiting',
      error: null,
      attempts: 0,
    }
    this.set([...this.items, item])
    void this.flush()
    return { ok: true, value: item.id }
  }

  retry(id: string): void {
    this.update(id, { state: 'waiting', error: null })
    this.backoff = restarted(this.backoff)
    void this.flush()
  }

  remove(id: string): void {
    if (this.items.some((p) => p.id === id)) this.set(this.items.filter((p) => p.id !== id))
  }

  /**
   * Forgets sends the channel now holds as confirmed messages, quietly: the channel calls it
   * while it publishes, so what it shows as pending is the outbox minus the ids it holds.
   */
  dropConfirmed(isConfirmed: (id: string) => boolean): void {
    const left = this.items.filter((p) => !isConfirmed(p.id))
    if (left.length !== this.items.length) this.store(left)
  }

  /** The network is back: resend now rather than at the end of the back-off. */
  resume(): void {
    this.backoff = restarted(this.backoff)
    void this.flush()
  }

  dispose(): void {
    this.disposed = true
    this.clearTimer()
  }

  async flush(): Promise<void> {
    if (this.flushing || this.disposed) return
    this.flushing = true
    this.clearTimer()
    try {
      for (;;) {
        if (this.disposed || !this.options.isOnline()) return
        const next = this.items.find((p) => p.state === 'waiting')
        if (!next) return
        this.update(next.id, { state: 'sending', attempts: next.attempts + 1 })
        try {
          const confirmed = await this.options.transport.send({
            id: next.id,
            channelId: next.channelId,
            body: next.body,
            attachments: next.attachments,
            ...(next.inChannel ? { inChannel: true } : {}),
          })
          if (this.disposed) return
          this.backoff = restarted(this.backoff)
          this.remove(confirmed.id)
          this.options.onConfirmed(confirmed)
        } catch (error) {
          if (this.disposed) return
          const message = error instanceof Error ? error.message : String(error)
          if (error instanceof TransportError && !error.retryable) {
            this.update(next.id, { state: 'failed', error: message })
            continue
          }
          this.update(next.id, { state: 'waiting', error: message })
          this.schedule()
          return
        }
      }
    } finally {
      this.flushing = false
    }
  }

  private schedule(): void {
    const next = this.disposed ? null : nextRetry(this.backoff)
    if (!next) return
    this.backoff = next.backoff
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null
      this.backoff = disarmed(this.backoff)
      void this.flush()
    }, next.delayMs)
  }

  private clearTimer(): void {
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer)
    this.timer = null
    this.backoff = disarmed(this.backoff)
  }

  private update(id: string, change: Partial<PendingMessage>): void {
    this.set(this.items.map((p) => (p.id === id ? { ...p, ...change } : p)))
  }

  private set(items: PendingMessage[]): void {
    this.store(items)
    this.options.onChange()
  }

  private store(items: PendingMessage[]): void {
    this.items = items
    this.options.outbox.save(this.options.outboxKey ?? this.options.channelId, items)
  }
}
