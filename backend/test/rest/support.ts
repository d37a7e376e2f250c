// What the REST test files share: their stack, started before a file's tests and stopped after
// them, and a raw HTTP request to it (one connection, the body written as given).
import http from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack, TestStackOptions } from '../support/stack.ts'
import { TEST_MIGRATIONS } from './fixture.ts'

export interface FileStack {
  /** The running stack (inside tests and hooks). */
  readonly stack: TestStack
  /** A supabase-js client with the anon key. */
  readonly db: SupabaseClient
}

/**
 * A stack for the tests of this file: REST's test schema (fixture.ts) unless `options` say
 * otherwise. Read `stack` and `db` inside tests, once beforeAll has run.
 */
export function useStack(options: TestStackOptions = { migrations: TEST_MIGRATIONS }): FileStack {
  let stack: TestStack | undefined
  let db: SupabaseClient | undefined
  beforeAll(async () => {
    stack = await startTestStack(options)
    db = stack.client()
  })
  afterAll(async () => {
    await stack?.stop()
  })
  return {
    get stack() {
      if (!stack) throw new Error('the stack has not started')
      return stack
    },
    get db() {
      if (!db) throw new Error('the stack has not started')
      return db
    },
  }
}

export interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request over a fresh connection (or `agent`'s), the body written as given. */
export function rawRequest(
  stack: TestStack,
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: (string | Buffer)[] = [],
  agent: http.Agent | false = false
): Promise<RawAnswer> {
  const url = new URL(stack.apiUrl)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers, agent },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}
