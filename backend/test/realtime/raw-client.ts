// A bare Phoenix client over `ws`, for protocol tests below what realtime-js exposes: it sends
// exactly the frames a test gives and records every frame the server sends.
import WebSocket from 'ws'
import { Collector } from './helpers.ts'

export type Frame = [string | null, string | null, string, string, unknown]

export interface Received {
  binary: boolean
  /** Decoded text frames ([join_ref, ref, topic, event, payload] for vsn 2, objects for vsn 1). */
  message: unknown
  raw: Buffer
}

export class RawClient {
  readonly received = new Collector<Received>()
  readonly closed: Promise<{ code: number; reason: string }>
  private ref = 0

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const raw = data as Buffer
      let message: unknown = null
      if (!isBinary) {
        try {
          message = JSON.parse(raw.toString('utf8'))
        } catch {
          message = raw.toString('utf8')
        }
      }
      this.received.push({ binary: isBinary, message, raw })
    })
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    )
  }

  static connect(url: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      const client = new RawClient(ws)
      ws.once('open', () => resolve(client))
      ws.once('error', reject)
    })
  }

  /** The upgrade refused: its HTTP status and body. */
  static refused(url: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.on('unexpected-response', (_request, response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      ws.once('open', () => reject(new Error('the connection was accepted')))
      ws.on('error', () => {})
    })
  }

  nextRef(): string {
    return String(++this.ref)
  }

  sendText(text: string): void {
    this.ws.send(text)
  }

  sendBinary(data: Buffer): void {
    this.ws.send(data, { binary: true })
  }

  /** Sends a vsn 2 frame; returns its ref. */
  push(joinRef: string | null, topic: string, event: string, payload: unknown): string {
    const ref = this.nextRef()
    this.sendText(JSON.stringify([joinRef, ref, topic, event, payload]))
    return ref
  }

  /** The first frame (vsn 2) matching the test, waiting for it. */
  async frame(test: (frame: Frame) => boolean): Promise<Frame> {
    const match = (r: Received) => !r.binary && Array.isArray(r.message) && test(r.message as Frame)
    const items = await this.received.until((all) => all.some(match))
    return items.find(match)!.message as Frame
  }

  /** The reply to a ref. */
  reply(ref: string): Promise<Frame> {
    return this.frame((f) => f[1] === ref && f[3] === 'phx_reply')
  }

  /** Joins a topic (vsn 2) and returns the reply. */
  async join(
    topic: string,
    payload: unknown = { config: {} }
  ): Promise<{ joinRef: string; reply: Frame }> {
    // Phoenix clients use the join's own ref as its join_ref.
    const ref = this.nextRef()
    this.sendText(JSON.stringify([ref, ref, topic, 'phx_join', payload]))
    return { joinRef: ref, reply: await this.reply(ref) }
  }

  close(): void {
    this.ws.close()
  }

  terminate(): void {
    this.ws.terminate()
  }
}

export function socketUrl(apiUrl: string, apikey: string, vsn = '2.0.0'): string {
  const url = new URL('/realtime/v1/websocket', apiUrl.replace(/^http/, 'ws'))
  url.searchParams.set('apikey', apikey)
  url.searchParams.set('vsn', vsn)
  return url.toString()
}
