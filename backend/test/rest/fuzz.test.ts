// Thousands of random and hostile requests: grammar-shaped query strings with mutations, junk
// headers and bodies, as anon and as a signed-in user. No answer may be a 5xx, the service must
// keep answering, and rows the caller may not change must stay as they were.
import { expect, it } from 'vitest'
import { ALICE, BOB, userToken } from './fixture.ts'
import { fuzzRequest, SEED } from './fuzz-requests.ts'
import type { FuzzRequest } from './fuzz-requests.ts'
import { useStack } from './support.ts'

const t = useStack()

const REQUESTS = 2000
const CONCURRENCY = 8

async function snapshot() {
  return {
    secrets: await t.stack.sql`select * from secrets order by id`,
    alice: await t.stack.sql`select * from todos where user_id = ${ALICE} order by id`,
    anonVisible: await t.stack.sql`select count(*)::int as n from todos`,
  }
}

it(`answers ${REQUESTS} random and hostile requests without a 5xx (seed ${SEED})`, async () => {
  const bob = await userToken(t.stack, BOB)
  const tokens = ['', '', '', '', '', bob, bob, bob, 'garbage', `${bob.slice(0, -4)}AAAA`]
  const before = await snapshot()
  const requests = Array.from({ length: REQUESTS }, () => fuzzRequest(t.stack.anonKey, tokens))
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++] as FuzzRequest
      let status: number
      let text: string
      try {
        const response = await fetch(`${t.stack.url}/rest/v1${r.path}`, {
          method: r.method,
          headers: r.headers,
          body: r.body,
        })
        status = response.status
        text = await response.text()
      } catch (error) {
        failures.push(`${r.method} ${r.path} -> ${(error as Error).message}`)
        continue
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status >= 500)
        failures.push(
          `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${r.body ?? ''} -> ${status} ${text}`
        )
      // teapot answers 418 by design (response.status).
      else if (status >= 400 && r.method !== 'HEAD' && !r.path.startsWith('/rpc/teapot')) {
        // Every error is PostgREST's four-key body (or the gateway's for a refused key).
        const parsed = JSON.parse(text) as Record<string, unknown>
        if (!('message' in parsed))
          failures.push(`${r.method} ${r.path} -> ${status} without a message: ${text}`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  expect(failures.slice(0, 10)).toEqual([])
  // Most requests were refused, but plenty got through: the fuzz reaches the SQL.
  expect(
    [...statuses.entries()].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)
  ).toBeGreaterThan(REQUESTS / 20)
  expect(await snapshot()).toEqual(before)
  // Still serving.
  const { data } = await t.stack.client().from('directors').select('last_name').eq('id', 1)
  expect(data).toEqual([{ last_name: 'Lumière' }])
})
