// Background functions (chorus.toml's [edge_runtime] background_functions, e.g. the Slack import
// and the workspace export): they run in a Node process of their own (background-main.ts) at a
// lower CPU priority (nice 10) and with a V8 heap of at most [edge_runtime] background_memory,
// so that their work never holds up the API, Realtime or the other functions, and a function that
// outgrows its memory ends its own process, not the stack (issue 49, item 7). Hosted Supabase
// gives every function an isolate of its own with limits of the same kind (256 MB); the function
// code is the same on both. The process starts at the first request and is restarted after it
// ended; requests reach it over HTTP on 127.0.0.1, streamed both ways. While it works, the
// PostgreSQL sessions that name themselves after a background function (application_name, as
// imports and exports do) are niced too: an import's batches are mostly the
// database's work. Only a local server's: a session's pid must be a postgres process here.
import { fork } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import type { ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import type { IncomingMessage } from 'node:http'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Sql } from 'postgres'
import type { Logger } from '../logger.ts'

/** The background process's header for "its function answered before reading the request's
 * body to its end" (background-main.ts); the stack then closes the client's connection. */
export const BODY_UNREAD = 'x-chorus-body-unread'

type Handler = (request: Request) => Promise<Response>

/** The priority the background process runs at (0 is normal, 19 the lowest). */
export const BACKGROUND_NICE = 10

export interface BackgroundSetup {
  supabaseDir: string
  memoryBytes: number
  /** What Deno.env answers in the process (the runtime's values, then the secrets). */
  environment: () => { runtime: [string, string][]; secrets: [string, string][] }
  log: Logger
  /** The background functions' names (their database sessions are niced while they work). */
  names: string[]
  /** A superuser connection to read pg_stat_activity. */
  sql: Sql
}

/** How often the database sessions of working background functions are looked for. */
const RENICE_EVERY_MS = 1000

export interface BackgroundHost {
  /** Runs a request in the background process. */
  handler: Handler
  /** The process's id while it runs (benchmarks read its memory). */
  pid(): number | undefined
  stop(): Promise<void>
}

interface Running {
  child: ChildProcess
  port: Promise<number>
}

export function backgroundHost(setup: BackgroundSetup): BackgroundHost {
  let running: Running | null = null
  let stopped = false
  let working = 0
  let timer: NodeJS.Timeout | null = null
  const niced = new Set<number>()

  /** Nices the local PostgreSQL sessions the background functions opened since the last look. */
  async function reniceSessions(): Promise<void> {
    const rows = await setup.sql<{ pid: number }[]>`
      select pid from pg_stat_activity where application_name = any(${setup.names})`
    const current = new Set(rows.map((row) => row.pid))
    for (const pid of niced) if (!current.has(pid)) niced.delete(pid)
    for (const pid of current) {
      if (niced.has(pid)) continue
      niced.add(pid)
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      if (!command.startsWith('postgres')) continue
      try {
        setPriority(pid, BACKGROUND_NICE)
      } catch {
        // not ours to change (another user's server): it keeps its priority
      }
    }
  }

  function tick(): void {
    timer = null
    if (stopped || working === 0) return
    reniceSessions()
      .catch(() => {})
      .finally(() => {
        if (!stopped && working > 0 && !timer) timer = setTimeout(tick, RENICE_EVERY_MS)
      })
  }

  async function handler(request: Request): Promise<Response> {
    working += 1
    timer ??= setTimeout(tick, 50)
    try {
      return await pass(request)
    } finally {
      working -= 1
    }
  }

  function spawn(): Running {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
    const main = fileURLToPath(new URL('./background-main.ts', import.meta.url))
    const heapMb = Math.max(64, Math.floor(setup.memoryBytes / 1024 ** 2))
    const child = fork(main, [], {
      execArgv: ['--import', tsx, `--max-old-space-size=${heapMb}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    try {
      if (child.pid !== undefined) setPriority(child.pid, BACKGROUND_NICE)
    } catch (error) {
      setup.log.warn(`background functions: could not lower their priority (${String(error)})`)
    }
    const port = new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve((message as { port: number }).port))
      child.once('exit', (code) => reject(new Error(`the background process ended (${code})`)))
      child.once('error', reject)
    })
    port.catch(() => {})
    const environment = setup.environment()
    child.send({ supabaseDir: setup.supabaseDir, ...environment })
    const current: Running = { child, port }
    child.once('exit', (code, signal) => {
      if (running === current) running = null
      if (!stopped) {
        setup.log.warn(
          `background functions: the process ended (${signal ?? code}); restarted on the next request`
        )
      }
    })
    return current
  }

  async function pass(request: Request): Promise<Response> {
    if (stopped) throw new Error('the stack is stopping')
    running ??= spawn()
    const port = await running.port
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, key) => {
      headers[key] = value
    })
    headers['x-chorus-function-url'] = request.url
    for (const hop of ['content-length', 'connection', 'keep-alive']) delete headers[hop]
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          // A connection per request: a kept-alive one the process closed meanwhile would hang up.
          agent: false,
          host: '127.0.0.1',
          port,
          method: request.method,
          path: url.pathname + url.search,
          headers,
        },
        resolve
      )
      outgoing.on('error', reject)
      if (request.body) {
        Readable.fromWeb(request.body as NodeReadableStream)
          .on('error', (error) => {
            // The client went away: end this request too (its process drains a body it
            // answered early until the request ends).
            outgoing.destroy()
            reject(error)
          })
          .pipe(outgoing)
      } else outgoing.end()
    })
    const responseHeaders = new Headers()
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value === undefined || key === 'connection' || key === 'transfer-encoding') continue
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(key, one)
    }
    const status = answer.statusCode ?? 502
    const empty = [101, 204, 205, 304].includes(status) || request.method === 'HEAD'
    if (empty) answer.resume()
    return new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream), {
      status,
      headers: responseHeaders,
    })
  }

  return {
    handler,
    pid: () => running?.child.pid,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      const child = running?.child
      running = null
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await ended
      clearTimeout(killer)
    },
  }
}
