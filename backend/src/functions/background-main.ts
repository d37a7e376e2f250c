// The background functions' process (background.ts starts it, niced, with a heap cap): the same
// runtime as the stack's own (runtime.ts: the Deno shim, imports, reload on edit), answering the
// requests the stack passes on over HTTP on 127.0.0.1. Its parent sends the project folder and
// Deno.env's values once; it answers with its port, and ends when its parent goes.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { redactConsole } from '../redact.ts'
import { BODY_UNREAD } from './background.ts'
import { findEntry, functionName, functionVersion, loadHandler, useEnvironment } from './index.ts'

type Handler = (request: Request) => Response | Promise<Response>

interface Setup {
  supabaseDir: string
  runtime: [string, string][]
  secrets: [string, string][]
}

const handlers = new Map<string, { version: number; handler: Promise<Handler> }>()

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function handlerOf(setup: Setup, file: string, name: string): Promise<Handler> {
  const version = await functionVersion(setup.supabaseDir, name)
  let loaded = handlers.get(file)
  if (!loaded || loaded.version !== version) {
    loaded = { version, handler: loadHandler(file, version) }
    handlers.set(file, loaded)
    const current = loaded
    current.handler.catch(() => {
      if (handlers.get(file) === current) handlers.delete(file)
    })
  }
  return loaded.handler
}

async function serve(setup: Setup, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const name = functionName((req.url ?? '/').slice(1))
  const file = findEntry(setup.supabaseDir, name)
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('Function not found')
    return
  }
  let handler: Handler
  try {
    handler = await handlerOf(setup, file, name)
  } catch (error) {
    console.error(`function ${name} failed to boot`, error)
    answer(res, 503, {
      code: 'BOOT_ERROR',
      message: 'Function failed to start (please check logs)',
    })
    return
  }
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === 'x-chorus-function-url') continue
    headers.set(key, Array.isArray(value) ? value.join(', ') : value)
  }
  const url = String(req.headers['x-chorus-function-url'] ?? `http://127.0.0.1${req.url}`)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  let response: Response
  try {
    response = await handler(
      new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: 'half',
      } as RequestInit)
    )
  } catch (error) {
    console.error(`function ${name} failed`, error)
    answer(res, 500, {
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
    return
  }
  const out: Record<string, string[]> = {}
  response.headers.forEach((value, key) => {
    ;(out[key] ??= []).push(value)
  })
  // Answered before the body was read to its end: the stack closes the client's connection.
  // This one stays open and drains what still comes: closed under the stack's writes, it would
  // reset them, and the reset can reach the stack before the answer does (an EPIPE, a 500 in
  // place of the function's answer). The stack ends its request once its client is gone.
  if (hasBody && !req.readableEnded) {
    out[BODY_UNREAD] = ['1']
    res.shouldKeepAlive = true
  }
  res.writeHead(response.status, out)
  if (!response.body) {
    res.end()
    return
  }
  Readable.fromWeb(response.body as NodeReadableStream)
    .on('error', () => res.destroy())
    .pipe(res)
}

process.once('message', (message) => {
  const setup = message as Setup
  redactConsole()
  useEnvironment(setup.runtime, setup.secrets)
  const server = createServer((req, res) => {
    serve(setup, req, res).catch((error: unknown) => {
      console.error('background functions: a request failed', error)
      if (!res.headersSent) answer(res, 500, { code: 'WORKER_ERROR', message: 'Function failed' })
      else res.destroy()
    })
  })
  // A slice or an export may answer after minutes: no timeouts here (the stack's side has its own).
  server.requestTimeout = 0
  server.headersTimeout = 0
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port })
  })
})
// The stack ended (or dropped this process): so does this process.
process.once('disconnect', () => process.exit(0))
