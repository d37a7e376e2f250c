// A server in memory for the live channel's tests: messages with seq, idempotent sends, and
// switches to drop the network or refuse requests. No React, no sockets.
import { chatMessage } from '../../../slots/chat-message.test-support.ts'
import { TransportError } from './types.ts'
import type {
  ChannelTransport,
  ChatMessage,
  LiveEvent,
  OutgoingMessage,
  TransportListener,
} from './types.ts'
import type { Connectivity } from './live-channel.ts'
import type { Timers } from './backoff.ts'

export class FakeServer {
  messages: ChatMessage[] = []
  sendCalls = 0
  /** Requests fail as if the network dropped. */
  down = false
  /** Sends are refused with this message (e.g. permission). */
  refuseSends: string | null = null
  /** Requests wait until release() when set. */
  private gate: Promise<void> | null = null
  private openGate: (() => void) | null = null

  constructor(
    readonly channelId = 'c1',
    readonly authorId = 'someone'
  ) {}

  seed(count: number): void {
    for (let i = 0; i < count; i++) this.insert(`m${this.messages.length + 1}`, this.authorId)
  }

  insert(
    body: string,
    authorId = this.authorId,
    id = `srv-${this.messages.length + 1}`
  ): ChatMessage {
    const message = chatMessage({
      id,
      channelId: this.channelId,
      seq: this.messages.length + 1,
      authorId,
      body,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, this.messages.length)).toISOString(),
    })
    this.messages.push(message)
    return message
  }

  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve))
  }

  release(): void {
    this.openGate?.()
    this.gate = null
  }

  async request<T>(fn: () => T): Promise<T> {
    if (this.gate) await this.gate
    await Promise.resolve()
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a test's fake network error
    if (this.down) throw new TransportError('Failed to fetch', true)
    return fn()
  }
}

export class FakeTransport implements ChannelTransport {
  listener: TransportListener | null = null

  constructor(readonly server: FakeServer) {}

  /** When set, latest() answers with what the server held at call time, once this resolves. */
  latestGate: Promise<void> | null = null

  async latest(limit: number) {
    const snapshot = this.server.messages.slice(-limit)
    if (this.latestGate) await this.latestGate
    return this.server.request(() => snapshot)
  }

  after(afterSeq: number, limit: number) {
    return this.server.request(() =>
      this.server.messages.filter((m) => m.seq > afterSeq).slice(0, limit)
    )
  }

  before(beforeSeq: number, limit: number) {
    return this.server.request(() =>
      this.server.messages.filter((m) => m.seq < beforeSeq).slice(-limit)
    )
  }

  send(message: OutgoingMessage) {
    this.server.sendCalls += 1
    return this.server.request(() => {
      if (this.server.refuseSends) throw new TransportError(this.server.refuseSends, false, '42501')
      const existing = this.server.messages.find((m) => m.id === message.id)
      return existing ?? this.server.insert(message.body, 'me', message.id)
    })
  }

  edit(messageId: string, body: string) {
    return this.server.request(() => {
      const m = this.server.messages.find((x) => x.id === messageId)
      if (!m) throw new TransportError('not found', false)
      m.body = body
    })
  }

  remove(messageId: string) {
    return this.server.request(() => {
      const m = this.server.messages.find((x) => x.id === messageId)
      if (!m) throw new TransportError('not found', false)
      m.deletedAt = new Date().toISOString()
    })
  }

  addReaction() {
    return this.server.request(() => undefined)
  }

  removeReaction() {
    return this.server.request(() => undefined)
  }

  subscribe(listener: TransportListener) {
    this.listener = listener
    return () => {
      this.listener = null
    }
  }

  connect(): void {
    this.listener?.onStatus('connected')
  }

  disconnect(): void {
    this.listener?.onStatus('disconnected')
  }

  push(event: LiveEvent): void {
    this.listener?.onEvent(event)
  }

  pushMessage(message: ChatMessage): void {
    const { reactions: _r, attachments: _a, ...row } = message
    this.push({ kind: 'message', message: row })
  }
}

export class FakeConnectivity implements Connectivity {
  online = true
  private listeners = new Set<(online: boolean) => void>()
  isOnline() {
    return this.online
  }
  subscribe(listener: (online: boolean) => void) {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  set(online: boolean) {
    this.online = online
    for (const l of this.listeners) l(online)
  }
}

export class ManualTimers implements Timers {
  private next = 1
  readonly queue = new Map<number, { fn: () => void; ms: number }>()
  setTimeout(fn: () => void, ms: number) {
    const id = this.next++
    this.queue.set(id, { fn, ms })
    return id
  }
  clearTimeout(handle: unknown) {
    this.queue.delete(handle as number)
  }
  runAll(): void {
    const items = [...this.queue.values()]
    this.queue.clear()
    for (const item of items) item.fn()
  }
}

/** Lets every pending promise chain settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
  await new Promise((resolve) => setTimeout(resolve, 0))
}
