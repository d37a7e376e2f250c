// A stack answers once its change feed streams. Creating a database's replication slot waits on
// every transaction running in the cluster, and a change committed before the slot exists is
// never delivered, so a start that returned earlier lost what a client did at once: here a
// broadcast from the database (realtime.send(), not waited on by any join) sent the moment the
// stack is up arrives. A Ctrl-C during that wait ends the start at once.
import postgres from 'postgres'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'

/** Until the stack's start is seen waiting on a held transaction (pg_stat_activity). */
async function slotWaitsOnLock(watcher: postgres.Sql): Promise<void> {
  await vi.waitFor(
    async () => {
      const [waiting] = await watcher`
        select 1 from pg_stat_activity
        where query like '%pg_create_logical_replication_slot%' and wait_event_type = 'Lock'
      `
      expect(waiting, 'no replication slot waited on the held transaction').toBeDefined()
    },
    { timeout: 30_000, interval: 20 }
  )
}

let stack: TestStack | undefined

afterAll(async () => {
  await stack?.stop()
})

describe('start', () => {
  it('waits for the replication slot, so a change made at once is delivered', async () => {
    // A transaction with an id, open elsewhere in the cluster: the slot waits for its end.
    const other = postgres(inject('pgUrl'), { max: 1, onnotice: () => {} })
    const held = await other.reserve()
    let started = false
    let startedWhileHeld: boolean
    await held`begin`
    await held`select txid_current()`
    const starting = startTestStack().then((s) => {
      started = true
      return s
    })
    const watcher = postgres(inject('pgUrl'), { max: 1, onnotice: () => {} })
    try {
      // The slot's creation is waiting on the held transaction, and the start has not answered.
      await slotWaitsOnLock(watcher)
      startedWhileHeld = started
    } finally {
      await held`commit`
      held.release()
      await other.end({ timeout: 2 })
      await watcher.end({ timeout: 2 })
    }
    stack = await starting
    expect(startedWhileHeld, 'the stack answered before its change feed could stream').toBe(false)
    const user = await makeUser(stack)
    const messages = new Collector<{ event: string; payload?: unknown }>()
    const channel = user.client
      .channel('at-once')
      .on('broadcast', { event: '*' }, (message) => messages.push(message))
    await subscribed(channel)
    await stack.sql`select realtime.send('{"n": 1}'::jsonb, 'first', 'at-once', false)`
    const [message] = await messages.count(1)
    expect(message).toMatchObject({ event: 'first', payload: { n: 1 } })
  })

  it('ends the wait at a Ctrl-C: the start stops at once', async () => {
    const other = postgres(inject('pgUrl'), { max: 1, onnotice: () => {} })
    const held = await other.reserve()
    await held`begin`
    await held`select txid_current()`
    const controller = new AbortController()
    const watcher = postgres(inject('pgUrl'), { max: 1, onnotice: () => {} })
    try {
      const starting = startTestStack({ signal: controller.signal })
      const outcome = starting.then(
        () => 'started' as const,
        (error: unknown) => error
      )
      // The slot's creation is waiting on the held transaction: the start is in its wait.
      await slotWaitsOnLock(watcher)
      const aborted = performance.now()
      controller.abort()
      const result = await outcome
      expect(performance.now() - aborted).toBeLessThan(2000)
      expect(result).toMatchObject({ name: 'AbortError' })
    } finally {
      await held`commit`
      held.release()
      await other.end({ timeout: 2 })
      await watcher.end({ timeout: 2 })
    }
  })
})
