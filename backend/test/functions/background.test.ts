// Background functions (chorus.toml's [edge_runtime] background_functions; issue 49, item 7):
// they answer as any function does, from a process of their own at a lower CPU priority with a
// heap cap (their database sessions niced too while they work), so that one that outgrows its
// memory ends that process, not the stack: its request fails as the edge runtime's do, the API
// and the other functions go on, and the next request gets a new process.
import { execFileSync } from 'node:child_process'
import { getPriority } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

const BACKGROUND = `
import postgres from 'npm:postgres@3'
let sql
Deno.serve(async (request) => {
  const url = new URL(request.url)
  if (url.searchParams.has('db')) {
    // A session named after the function, kept open after the answer.
    sql ??= postgres(Deno.env.get('SUPABASE_DB_URL'), { max: 1, connection: { application_name: 'heavy' } })
    const [row] = await sql\`select pg_backend_pid() as pid, pg_sleep(1.5)\`
    return Response.json({ backend: row.pid })
  }
  if (url.searchParams.has('hog')) {
    // Holds on to ever more memory: past the heap cap the process ends.
    const kept = []
    for (;;) kept.push(new Array(1024 * 1024).fill(kept.length))
  }
  const body = request.method === 'POST' ? await request.text() : ''
  return Response.json({ pid: process.pid, body, url: request.url })
})
`
const FOREGROUND = `
Deno.serve(() => Response.json({ pid: process.pid }))
`

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    config:
      'project_id = "test"\n[functions.heavy]\nverify_jwt = false\n[functions.light]\nverify_jwt = false\n',
    files: {
      'chorus.toml':
        '[edge_runtime]\nbackground_functions = ["heavy"]\nbackground_memory = "96MiB"\n',
      'functions/heavy/index.ts': BACKGROUND,
      'functions/light/index.ts': FOREGROUND,
    },
  })
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

const call = (name: string, init: RequestInit = {}, query = '') =>
  fetch(`${stack.url}/functions/v1/${name}${query}`, {
    ...init,
    headers: { apikey: stack.anonKey, ...init.headers },
  })

/** The niceness and command line of a process. */
const processOf = (pid: number) =>
  execFileSync('ps', ['-o', 'ni=,args=', '-p', String(pid)])
    .toString()
    .trim()

describe('a background function', () => {
  it('answers from a niced process of its own with a heap cap, the body and URL passed on', async () => {
    const response = await call('heavy', { method: 'POST', body: 'hello' }, '?x=1')
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { pid: number; body: string; url: string }
    expect(answer.body).toBe('hello')
    expect(answer.url).toMatch(/\/heavy\?x=1$/)
    expect(answer.pid).not.toBe(process.pid)
    expect(processOf(answer.pid)).toMatch(/^10 .*--max-old-space-size=96 .*background-main\.ts/)
    const light = (await (await call('light')).json()) as { pid: number }
    expect(light.pid).toBe(process.pid)
  })

  it('answers before reading a large body, every time, with its own answer', async () => {
    // The process answers a PUT without reading its body. Closed under the stack's writes of
    // the rest, the connection was reset, and the stack answered 500 for most of these.
    const body = new Uint8Array(4 * 1024 * 1024)
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const response = await call('heavy', { method: 'PUT', body })
      statuses.push(response.status)
      await response.body?.cancel()
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200))
  })

  it('nices the database sessions it names after itself while it works', async () => {
    const { backend } = (await (await call('heavy', {}, '?db=1')).json()) as { backend: number }
    expect(
      execFileSync('ps', ['-o', 'ni=', '-p', String(backend)])
        .toString()
        .trim()
    ).toBe('10')
    // Other sessions keep the niceness PostgreSQL started with: this test's own (a suite run
    // under `nice` starts it niced already).
    const [other] = await stack.sql<{ pid: number }[]>`select pg_backend_pid() as pid`
    expect(
      execFileSync('ps', ['-o', 'ni=', '-p', String(other!.pid)])
        .toString()
        .trim()
    ).toBe(String(getPriority()))
  })

  it('ends its own process when it outgrows its memory; the stack goes on, and so does it', async () => {
    const first = ((await (await call('heavy')).json()) as { pid: number }).pid
    const hog = await call('heavy', {}, '?hog=1')
    expect(hog.status).toBe(500)
    expect(await hog.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
    expect((await call('light')).status).toBe(200)
    const rest = await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: stack.anonKey } })
    expect(rest.status).toBe(200)
    const again = (await (await call('heavy')).json()) as { pid: number }
    expect(again.pid).not.toBe(first)
  }, 60_000)
})
