// The Phoenix protocol as the real server speaks it, with a bare client (see protocol.test.ts):
// the limit on joins per second, on a stack of its own that sets it (TENANT_MAX_JOINS_PER_SECOND).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { BACKOFFS, stackWith } from './protocol-support.ts'
import { RawClient, socketUrl } from './raw-client.ts'
import type { Frame } from './raw-client.ts'

let limited: TestStack

beforeAll(async () => {
  limited = await stackWith({ ...BACKOFFS, TENANT_MAX_JOINS_PER_SECOND: '2' })
})

afterAll(async () => {
  await limited?.stop()
})

describe('joining', () => {
  it('limits joins per second and disconnects the socket over the limit', async () => {
    const client = await RawClient.connect(socketUrl(limited.url, limited.anonKey))
    const replies: Frame[] = []
    for (const name of ['a', 'b', 'c']) replies.push((await client.join(`realtime:${name}`)).reply)
    expect(replies.slice(0, 2).map((r) => (r[4] as { status: string }).status)).toEqual([
      'ok',
      'ok',
    ])
    expect(replies[2]?.[4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    })
    await client.closed
  })
})
