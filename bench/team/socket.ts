// One person's Realtime socket, as the app's realtime-js (2.109) runs it, without its cost: a raw
// `ws` WebSocket to /realtime/v1/websocket?apikey=<key>&vsn=2.0.0 speaking the same frames
// (phoenix.ts) in the same order: the joins (phx_join with the channel's config and the access
// token), a heartbeat every 25 s (no reply by the next one: the socket is closed and reconnected),
// presence track and untrack awaited for their reply (10 s), typing broadcasts as kind-3 binary
// pushes without acknowledgement, phx_leave on closing. As realtime-js does, a socket that drops
// reconnects after a pause (the app's jittered back-off, profile.ts reconnectAfterMs, longer after
// refusals of the join rate) and joins its topics again; a join that errs or times out is joined
// again after Phoenix's pauses (1, 2, 5, 10 s) while the socket is up; a live topic the server
// closed (over its message rate) is joined again after the app's pauses (realtime-client.ts
// joinLive). What the server sees per person is the app's; what the generator spends is only
// what it reads: frames are handed on with their topic and event read from the text, payloads
// left to the person (person.ts), which parses only the few it acts on.
import WebSocket from 'ws'
import type { RawData } from 'ws'
import {
  broadcastPush,
  joinPayload,
  payloadOf,
  replyOf,
  scanBinary,
  scanHeader,
  textFrame,
} from './phoenix.ts'
import type { Header, JoinOptions } from './phoenix.ts'
import { JOIN_LIMIT, joinRetryDelayMs, now, reconnectAfterMs } from './profile.ts'

export type PushResult = 'ok' | 'error' | 'timed out'
export type TopicStatus = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED'

/** realtime-js's timings (lib/constants.ts, RealtimeClient.ts, Phoenix's rejoinAfterMs). */
export const HEARTBEAT_MS = 25_000
export const PUSH_TIMEOUT_MS = 10_000
const REJOIN_AFTER_MS = [1000, 2000, 5000, 10_000]

export interface TopicHandlers {
  /** A frame of this topic that is not a reply (broadcast, presence_state, presence_diff,
   * system), its payload unread; `receivedAt` on the now() clock. */
  onText?(text: string, header: Header, receivedAt: number): void
  /** A kind-4 binary frame of this topic (a broadcast relayed from a client). */
  onBinary?(event: string, receivedAt: number): void
  /** realtime-js's subscribe statuses, with the error's reason. */
  onStatus?(status: TopicStatus, reason: string): void
}

interface Topic {
  /** The wire topic, `realtime:<name>`. */
  wire: string
  options: JoinOptions
  /** Joined again after the server closed it (the app's live topics, joinLive). */
  rejoinAfterClose: boolean
  handlers: TopicHandlers
  state: 'closed' | 'joining' | 'joined' | 'errored' | 'leaving'
  joinRef: string | null
  /** Errors in a row (Phoenix's rejoin pauses), and server closes in a row (joinLive's). */
  errors: number
  closes: number
  timer: NodeJS.Timeout | undefined
  /** Pushes made before the join, sent once joined (Phoenix's push buffer). */
  buffer: (() => void)[]
}

interface Pending {
  resolve(payload: unknown): void
  timer: NodeJS.Timeout
}

export class PersonSocket {
  private ws: WebSocket | null = null
  private ref = 0
  private readonly topics = new Map<string, Topic>()
  private readonly replies = new Map<string, Pending>()
  private heartbeat: NodeJS.Timeout | undefined
  private heartbeatRef: string | null = null
  private reconnectTimer: NodeJS.Timeout | undefined
  private tries = 0
  /** Joins refused for the rate in a row (the socket's reconnection waits longer). */
  refusals = 0
  private closed = false

  constructor(
    private readonly url: string,
    private readonly token: () => string
  ) {}

  /** The socket's address as supabase-js makes it (the project's URL, the key, vsn 2.0.0). */
  static url(apiUrl: string, key: string): string {
    const url = new URL('realtime/v1/websocket', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`)
    url.protocol = url.protocol.replace('http', 'ws')
    return `${url.href}?apikey=${encodeURIComponent(key)}&vsn=2.0.0`
  }

  /** Joins a topic (`name` without `realtime:`); its statuses go to handlers.onStatus. */
  join(name: string, options: JoinOptions, handlers: TopicHandlers, rejoinAfterClose = false) {
    const topic: Topic = {
      wire: `realtime:${name}`,
      options,
      rejoinAfterClose,
      handlers,
      state: 'closed',
      joinRef: null,
      errors: 0,
      closes: 0,
      timer: undefined,
      buffer: [],
    }
    this.topics.set(topic.wire, topic)
    this.sendJoin(topic)
  }

  /** The topic's state as realtime-js names it ('joined' once the join was answered ok). */
  state(name: string): string {
    return this.topics.get(`realtime:${name}`)?.state ?? 'closed'
  }

  /** A push awaiting its reply (presence track and untrack): realtime-js's send() result. */
  push(name: string, event: string, payload: unknown): Promise<PushResult> {
    const topic = this.topics.get(`realtime:${name}`)
    if (!topic || this.closed) return Promise.resolve('error')
    return new Promise((resolve) => {
      let settled = false
      const settle = (result: PushResult) => {
        if (settled) return
        settled = true
        clearTimeout(timeout)
        resolve(result)
      }
      // Phoenix starts the push's timeout when it is made, joined or not.
      const timeout = setTimeout(() => settle('timed out'), PUSH_TIMEOUT_MS)
      const send = () => {
        const ref = this.nextRef()
        this.expect(ref, PUSH_TIMEOUT_MS, (reply) => {
          if (reply === undefined) return settle('timed out')
          settle(replyOf(reply).status === 'ok' ? 'ok' : 'error')
        })
        this.send(textFrame(topic.joinRef, ref, topic.wire, event, payload))
      }
      if (topic.state === 'joined' && this.isOpen()) send()
      else topic.buffer.push(send)
    })
  }

  /** A broadcast on a joined topic, without acknowledgement (realtime-js resolves 'ok' at once). */
  broadcast(name: string, event: string, payload: unknown): PushResult {
    const topic = this.topics.get(`realtime:${name}`)
    if (!topic || topic.state !== 'joined' || !this.isOpen()) return 'error'
    this.ws!.send(broadcastPush(topic.joinRef!, this.nextRef(), topic.wire, event, payload))
    return 'ok'
  }

  /** Leaves every topic (phx_leave, the replies awaited a moment), then closes the socket. */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.reconnectTimer)
    const leaves: Promise<unknown>[] = []
    for (const topic of this.topics.values()) {
      clearTimeout(topic.timer)
      if (topic.state === 'joined' && this.isOpen()) {
        const ref = this.nextRef()
        leaves.push(new Promise((resolve) => this.expect(ref, 2000, resolve)))
        this.send(textFrame(topic.joinRef, ref, topic.wire, 'phx_leave', {}))
      }
      topic.state = 'leaving'
    }
    await Promise.all(leaves)
    this.stopHeartbeat()
    for (const pending of this.replies.values()) clearTimeout(pending.timer)
    this.replies.clear()
    this.ws?.close(1000)
    this.ws = null
  }

  private isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN
  }

  private nextRef(): string {
    this.ref += 1
    return String(this.ref)
  }

  private send(frame: string): void {
    if (this.isOpen()) this.ws!.send(frame)
  }

  /** Waits for the reply to `ref` (undefined: none within `ms`). */
  private expect(ref: string, ms: number, done: (payload: unknown) => void): void {
    const timer = setTimeout(() => {
      this.replies.delete(ref)
      done(undefined)
    }, ms)
    this.replies.set(ref, { resolve: done, timer })
  }

  private connect(): void {
    if (this.ws || this.closed) return
    const ws = new WebSocket(this.url)
    this.ws = ws
    ws.on('open', () => {
      this.tries = 0
      this.startHeartbeat()
      for (const topic of this.topics.values()) {
        if (topic.state === 'joining' || topic.state === 'errored') this.sendJoin(topic)
      }
    })
    ws.on('message', (data: RawData, isBinary: boolean) => this.onMessage(data, isBinary))
    ws.on('error', () => {})
    ws.on('close', () => {
      if (this.ws !== ws) return
      this.ws = null
      this.stopHeartbeat()
      for (const [ref, pending] of this.replies) {
        clearTimeout(pending.timer)
        this.replies.delete(ref)
        pending.resolve(undefined)
      }
      // Phoenix errs every channel that was not left; they join again once the socket is back.
      for (const topic of this.topics.values()) {
        if (topic.state === 'joined' || topic.state === 'joining') {
          topic.state = 'errored'
          clearTimeout(topic.timer)
          topic.handlers.onStatus?.('CHANNEL_ERROR', 'socket closed')
        }
      }
      if (this.closed) return
      this.tries += 1
      this.reconnectTimer = setTimeout(
        () => this.connect(),
        reconnectAfterMs(this.tries, this.refusals)
      )
    })
  }

  private startHeartbeat(): void {
    this.stopHeartbeat()
    this.heartbeat = setInterval(() => {
      if (this.heartbeatRef !== null) {
        // No reply since the last one: realtime-js closes the socket and reconnects.
        this.heartbeatRef = null
        this.ws?.close(1000, 'heartbeat timeout')
        return
      }
      const ref = this.nextRef()
      this.heartbeatRef = ref
      this.send(textFrame(null, ref, 'phoenix', 'heartbeat', {}))
    }, HEARTBEAT_MS)
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
    this.heartbeatRef = null
  }

  private sendJoin(topic: Topic): void {
    clearTimeout(topic.timer)
    topic.state = 'joining'
    if (!this.isOpen()) {
      this.connect()
      return // joined on open
    }
    const ref = this.nextRef()
    topic.joinRef = ref
    this.expect(ref, PUSH_TIMEOUT_MS, (reply) => this.onJoinReply(topic, ref, reply))
    this.send(textFrame(ref, ref, topic.wire, 'phx_join', joinPayload(this.token(), topic.options)))
  }

  private onJoinReply(topic: Topic, ref: string, reply: unknown): void {
    if (topic.joinRef !== ref || topic.state !== 'joining') return
    if (reply === undefined) {
      if (!this.isOpen()) return // the socket dropped: joined again once it is back
      // Timed out: Phoenix leaves that join and tries again after its pause.
      this.send(textFrame(ref, this.nextRef(), topic.wire, 'phx_leave', {}))
      topic.state = 'errored'
      topic.handlers.onStatus?.('TIMED_OUT', '')
      this.rejoinLater(topic)
      return
    }
    const { status, reason } = replyOf(reply)
    if (status === 'ok') {
      topic.state = 'joined'
      topic.errors = 0
      topic.closes = 0
      this.refusals = 0
      const buffered = topic.buffer
      topic.buffer = []
      for (const send of buffered) send()
      topic.handlers.onStatus?.('SUBSCRIBED', '')
      return
    }
    topic.state = 'errored'
    if (reason.startsWith(JOIN_LIMIT)) {
      // Refused for the rate: the server closes the socket, which comes back after the app's
      // jittered back-off and joins every topic again.
      // (Should it stay open, the topic is joined again after the join's own back-off.)
      this.refusals += 1
      this.rejoinLater(topic, joinRetryDelayMs(this.refusals))
    } else this.rejoinLater(topic)
    topic.handlers.onStatus?.('CHANNEL_ERROR', reason || 'error')
  }

  /** Joins the topic again after `wait` (Phoenix's pauses after errors in a row by default),
   * if the socket is up then; a socket that is down joins it once it is back. */
  private rejoinLater(topic: Topic, wait?: number): void {
    clearTimeout(topic.timer)
    const pause = wait ?? REJOIN_AFTER_MS[Math.min(topic.errors, REJOIN_AFTER_MS.length - 1)]!
    if (wait === undefined) topic.errors += 1
    topic.timer = setTimeout(() => {
      if (this.closed || !this.isOpen()) return
      if (topic.state === 'errored' || topic.state === 'closed') this.sendJoin(topic)
    }, pause)
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    const receivedAt = now()
    if (isBinary) {
      const frame = scanBinary(data as Buffer)
      const topic = frame && this.topics.get(frame.topic)
      topic?.handlers.onBinary?.(frame!.event, receivedAt)
      return
    }
    const text = data.toString()
    const header = scanHeader(text)
    if (!header) return
    const { event, ref } = header
    if (event === 'phx_reply') {
      if (ref === this.heartbeatRef) {
        this.heartbeatRef = null
        return
      }
      const pending = ref === null ? undefined : this.replies.get(ref)
      if (!pending) return
      this.replies.delete(ref!)
      clearTimeout(pending.timer)
      pending.resolve(payloadOf(text, header))
      return
    }
    const topic = this.topics.get(header.topic)
    if (!topic) return
    if (event === 'phx_close' || event === 'phx_error') {
      // Only the current join's (a timed-out join's close is of no interest).
      if (header.joinRef !== topic.joinRef || topic.state === 'leaving') return
      if (event === 'phx_error') {
        topic.state = 'errored'
        topic.handlers.onStatus?.('CHANNEL_ERROR', 'phx_error')
        this.rejoinLater(topic)
        return
      }
      topic.state = 'closed'
      topic.handlers.onStatus?.('CLOSED', '')
      if (topic.rejoinAfterClose) {
        this.rejoinLater(topic, REJOIN_AFTER_MS[Math.min(topic.closes, REJOIN_AFTER_MS.length - 1)])
        topic.closes += 1
      }
      return
    }
    if (topic.state === 'joined' || topic.state === 'joining')
      topic.handlers.onText?.(text, header, receivedAt)
  }
}
