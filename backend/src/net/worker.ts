// The runner behind the stack's pg_net: it takes committed rows from net.http_request_queue
// (woken by the NOTIFY that net.http_* send, which PostgreSQL delivers only on commit, and by a
// poll), performs them side by side (perform.ts) and writes each outcome to net._http_response;
// responses older than six hours are deleted, as pg_net's ttl does. A real pg_net (no
// net._check_request) has its own worker: this one leaves it alone. Each pass over the queue
// tells `onDrain` when it began once it has taken what was committed (the stack's 'net-drain'
// event), so that tests wait for a pass rather than for the clock.
import postgres from 'postgres'
import type { Logger } from '../logger.ts'
import { performRequest } from './perform.ts'
import type { HttpResponseRow, QueuedRequest } from './perform.ts'

// NOTIFY wakes the worker at each commit; the poll only catches what a reconnect missed.
const POLL_MS = 5_000
const BATCH = 200
const TTL = '6 hours'

export interface NetWorker {
  stop(): Promise<void>
  /** Resolves once every request taken so far has its response written. */
  settled(): Promise<void>
}

export function startNetWorker(options: {
  dbUrl: string
  log: Logger
  /** Told at the end of each pass, with when it began (performance.now()). */
  onDrain?: (startedAt: number) => void
}): NetWorker {
  const { log } = options
  const sql = postgres(options.dbUrl, {
    max: 2,
    onnotice: () => {},
    connection: { application_name: 'pg_net worker' },
  })
  const stopping = new AbortController()
  const inFlight = new Set<Promise<void>>()
  let draining: Promise<void> | null = null
  let again = false
  let lastCleanup = 0
  let unlisten: (() => Promise<void>) | null = null

  const drainOnce = async () => {
    const [present] = await sql<{ ok: boolean }[]>`
      select to_regprocedure('net._check_request(text,integer)') is not null as ok
    `
    if (!present?.ok) return
    if (Date.now() - lastCleanup > 60_000) {
      lastCleanup = Date.now()
      await sql`delete from net._http_response where created < now() - ${TTL}::interval`
    }
    for (;;) {
      if (stopping.signal.aborted) return
      const requests = await sql<QueuedRequest[]>`
        delete from net.http_request_queue
        where id in (
          select id from net.http_request_queue order by id limit ${BATCH} for update skip locked
        )
        returning id::text, method, url, headers, body, timeout_milliseconds
      `
      for (const request of requests) {
        const work = performRequest(request, stopping.signal)
          .then((row) => record(row))
          .catch((error) => log.warn(`pg_net request ${request.id}: ${(error as Error).message}`))
          .finally(() => inFlight.delete(work))
        inFlight.add(work)
      }
      if (requests.length < BATCH) return
    }
  }

  const record = async (row: HttpResponseRow) => {
    await sql`
      insert into net._http_response
        (id, status_code, content_type, headers, content, timed_out, error_msg)
      values (${row.id}, ${row.status_code}, ${row.content_type},
        ${row.headers === null ? null : sql.json(row.headers)}, ${row.content}, ${row.timed_out},
        ${row.error_msg})
    `
  }

  const drain = () => {
    if (stopping.signal.aborted) return
    if (draining) {
      again = true
      return
    }
    const startedAt = performance.now()
    draining = drainOnce()
      .then(() => options.onDrain?.(startedAt))
      .catch((error) => {
        if (!stopping.signal.aborted) log.debug(`pg_net worker: ${(error as Error).message}`)
      })
      .finally(() => {
        draining = null
        if (again) {
          again = false
          drain()
        }
      })
  }

  sql
    .listen('pg_net', drain, drain)
    .then((listener) => {
      unlisten = listener.unlisten
    })
    .catch((error) => log.debug(`pg_net worker: LISTEN failed: ${(error as Error).message}`))
  const poll = setInterval(drain, POLL_MS)

  return {
    async settled() {
      while (draining || inFlight.size > 0) {
        await draining
        await Promise.all([...inFlight])
      }
    },
    async stop() {
      clearInterval(poll)
      stopping.abort()
      await unlisten?.().catch(() => undefined)
      // Aborted requests record their cancellation; give them a moment.
      await Promise.race([
        Promise.all([draining, ...inFlight]),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ])
      await sql.end({ timeout: 0.5 })
    },
  }
}
