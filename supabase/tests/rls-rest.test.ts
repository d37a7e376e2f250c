// The RLS matrix through the REST API: each case on a public table, as each role, with the real
// supabase-js against the running stack (the same expectations as the SQL check).
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { expectOutcome } from './support/expect-outcome.ts'
import { MATRIX, caseName, isAllowed } from './support/matrix.ts'
import { checkRest, clientFor, isRestCase } from './support/rest-checker.ts'
import { ROLES, actorOf, buildWorld } from './support/world.ts'
import type { Role, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let clients: Record<Role, SupabaseClient>

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  clients = Object.fromEntries(
    ROLES.map((role) => [role, clientFor(stack, actorOf(world, role))])
  ) as Record<Role, SupabaseClient>
})

afterAll(async () => {
  await stack?.stop()
})

describe('RLS matrix through REST (supabase-js)', () => {
  for (const c of MATRIX.filter(isRestCase)) {
    describe(caseName(c), () => {
      for (const role of ROLES) {
        it(`${role} is ${isAllowed(c, role) ? 'allowed' : 'refused'}`, async () => {
          expectOutcome(c, role, await checkRest({ sql: stack.sql, world }, clients, c, role))
        })
      }
    })
  }
})
