// Where the API listens: the address this machine reaches it at, the [::1] twin of a loopback
// server, and how a server closes (free ports: ports.ts).
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Logger } from '../logger.ts'

/** How this machine reaches a server listening on `host`. */
export function localHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/**
 * "localhost" may resolve to ::1 first; answer there too, on the same port, when IPv6 exists.
 * Gives what closes it (answeredCloser), or null when it does not listen.
 */
export async function listenAlsoOnIpv6(
  api: FastifyInstance,
  port: number,
  log: Logger
): Promise<(() => Promise<void>) | null> {
  const server = createServer((request, response) => api.server.emit('request', request, response))
  server.on('upgrade', (request, socket, head) => api.server.emit('upgrade', request, socket, head))
  const close = answeredCloser(server)
  return new Promise((resolve) => {
    server.once('error', (error) => {
      log.debug(`not listening on [::1]:${port}: ${(error as Error).message}`)
      resolve(null)
    })
    server.listen({ host: '::1', port, ipv6Only: true }, () => resolve(close))
  })
}

/** How often a closing server looks for connections that have become idle. */
const IDLE_CHECK_MS = 50

/**
 * Follows a server's connections from now on (call it before the server listens) and gives the
 * function that closes it once the requests in flight are answered. Node's close() (and
 * Fastify's, which closes only the connections idle when it begins) waits for every connection
 * to end: one busy when the stop began (a function that takes its time, an upload) would keep
 * the stop waiting for its keep-alive timeout (72 s) after its answer, and one that has sent
 * nothing yet (a browser's preconnect, an HTTP client's spare connection) for the headers
 * timeout (60 s) and more. Each busy connection is closed as soon as it is idle, and one that
 * has sent nothing is closed at once. Upgraded connections (WebSockets) are their service's to
 * close: they have sent their upgrade request, so none of this touches them.
 */
export function answeredCloser(
  server: Server,
  close: () => Promise<void> = () => new Promise((resolve) => server.close(() => resolve()))
): () => Promise<void> {
  const connections = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  const closeQuiet = () => {
    server.closeIdleConnections()
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy()
  }
  return async () => {
    closeQuiet()
    const timer = setInterval(closeQuiet, IDLE_CHECK_MS)
    try {
      await close()
    } finally {
      clearInterval(timer)
    }
  }
}
