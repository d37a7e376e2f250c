// The one assertion every layer of the matrix makes: an allowed operation took effect; a refused
// one did not, and if it failed with an error, with RLS's 42501 or the case's own clear refusal.
import { expect } from 'vitest'
import { isAllowed } from './matrix.ts'
import type { MatrixCase } from './matrix.ts'
import type { Outcome } from './sql-checker.ts'
import type { Role } from './world.ts'

export function expectOutcome(c: MatrixCase, role: Role, outcome: Outcome): void {
  if (isAllowed(c, role)) {
    expect(outcome).toEqual({ done: true })
    return
  }
  expect(outcome.done).toBe(false)
  if (outcome.code !== undefined) {
    const refusals = c.kind === 'topic' ? [] : (c.refusals ?? [])
    expect(['42501', ...refusals], outcome.message).toContain(outcome.code)
  }
}
