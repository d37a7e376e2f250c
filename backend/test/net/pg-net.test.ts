// pg_net on the stack: a migration's `create extension pg_net` gives the net schema; the stack
// performs each request after its transaction commits and writes net._http_response.
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { nextEvent } from '../support/stack-events.ts'
import { waitFor } from '../support/wait.ts'
import { startTarget } from './target.ts'
import type { Target } from './target.ts'

let stack: TestStack
let target: Target

beforeAll(async () => {
  target = await startTarget()
  stack = await startTestStack({
    migrations: { '20240101000000_net.sql': 'create extension pg_net with schema extensions;' },
  })
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  await target?.close()
})

interface ResponseRow {
  status_code: number | null
  content_type: string | null
  headers: Record<string, string> | null
  content: string | null
  timed_out: boolean | null
  error_msg: string | null
}

const responseOf = (id: string, ms?: number) =>
  waitFor(
    `the response of request ${id}`,
    async () => {
      const [row] = await stack.sql<ResponseRow[]>`
        select status_code, content_type, headers, content, timed_out, error_msg
        from net._http_response where id = ${id}
      `
      return row
    },
    ms
  )

describe('pg_net', () => {
  it('http_get returns an id at once and records status, headers and body', async () => {
    const [row] = await stack.sql`
      select net.http_get(${target.url + '/echo'}, params := '{"q": "a b&c"}',
        headers := '{"X-Test": "1"}')::text as id
    `
    const response = await responseOf(row!.id)
    expect(response).toMatchObject({
      status_code: 201,
      content_type: 'application/json',
      timed_out: false,
      error_msg: null,
    })
    expect(response.headers).toMatchObject({ 'x-target': 'yes' })
    expect(JSON.parse(response.content!)).toEqual({
      method: 'GET',
      url: '/echo?q=a%20b%26c',
      body: '',
    })
    const sent = target.received.find((r) => r.url === '/echo?q=a%20b%26c')
    expect(sent?.headers['x-test']).toBe('1')
  })

  it('http_post sends the JSON body; http_delete sends a DELETE', async () => {
    const [post] = await stack.sql`
      select net.http_post(${target.url + '/echo'}, '{"hello": "world"}'::jsonb)::text as id
    `
    const posted = await responseOf(post!.id)
    expect(JSON.parse(posted.content!)).toMatchObject({ method: 'POST' })
    expect(JSON.parse(JSON.parse(posted.content!).body)).toEqual({ hello: 'world' })
    const request = target.received.find((r) => r.method === 'POST')
    expect(request?.headers['content-type']).toBe('application/json')

    const [del] = await stack.sql`select net.http_delete(${target.url + '/echo'})::text as id`
    const deleted = await responseOf(del!.id)
    expect(deleted.status_code).toBe(201)
    expect(JSON.parse(deleted.content!).method).toBe('DELETE')
  })

  it('honours the timeout, recording timed_out', async () => {
    const [row] = await stack.sql`
      select net.http_get(${target.url + '/slow'}, timeout_milliseconds := 300)::text as id
    `
    const started = Date.now()
    const response = await responseOf(row!.id)
    expect(Date.now() - started).toBeLessThan(2_500)
    expect(response).toMatchObject({
      status_code: null,
      timed_out: true,
      error_msg: 'Timeout of 300 ms reached',
    })
  })

  it('records a URL it cannot reach and a body too large to keep as failures', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const [unreachable] = await stack.sql`
      select net.http_get(${`http://127.0.0.1:${port}/`})::text as id
    `
    expect(await responseOf(unreachable!.id)).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: "Couldn't connect to server (ECONNREFUSED)",
    })

    const [huge] = await stack.sql`select net.http_get(${target.url + '/huge'})::text as id`
    expect(await responseOf(huge!.id)).toMatchObject({
      status_code: null,
      error_msg: 'Response body exceeds the 16777216 bytes the stack keeps',
    })
  })

  it('refuses a malformed URL or timeout as a SQL error', async () => {
    await expect(stack.sql`select net.http_get('not a url')`).rejects.toMatchObject({
      message: 'invalid url: not a url',
    })
    await expect(
      stack.sql`select net.http_get(${target.url}, timeout_milliseconds := 0)`
    ).rejects.toMatchObject({
      message: 'timeout_milliseconds must be a positive number of milliseconds',
    })
  })

  it('sends nothing for a transaction that rolls back, and only after commit otherwise', async () => {
    const marker = `/rollback-${Date.now()}`
    await expect(
      stack.sql.begin(async (tx) => {
        await tx`select net.http_get(${target.url + marker})`
        throw new Error('roll back')
      })
    ).rejects.toThrow('roll back')

    const committed = `/commit-${Date.now()}`
    let id = ''
    await stack.sql.begin(async (tx) => {
      const [row] = await tx`select net.http_get(${target.url + committed})::text as id`
      id = row!.id
      // The worker woken while the transaction is open: a whole pass over the queue, begun after
      // the request was queued, does not see it.
      const since = performance.now()
      const pass = nextEvent(stack, 'net-drain', (startedAt) => startedAt >= since)
      await stack.sql`select pg_notify('pg_net', '')`
      await pass
      await stack.settled()
      expect(target.received.some((r) => r.url === committed)).toBe(false)
    })
    expect((await responseOf(id)).status_code).toBe(200)
    expect(target.received.some((r) => r.url === marker)).toBe(false)
    const [queued] = await stack.sql`select count(*)::int as n from net.http_request_queue`
    expect(queued!.n).toBe(0)
  })
})
