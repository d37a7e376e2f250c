// Bench clients: bare Phoenix (vsn 2.0.0) WebSocket clients, each with its own JWT, light
// enough that a thousand of them share a core with the stack. They parse every frame they get,
// as realtime-js would.
import WebSocket from 'ws'
import { signHs256 } from '../../backend/src/jwt/jwt-keys.ts'

export interface StackInfo {
  apiUrl: string
  dbUrl: string
  anonKey: string
  jwtSecret: string
  pid: number
}

type Frame = [string | null, string | null, string, string, Record<string, unknown>]

export function userToken(secret: string, sub: string): string {
  return signHs256(secret, {
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
}

export class BenchClient {
  private ref = 0
  private readonly replies = new Map<string, (payload: Record<string, unknown>) => void>()
  private readonly heartbeat: NodeJS.Timeout
  /** Every fastlane frame (broadcast, postgres_changes, presence_diff), already parsed. */
  onData: ((frame: Frame, receivedAt: number) => void) | null = null
  onSystem: ((payload: Record<string, unknown>) => void) | null = null

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const receivedAt = Date.now()
      if (isBinary) {
        this.onData?.(decodeUserBroadcast(data as Buffer), receivedAt)
        return
      }
      const frame = JSON.parse((data as Buffer).toString('utf8')) as Frame
      const [, ref, , event, payload] = frame
      if (event === 'phx_reply' && ref !== null) {
        const resolve = this.replies.get(ref)
        this.replies.delete(ref)
        resolve?.(payload)
      } else if (event === 'system') this.onSystem?.(payload)
      else this.onData?.(frame, receivedAt)
    })
    ws.on('error', () => {})
    // realtime-js heartbeats every 25 s; the server closes sockets silent for 60 s.
    this.heartbeat = setInterval(() => this.push(null, 'phoenix', 'heartbeat', {}), 25_000)
    this.heartbeat.unref()
  }

  static connect(url: string): Promise<BenchClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false })
      ws.once('open', () => resolve(new BenchClient(ws)))
      ws.once('error', reject)
    })
  }

  push(joinRef: string | null, topic: string, event: string, payload: unknown): string {
    const ref = String(++this.ref)
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify([joinRef, ref, topic, event, payload]))
    }
    return ref
  }

  request(
    joinRef: string | null,
    topic: string,
    event: string,
    payload: unknown
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const ref = String(this.ref + 1)
      this.replies.set(ref, resolve)
      this.push(joinRef, topic, event, payload)
    })
  }

  /** Joins; resolves with the join_ref once the server accepted. */
  async join(topic: string, payload: unknown): Promise<string> {
    const joinRef = String(this.ref + 1)
    const reply = await this.request(joinRef, topic, 'phx_join', payload)
    if (reply.status !== 'ok') throw new Error(`join refused: ${JSON.stringify(reply)}`)
    return joinRef
  }

  send(data: string | Buffer): void {
    this.ws.send(data, { binary: typeof data !== 'string' })
  }

  nextRef(): string {
    return String(++this.ref)
  }

  close(): void {
    clearInterval(this.heartbeat)
    this.ws.terminate()
  }
}

/** A kind-4 frame, as realtime-js decodes it into a broadcast message. */
function decodeUserBroadcast(buffer: Buffer): Frame {
  const topicLength = buffer[1] ?? 0
  const eventLength = buffer[2] ?? 0
  const metadataLength = buffer[3] ?? 0
  let offset = 5
  const topic = buffer.toString('utf8', offset, (offset += topicLength))
  const event = buffer.toString('utf8', offset, (offset += eventLength))
  offset += metadataLength
  const payload =
    buffer[4] === 1 ? JSON.parse(buffer.toString('utf8', offset)) : buffer.subarray(offset)
  return [null, null, topic, 'broadcast', { type: 'broadcast', event, payload }]
}

/** A kind-3 frame, as realtime-js sends channel.send() on vsn 2.0.0. */
export function userBroadcastPush(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  payload: unknown
): Buffer {
  const fields = [joinRef, ref, topic, event, ''].map((f) => Buffer.from(f))
  const header = Buffer.from([3, ...fields.map((f) => f.length), 1])
  return Buffer.concat([header, ...fields, Buffer.from(JSON.stringify(payload))])
}

/** A kind-4 frame (server to client), for the bare fan-out baseline to forward as it is. */
export function userBroadcast(topic: string, event: string, payload: unknown): Buffer {
  const fields = [topic, event, ''].map((f) => Buffer.from(f))
  const header = Buffer.from([4, ...fields.map((f) => f.length), 1])
  return Buffer.concat([header, ...fields, Buffer.from(JSON.stringify(payload))])
}

export function socketUrl(stack: StackInfo): string {
  const url = new URL('/realtime/v1/websocket', stack.apiUrl.replace(/^http/, 'ws'))
  url.searchParams.set('apikey', stack.anonKey)
  url.searchParams.set('vsn', '2.0.0')
  return url.toString()
}

/**
 * Runs `task` for each item, `concurrency` at a time, starting at most `perSecond` per second
 * (evenly spaced, never catching up in bursts: the server limits joins per second).
 */
export async function paced<T, R>(
  items: T[],
  concurrency: number,
  perSecond: number,
  task: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  const spacing = 1000 / perSecond
  let next = 0
  let lastStart = -Infinity
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      const start = Math.max(Date.now(), lastStart + spacing)
      lastStart = start
      const wait = start - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      results[index] = await task(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return results
}
