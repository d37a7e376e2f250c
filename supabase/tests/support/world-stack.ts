// The usual set-up of the RLS and RPC tests: a stack of Chorus's own project (its migrations,
// functions and config) on a fresh database of the test cluster, with support/world.ts's people,
// workspaces and channels. A test's support module registers it first, then hooks of its own for
// anything more (a pool, clients): those run after its beforeAll and before its afterAll.
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { buildWorld } from './world.ts'
import type { World } from './world.ts'

export interface WorldStack {
  stack: TestStack
  world: World
}

/** The repository's root, whose supabase/ folder is Chorus's project. */
const REPO = path.resolve(import.meta.dirname, '../../..')

/** Registers the file's beforeAll/afterAll, which set `t.stack` and `t.world` and stop the stack. */
export function useWorldStack<T extends WorldStack>(t: T): T {
  beforeAll(async () => {
    t.stack = await startTestStack({ workdir: REPO })
    t.world = await buildWorld(t.stack)
  })
  afterAll(async () => {
    await t.stack?.stop()
  })
  return t
}
