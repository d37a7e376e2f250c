// Where the API listens: the address this machine reaches it at, and the [::1] twin of a
// loopback server (free ports: ports.ts).
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
