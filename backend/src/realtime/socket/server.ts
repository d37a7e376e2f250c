// The WebSocket endpoint, /realtime/v1/websocket: the upgrade is accepted once the serializer
// version and the apikey check out (refusals are answered as the real server answers them, after
// its connect error backoff), then each socket becomes a Connection. Connections that send no
// frame for the idle timeout, or answer nothing, not even a ping, for the liveness time
// (liveness.ts), are cut off, which also ends their presence.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { CONNECT_ERRORS } from '../errors.ts'
import { negotiateVsn } from '../protocol/frames.ts'
import { checkToken } from '../tokens.ts'
import { Connection } from './connection.ts'
import { livenessVerdict, sweepEveryMs } from './liveness.ts'
import type { RealtimeEnv } from './env.ts'

export const WEBSOCKET_PATHS = ['/realtime/v1/websocket', '/realtime/v1/socket/websocket']
const PREFIX = '/realtime/v1'

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
}

export class RealtimeServer {
  private readonly wss: WebSocketServer
  private readonly connections = new Set<Connection>()
  private readonly pending = new Set<{ timer: NodeJS.Timeout; socket: Duplex }>()
  private readonly sweeper: NodeJS.Timeout
  private stopping = false
  /** The HTTP server whose upgrades this listens to. */
  server: Server | null = null

  constructor(private readonly env: RealtimeEnv) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: env.limits.maxFrameBytes,
      perMessageDeflate: false,
      clientTracking: false,
      skipUTF8Validation: true,
    })
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs(env.limits))
    this.sweeper.unref()
  }

  get connectionCount(): number {
    return this.connections.size
  }

  /**
   * The `upgrade` listener: handles this service's paths. Node sends every upgrade request to
   * the upgrade listeners, so when no other listener is there, other paths get the gateway's 404.
   */
  readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) {
      if (this.server?.listenerCount('upgrade') === 1) {
        respond(socket, 404, JSON.stringify({ message: 'no Route matched with those values' }))
      }
      return
    }
    socket.on('error', () => socket.destroy())
    if (this.stopping) {
      socket.destroy()
      return
    }
    if (!WEBSOCKET_PATHS.includes(url.pathname.replace(/\/+$/, ''))) {
      respond(socket, 404, JSON.stringify({ message: 'no Route matched with those values' }))
      return
    }
    void this.accept(request, socket, head, url).catch((error) => {
      this.env.log.error('realtime upgrade failed', error)
      respond(socket, 500, JSON.stringify({ error: 'Error connecting to Realtime' }))
    })
  }

  private async accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    url: URL
  ): Promise<void> {
    const vsn = negotiateVsn(url.searchParams.get('vsn') ?? undefined)
    if (vsn === null) {
      // Phoenix refuses a serializer version it does not speak with an empty 403.
      respond(socket, 403, '')
      return
    }
    const header = request.headers['x-api-key']
    const apikey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey')
    if (!apikey) {
      this.refuse(socket, CONNECT_ERRORS.apiKeyMissing)
      return
    }
    const checked = await checkToken(this.env.keys, this.env.gateway.translateKey(apikey))
    if (!checked.ok) {
      this.refuse(socket, checked.connect)
      return
    }
    if (this.stopping || socket.destroyed) {
      socket.destroy()
      return
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name] = value
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (this.stopping) {
        ws.terminate()
        return
      }
      const connection = new Connection(ws, socket, vsn, checked, headers, this.env)
      this.connections.add(connection)
      connection.onClose = () => this.connections.delete(connection)
    })
  }

  /** Answers a refused connect after the backoff, as the real server does. */
  private refuse(socket: Duplex, error: { status: number; message: string }): void {
    const entry = {
      socket,
      timer: setTimeout(() => {
        this.pending.delete(entry)
        respond(socket, error.status, JSON.stringify({ error: error.message }))
      }, this.env.limits.connectErrorBackoffMs),
    }
    this.pending.add(entry)
  }

  private sweep(): void {
    const now = Date.now()
    for (const connection of this.connections) {
      const verdict = livenessVerdict(connection, now, this.env.limits)
      if (verdict === 'cut') connection.terminate()
      else if (verdict === 'ping') connection.ping()
    }
  }

  async stop(): Promise<void> {
    this.stopping = true
    clearInterval(this.sweeper)
    for (const entry of this.pending) {
      clearTimeout(entry.timer)
      entry.socket.destroy()
    }
    this.pending.clear()
    const closing = [...this.connections].map(
      (connection) =>
        new Promise<void>((resolve) => {
          const done = connection.onClose
          connection.onClose = () => {
            done?.()
            resolve()
          }
          connection.close(1001, 'server shutting down')
          // A peer that does not answer the close handshake is cut off.
          setTimeout(() => {
            connection.terminate()
            resolve()
          }, 1000).unref()
        })
    )
    await Promise.all(closing)
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }
}

function respond(socket: Duplex, status: number, body: string): void {
  if (socket.destroyed) return
  const head = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}`,
    'connection: close',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    '',
    '',
  ].join('\r\n')
  socket.end(head + body)
}
