// The floor under the REST figures: Node's own HTTP server answering the benchmark's requests
// with the driver path's transaction (the same scope and statement on the same pool), without
// REST's parsing, planning and shaping. It shows what HTTP alone costs on this machine: the REST
// service, built on the same HTTP server, cannot do better than it.
import { createServer } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Runs the workload's transaction with the request's value; resolves to the rows. */
export type FloorRun = (value: string) => Promise<unknown>

export interface Floor {
  url: string
  /** The transaction the next requests run. */
  use(run: FloorRun): void
  close(): Promise<void>
}

/** The value a benchmark request varies: its body, or else its first `eq.` filter's value. */
function valueOf(request: IncomingMessage, body: string): string {
  if (body !== '') return body
  return /=eq\.([^&]*)/.exec(request.url ?? '')?.[1] ?? ''
}

export async function startFloor(): Promise<Floor> {
  let run: FloorRun = () => Promise.reject(new Error('no workload yet'))
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      run(valueOf(request, Buffer.concat(chunks).toString())).then(
        (rows) => {
          const text = JSON.stringify(rows)
          response.writeHead(request.method === 'POST' ? 201 : 200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(Buffer.byteLength(text)),
          })
          response.end(text)
        },
        () => {
          response.writeHead(500)
          response.end()
        }
      )
    })
  })
  // As the stack's server (http/server.ts).
  server.keepAliveTimeout = 72_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    use(next) {
      run = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
