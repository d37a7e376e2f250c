// The set-up of the thread tests rpc-threads.test.ts and rpc-threads-following.test.ts: a stack
// with the matrix's world, a pool with more connections for concurrent repliers, and
// support/threads.ts's helpers for them.
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { threadTools } from './threads.ts'
import { buildWorld } from './world.ts'
import type { World } from './world.ts'

export interface ThreadsWorld {
  stack: TestStack
  world: World
  /** More connections than stack.sql has, for concurrent repliers. */
  pool: Sql
  tools: ReturnType<typeof threadTools>
}

/** Registers the file's beforeAll/afterAll; the stack, world and pool are set once it ran. */
export function useThreadsWorld(): ThreadsWorld {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as ThreadsWorld
  t.tools = threadTools(() => ({ stack: t.stack, world: t.world }))
  beforeAll(async () => {
    t.stack = await startTestStack({ workdir })
    t.world = await buildWorld(t.stack)
    t.pool = postgres(t.stack.dbUrl, { max: 6, onnotice: () => {} })
  })
  afterAll(async () => {
    await t.pool?.end({ timeout: 2 })
    await t.stack?.stop()
  })
  return t
}
