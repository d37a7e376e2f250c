// Broadcasts from the database wait for their transactions to be visible (the replication stream
// hands a commit over a moment before other sessions see it): allVisible against the real
// database, for a running transaction, one that committed, and one still running whose id is
// above the snapshot's xmax; waitVisible resolving once the writer commits.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import postgres from 'postgres'
import type { ReservedSql, Sql } from 'postgres'
import type { Sessions } from '../../src/realtime/changes/rls-check.ts'
import { allVisible, waitVisible } from '../../src/realtime/changes/visibility.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack
/** Connections of their own for the writers (the test stack's pool has two). */
let writers: Sql

beforeAll(async () => {
  stack = await startTestStack({
    migrations: { '20240101000000_notes.sql': 'create table public.notes (id int primary key);' },
  })
  writers = postgres(stack.dbUrl, { max: 4, onnotice: () => {} })
})

afterAll(async () => {
  await writers?.end({ timeout: 2 })
  await stack?.stop()
})

/** A transaction holding an id, left open. */
async function openWriter(): Promise<{ writer: ReservedSql; xid: number }> {
  const writer = await writers.reserve()
  await writer`begin`
  const [row] = await writer<{ xid: string }[]>`select pg_current_xact_id()::text as xid`
  return { writer, xid: Number(BigInt(row!.xid) & 0xffffffffn) }
}

describe('waiting for transactions to be visible', () => {
  it('tells a running transaction from a committed one', async () => {
    const { writer, xid } = await openWriter()
    try {
      expect(await allVisible(stack.sql, [xid])).toBe(false)
      await writer`commit`
      expect(await allVisible(stack.sql, [xid])).toBe(true)
      expect(await allVisible(stack.sql, [])).toBe(true)
    } finally {
      writer.release()
    }
  })

  it('sees a running transaction whose id is above the snapshot’s xmax as not visible', async () => {
    const first = await openWriter()
    const second = await openWriter()
    const third = await openWriter()
    try {
      await first.writer`commit`
      // xmax is now at most the second's id unless the stack's own work committed a later one
      // meanwhile: either way the third is running, and not visible
      expect(await allVisible(stack.sql, [third.xid])).toBe(false)
      expect(await allVisible(stack.sql, [first.xid, third.xid])).toBe(false)
      expect(await allVisible(stack.sql, [first.xid])).toBe(true)
      // an id above xmax whatever else runs: one not yet handed out (the path that once
      // subtracted an epoch and found every such id visible)
      const [row] = await stack.sql<{ xmax: string }[]>`
        select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`
      const xmax = Number(BigInt(row!.xmax) & 0xffffffffn)
      expect(await allVisible(stack.sql, [xmax + 500])).toBe(false)
      expect(await allVisible(stack.sql, [first.xid, xmax + 500])).toBe(false)
    } finally {
      await second.writer`commit`
      await third.writer`commit`
      for (const w of [first, second, third]) w.writer.release()
    }
  })

  it('waits until the writer commits, then its row can be read', async () => {
    const { writer, xid } = await openWriter()
    try {
      await writer`insert into public.notes values (1)`
      let done = false
      // The stack's sessions, with the looks at the snapshot counted.
      let looks = 0
      const counted: Sessions = {
        withSession: (fn) =>
          stack.context.db.withSession((sql) =>
            fn(Object.assign((...args: Parameters<Sql>) => (looks++, sql(...args)), sql) as Sql)
          ),
      }
      const waiting = waitVisible(counted, [xid]).then(() => (done = true))
      // It has looked three times and found the writer still running: it goes on waiting.
      await vi.waitFor(() => expect(looks).toBeGreaterThanOrEqual(3), { interval: 1 })
      expect(done).toBe(false)
      await writer`commit`
      await waiting
      const rows = await stack.sql`select id from public.notes`
      expect(rows).toHaveLength(1)
    } finally {
      writer.release()
    }
  })
})
