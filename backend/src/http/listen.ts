// Where the API listens: the address this machine reaches it at, the [::1] twin of a loopback
// server, and how a server closes (free ports: ports.ts).
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { Logger } from '../logger.ts'

/** How this machine reaches a server listening on `host`. */
export function localHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/** "localhost" may resolve to ::1 first; answer there too, on the same port, when IPv6 exists. */
export async function listenAlsoOnIpv6(
  api: FastifyInstance,
  port: number,
  log: Logger
): Promise<Server | null> {
  const server = createServer((request, response) => api.server.emit('request', request, response))
  server.on('upgrade', (request, socket, head) => api.server.emit('upgrade', request, socket, head))
  return new Promise((resolve) => {
    server.once('error', (error) => {
      log.debug(`not listening on [::1]:${port}: ${(error as Error).message}`)
      resolve(null)
    })
    server.listen({ host: '::1', port, ipv6Only: true }, () => resolve(server))
  })
}

/** How often a closing server looks for connections that have become idle. */
const IDLE_CHECK_MS = 50

/**
 * Closes a server once the requests in flight are answered, without waiting out their
 * connections' keep-alive. Node's close() (and Fastify's, which closes only the connections idle
 * when it begins) waits for every connection to end: one busy when the stop began (a function
 * that takes its time, an upload) would keep the stop waiting for its keep-alive timeout (72 s)
 * after its answer. Each such connection is closed as soon as it is idle.
 */
export async function closeWhenAnswered(
  server: Server,
  close: () => Promise<void> = () => new Promise((resolve) => server.close(() => resolve()))
): Promise<void> {
  server.closeIdleConnections()
  const timer = setInterval(() => server.closeIdleConnections(), IDLE_CHECK_MS)
  try {
    await close()
  } finally {
    clearInterval(timer)
  }
}
