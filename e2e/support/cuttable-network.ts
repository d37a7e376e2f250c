// A network of its own between one person's browser and the stack, which a test can take away
// without a word, as a laptop's Wi-Fi going off or a phone entering a tunnel does: no connection
// is closed, and nothing more passes either way, not even the WebSocket's pings and pongs below
// JavaScript. Chromium's offline mode (context.setOffline) is not that: it holds the page's
// frames but its network stack still answers the server's pings, so the server sees a live socket
// until Phoenix's idle timeout (60 s without a frame; backend/test/realtime/presence.test.ts
// holds the server to that path). Here the server's pings go unanswered, and it gives the socket
// up at its liveness check (backend/src/realtime/socket/liveness.ts: 15 s), as it would a real
// network gone.
//
// The person's context goes through it as its HTTP proxy (Playwright's per-context `proxy`, which
// proxies loopback too): plain requests are forwarded one by one, WebSockets through CONNECT
// tunnels. While it is cut, whatever arrives from either side, a new connection or request too,
// is held, in order; restored, it is delivered, as TCP delivers after an outage what it had to
// send again.
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'

/** Headers about one hop (browser to proxy, proxy to server), not passed on. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization'])

/** Raw headers (name, value, name, value…) without those of one hop. */
function endToEnd(raw: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!)
  }
  return kept
}

export class CuttableNetwork {
  private cutOff = false
  private held: (() => void)[] = []
  private readonly sockets = new Set<net.Socket>()

  private constructor(private readonly server: http.Server) {
    server.on('connection', (socket: net.Socket) => this.track(socket))
    server.on('request', (request, response) => this.pass(() => this.forward(request, response)))
    server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) =>
      this.pass(() => this.tunnel(request, client, head))
    )
  }

  /** A network on a free loopback port, passing everything until cut. */
  static async open(): Promise<CuttableNetwork> {
    const server = http.createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    return new CuttableNetwork(server)
  }

  /** The browser context's `proxy` option. */
  get proxy(): { server: string } {
    const { port } = this.server.address() as AddressInfo
    return { server: `http://127.0.0.1:${port}` }
  }

  /** Nothing passes any more, either way; nothing is closed. */
  cut(): void {
    this.cutOff = true
  }

  /** What was held is delivered, in order, and everything passes again. */
  restore(): void {
    this.cutOff = false
    const held = this.held
    this.held = []
    for (const deliver of held) deliver()
  }

  async close(): Promise<void> {
    this.restore()
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** Done now, or held until the network is restored. */
  private pass(deliver: () => void): void {
    if (this.cutOff) this.held.push(deliver)
    else deliver()
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
    // A peer's reset, after a restore or at the end: its other side is closed (relay).
    socket.on('error', () => undefined)
  }

  /** One side's bytes, end and close to the other, through the cut. */
  private relay(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => this.pass(() => to.write(chunk)))
    from.on('end', () => this.pass(() => to.end()))
    from.on('close', () => this.pass(() => to.destroy()))
  }

  /** A WebSocket's (or any) CONNECT: a tunnel to the host and port it names. */
  private tunnel(request: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    const target = new URL(`http://${request.url ?? ''}`)
    const upstream = net.connect(Number(target.port), target.hostname)
    this.track(upstream)
    upstream.once('connect', () =>
      this.pass(() => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
        if (head.length > 0) upstream.write(head)
      })
    )
    upstream.once('error', () => this.pass(() => client.destroy()))
    this.relay(upstream, client)
    this.relay(client, upstream)
  }

  /** A plain request (absolute URL, as browsers send a proxy): sent on, its answer sent back. */
  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const target = new URL(request.url ?? '')
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: `${target.pathname}${target.search}`,
      headers: endToEnd(request.rawHeaders),
      agent: false,
    })
    upstream.on('socket', (socket) => this.track(socket))
    upstream.on('response', (answer) =>
      this.pass(() => {
        response.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          endToEnd(answer.rawHeaders)
        )
        answer.on('data', (chunk: Buffer) => this.pass(() => response.write(chunk)))
        answer.on('end', () => this.pass(() => response.end()))
        answer.on('error', () => this.pass(() => response.destroy()))
      })
    )
    upstream.on('error', () => this.pass(() => response.destroy()))
    request.on('data', (chunk: Buffer) => this.pass(() => upstream.write(chunk)))
    request.on('end', () => this.pass(() => upstream.end()))
  }
}
