// A small HTTP server for pg_net and webhook tests: it records every request and answers by path
// (/echo, /slow, /huge, anything else 200 "ok").
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Target {
  url: string
  received: Received[]
  close(): Promise<void>
}

export async function startTarget(): Promise<Target> {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      })
      const path = (request.url ?? '').split('?')[0]
      if (path === '/echo') {
        response.writeHead(201, { 'content-type': 'application/json', 'x-target': 'yes' })
        response.end(JSON.stringify({ method: request.method, url: request.url, body }))
      } else if (path === '/slow') {
        const timer = setTimeout(() => response.end('late'), 3_000)
        response.on('close', () => clearTimeout(timer))
      } else if (path === '/huge') {
        response.writeHead(200, { 'content-type': 'text/plain' })
        const chunk = Buffer.alloc(1024 * 1024, 'x')
        let sent = 0
        const write = () => {
          while (sent < 20 && response.write(chunk)) sent++
          if (sent >= 20) response.end()
          else
            response.once('drain', () => {
              sent++
              write()
            })
        }
        write()
      } else {
        response.end('ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
