// One WebSocket connection: frames decoded with the connection's serializer, routed to the
// Phoenix topics (heartbeats on "phoenix", joins, the joined channels) and handled in order, as
// the real server's socket process handles them. Malformed frames are logged and ignored. The
// connection is its channels' Outlet; it registers each joined channel (its topics, the hub,
// the private re-checks) and forgets it when the channel closes.
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import { decodeBinary, decodeText, encodeMessage } from '../protocol/frames.ts'
import type { Inbound, Message, Ref, Vsn } from '../protocol/frames.ts'
import { JOIN_ERRORS, SYSTEM_MESSAGES } from '../errors.ts'
import type { VerifiedToken } from '../tokens.ts'
import type { Channel, Outlet } from './channel.ts'
import type { RealtimeEnv } from './env.ts'
import type { Frame } from './hub.ts'
import { textFrame } from './hub.ts'
import { EventBudget, RateWindow } from './limits.ts'
import { TOPIC_PREFIX, join } from './join.ts'
import type { Refusal } from './join.ts'

/** A subscriber this far behind is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024

type Task = () => void | Promise<void>

export class Connection implements Outlet {
  /** The joined channels by topic. */
  private readonly channels = new Map<string, Channel>()
  /** When it last sent a frame (the idle timeout), and anything, a pong too (liveness.ts). */
  lastFrame = Date.now()
  lastHeard = Date.now()
  closed = false
  private readonly queue: Task[] = []
  private busy = false
  private readonly closeWaiters = new Set<() => void>()
  private corked = false
  /** The messages this connection may still cause (limits.clientMaxEventsPerSecond). */
  private readonly budget: EventBudget
  /** Cut off for going over the budget: its socket is closing. */
  private cut = false
  /** This connection's joins in the last second (limits.clientMaxJoinsPerSecond), null: none. */
  private readonly joins: RateWindow | null

  constructor(
    private readonly ws: WebSocket,
    /** The upgraded TCP socket under `ws`: corked while a batch of frames is written. */
    private readonly socket: Duplex,
    readonly vsn: Vsn,
    /** The token of the connect request's apikey. */
    private readonly connectToken: VerifiedToken,
    /** The upgrade request's headers, for request.headers in authorization checks. */
    private readonly headers: Record<string, string>,
    private readonly env: RealtimeEnv
  ) {
    this.budget = new EventBudget(env.limits.clientMaxEventsPerSecond)
    const perSocket = env.limits.clientMaxJoinsPerSecond
    this.joins = perSocket > 0 ? new RateWindow(perSocket, 1000) : null
    ws.on('message', (data, isBinary) => this.onFrame(data as Buffer, isBinary))
    ws.on('close', () => this.onClosed())
    ws.on('pong', () => {
      this.lastHeard = Date.now()
    })
    ws.on('error', (error) => env.log.debug(`realtime socket error: ${error.message}`))
  }

  send(frame: Frame): void {
    if (this.closed) return
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.env.log.warn('closing a realtime connection that stopped reading')
      this.ws.terminate()
      return
    }
    // Frames sent in the same tick leave in one write (a batch of changes or broadcasts).
    if (!this.corked) {
      this.corked = true
      this.socket.cork()
      process.nextTick(() => {
        this.corked = false
        this.socket.uncork()
      })
    }
    // A fan-out's frame is framed already (wire.ts); nothing is compressed, so nothing queued.
    if (frame.wire && this.ws.readyState === this.ws.OPEN) this.socket.write(frame.wire)
    else this.ws.send(frame.data, { binary: frame.binary })
  }

  push(message: Message): void {
    this.send(textFrame(encodeMessage(this.vsn, message)))
  }

  reply(
    request: { joinRef: Ref; ref: Ref; topic: string },
    status: 'ok' | 'error',
    response: unknown
  ): void {
    this.push({
      joinRef: request.joinRef,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  /**
   * Counts messages this connection causes; over its limit it is cut off alone: each of its
   * channels gets Realtime's "Too many messages per second" shutdown (`system` error, then
   * phx_close), then the socket closes. Other connections, on the same topics too, go on.
   */
  charge(count: number): boolean {
    if (this.closed || this.cut) return false
    if (this.budget.take(count)) return true
    this.cut = true
    this.env.log.warn(
      `closing a realtime connection over its limit of ${this.budget.perSecond} messages per second`
    )
    for (const channel of [...this.channels.values()]) {
      channel.shutdown(SYSTEM_MESSAGES.tooManyMessages)
    }
    this.close()
    return false
  }

  /** Closes the socket (after the frames already queued); channels end with it. */
  close(code = 1000, reason = ''): void {
    if (this.closed) return
    this.ws.close(code, reason)
  }

  terminate(): void {
    this.ws.terminate()
  }

  /** Asks the peer to show it is there (a WebSocket ping; its pong counts as heard). */
  ping(): void {
    if (this.closed) return
    try {
      this.ws.ping()
    } catch {
      // Not open yet or closing: the sweep decides again next time.
    }
  }

  /** Waits `ms` unless the connection closes first; true if it is still open. */
  private sleep(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(!this.closed)
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.closeWaiters.delete(done)
        resolve(!this.closed)
      }
      const timer = setTimeout(done, ms)
      this.closeWaiters.add(done)
    })
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.lastFrame = this.lastHeard = Date.now()
    const decoded = isBinary
      ? decodeBinary(this.vsn, data)
      : decodeText(this.vsn, data.toString('utf8'))
    if (!decoded.ok) {
      this.env.log.debug(`ignoring a malformed realtime frame: ${decoded.error}`)
      return
    }
    const inbound = decoded.value
    this.enqueue(() => this.route(inbound))
  }

  private enqueue(task: Task): void {
    if (this.busy) {
      this.queue.push(task)
      return
    }
    this.run(task)
  }

  /** Runs tasks in arrival order; an async one holds the later ones until it settles. */
  private run(first: Task): void {
    let task: Task | undefined = first
    while (task && !this.closed) {
      let result: void | Promise<void>
      try {
        result = task()
      } catch (error) {
        this.env.log.error('realtime frame handler failed', error)
        result = undefined
      }
      if (result instanceof Promise) {
        this.busy = true
        result
          .catch((error) => this.env.log.error('realtime frame handler failed', error))
          .finally(() => {
            this.busy = false
            const next = this.queue.shift()
            if (next) this.run(next)
          })
        return
      }
      task = this.queue.shift()
    }
  }

  private route(inbound: Inbound): void | Promise<void> {
    if (inbound.kind === 'user_broadcast') {
      const { push } = inbound
      const channel = this.channels.get(push.topic)
      if (!channel) {
        this.reply({ joinRef: push.joinRef, ref: push.ref, topic: push.topic }, 'error', {
          reason: JOIN_ERRORS.unmatchedTopic,
        })
        return
      }
      return this.guard(channel, () => channel.onUserBroadcast(push))
    }
    const message = inbound.message
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {})
      else this.reply(message, 'error', { reason: JOIN_ERRORS.unmatchedTopic })
      return
    }
    if (message.event === 'phx_join') return this.join(message)
    const channel = this.channels.get(message.topic)
    if (!channel) {
      this.reply(message, 'error', { reason: JOIN_ERRORS.unmatchedTopic })
      return
    }
    return this.guard(channel, () => channel.handle(message))
  }

  private async join(message: Message): Promise<void> {
    if (!message.topic.startsWith(TOPIC_PREFIX)) {
      this.reply(message, 'error', { reason: JOIN_ERRORS.unmatchedTopic })
      return
    }
    // A second join of a topic replaces the channel joined before (Phoenix's duplicate join).
    this.channels.get(message.topic)?.close()
    const outcome = await join(message, {
      connectToken: this.connectToken,
      headers: this.headers,
      openChannels: this.channels.size,
      socketJoins: this.joins,
      outlet: this,
      deps: this.env,
    })
    if ('refusal' in outcome) return this.refuse(message, outcome.refusal)
    if (this.closed) return
    const { channel } = outcome
    this.register(channel)
    this.reply(message, 'ok', outcome.response)
    channel.start()
  }

  private async refuse(message: Message, refusal: Refusal): Promise<void> {
    if (refusal.closeSocket) {
      this.reply(message, 'error', { reason: refusal.reason })
      this.close()
      return
    }
    if (await this.sleep(this.env.limits.channelErrorBackoffMs)) {
      this.reply(message, 'error', { reason: refusal.reason })
    }
  }

  private register(channel: Channel): void {
    const { hub, recheck } = this.env
    this.channels.set(channel.topic, channel)
    hub.add(channel.key, channel)
    if (channel.config.private) recheck.add(channel)
    channel.onClose = () => {
      hub.remove(channel.key, channel)
      recheck.delete(channel)
      if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
    }
  }

  /** A handler that fails ends its channel with phx_error, as a crashed channel process does. */
  private guard(channel: Channel, handler: () => void | Promise<void>): void | Promise<void> {
    try {
      const result = handler()
      if (result instanceof Promise) return result.catch((error) => channel.crash(error))
      return result
    } catch (error) {
      channel.crash(error)
    }
  }

  private onClosed(): void {
    if (this.closed) return
    this.closed = true
    this.queue.length = 0
    for (const wake of this.closeWaiters) wake()
    for (const channel of [...this.channels.values()]) channel.close()
    this.channels.clear()
    this.onClose?.()
  }

  /** Called once the socket has closed (the server forgets the connection). */
  onClose: (() => void) | null = null
}
