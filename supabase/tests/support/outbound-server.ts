// A test HTTP server on 127.0.0.1 standing in for "a site on the Internet" that Edge Functions
// fetch through safe-fetch.ts: routes given as handlers, every request recorded (method, path,
// headers, body), and each response's end noted (finished, or closed early by the client).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
}

export type Route = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  body: string
) => void

export interface OutboundServer {
  /** http://127.0.0.1:<port> */
  origin: string
  port: number
  received: Received[]
  /** Paths whose response the client closed before it was finished. */
  closedEarly: string[]
  route(path: string, handler: Route): void
  /** Resolves once `check` holds (checked after each request and each closed response). */
  until(check: () => boolean): Promise<void>
  close(): Promise<void>
}

export async function startOutboundServer(): Promise<OutboundServer> {
  const routes = new Map<string, Route>()
  const received: Received[] = []
  const closedEarly: string[] = []
  const waiters = new Set<() => void>()
  const notify = () => waiters.forEach((wake) => wake())
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/'
      const body = Buffer.concat(chunks).toString()
      received.push({ method: request.method ?? '', path, headers: request.headers, body })
      response.on('close', () => {
        if (!response.writableFinished) closedEarly.push(path)
        notify()
      })
      notify()
      const handler = routes.get(path)
      if (handler) handler(request, response, body)
      else response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    closedEarly,
    route: (path, handler) => void routes.set(path, handler),
    until(check) {
      return new Promise((resolve) => {
        const wake = () => {
          if (!check()) return
          waiters.delete(wake)
          resolve()
        }
        waiters.add(wake)
        wake()
      })
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
