// The RLS matrix checked in SQL: each case of tests/support/matrix.ts, as each role, with the
// role and request.jwt.claims set as the API sets them.
import path from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { MATRIX, caseName, isAllowed } from './support/matrix.ts'
import { expectOutcome } from './support/expect-outcome.ts'
import { checkSql } from './support/sql-checker.ts'
import { ROLES, buildWorld } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('RLS matrix in SQL', () => {
  for (const c of MATRIX) {
    describe(caseName(c), () => {
      for (const role of ROLES) {
        const allowed = isAllowed(c, role)
        it(`${role} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          expectOutcome(c, role, await checkSql({ sql: stack.sql, world }, c, role))
        })
      }
    })
  }
})
