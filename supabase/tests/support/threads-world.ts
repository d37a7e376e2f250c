// The set-up of the thread tests threads.test.ts and threads-following.test.ts: a stack
// with the matrix's world, a pool with more connections for concurrent repliers, and
// support/threads.ts's helpers for them.
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll } from 'vitest'
import { threadTools } from './threads.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface ThreadsWorld extends WorldStack {
  /** More connections than stack.sql has, for concurrent repliers. */
  pool: Sql
  tools: ReturnType<typeof threadTools>
}

/** Registers the file's beforeAll/afterAll; the stack, world and pool are set once it ran. */
export function useThreadsWorld(): ThreadsWorld {
  const t = useWorldStack({} as ThreadsWorld)
  t.tools = threadTools(() => ({ stack: t.stack, world: t.world }))
  beforeAll(async () => {
    t.pool = postgres(t.stack.dbUrl, { max: 6, onnotice: () => {} })
  })
  afterAll(async () => {
    await t.pool?.end({ timeout: 2 })
  })
  return t
}
