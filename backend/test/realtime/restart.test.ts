// Surviving restarts: the replication stream reconnects after PostgreSQL drops it and resumes
// from the slot without losing a change; positions are acknowledged; after a restart of the
// whole stack on the same database, realtime-js reconnects on its own and delivers again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'
import type { TestUser } from './helpers.ts'

const SCHEMA = `
create table public.events (id int primary key, label text not null);
alter table public.events enable row level security;
create policy "everyone reads" on public.events for select to authenticated using (true);
alter publication supabase_realtime add table public.events;
`

type Change = RealtimePostgresChangesPayload<{ id: number; label: string }>

let stack: TestStack
let user: TestUser

beforeAll(async () => {
  stack = await startTestStack({ migrations: { '20240101000000_events.sql': SCHEMA } })
  user = await makeUser(stack)
})

afterAll(async () => {
  await stack?.stop()
})

/** Polls the database until `test` holds (the slot's state has no event to wait on). */
async function eventually<T>(read: () => Promise<T>, test: (value: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read()
      if (!test(value)) throw new Error(`not yet: ${JSON.stringify(value)}`)
      return value
    },
    { timeout: 20_000, interval: 50 }
  )
}

async function slot() {
  const [row] = await stack.sql<{ pid: number | null; confirmed: string }[]>`
    select active_pid as pid, confirmed_flush_lsn::text as confirmed
    from pg_replication_slots where database = current_database()
  `
  return row
}

const labels = (items: Change[]) => items.map((c) => (c.new as { label: string }).label)

describe('restarts', () => {
  it('resumes after PostgreSQL ends the replication connection, without losing changes', async () => {
    const changes = new Collector<Change>()
    const channel = user.client
      .channel('hiccup')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'events' }, (c: Change) =>
        changes.push(c)
      )
    await subscribed(channel, true)
    await stack.sql`insert into public.events values (1, 'before')`
    await changes.count(1)

    const before = await slot()
    expect(before?.pid).toBeTruthy()
    await stack.sql`select pg_terminate_backend(${before!.pid!})`
    // Committed while the stream is down: read from the slot once it is back.
    await stack.sql`insert into public.events values (2, 'during')`
    await stack.sql`insert into public.events values (3, 'after')`
    const seen = await changes.count(3)
    expect(labels(seen)).toEqual(['before', 'during', 'after'])
    const after = await slot()
    expect(after?.pid).toBeTruthy()
    expect(after?.pid).not.toBe(before?.pid)

    // Delivered positions are acknowledged to the slot.
    const [{ lsn } = { lsn: '' }] = await stack.sql<
      { lsn: string }[]
    >`select pg_current_wal_lsn()::text as lsn`
    await eventually(
      () => stack.sql<{ done: boolean }[]>`
        select confirmed_flush_lsn >= ${lsn}::pg_lsn as done
        from pg_replication_slots where database = current_database()
      `,
      (rows) => rows[0]?.done === true
    )
    await user.client.removeChannel(channel)
    expect(labels(changes.items)).toEqual(['before', 'during', 'after'])
  })

  it('delivers again after the stack restarts, once, with realtime-js reconnecting on its own', async () => {
    const changes = new Collector<Change>()
    const system = new Collector<{ extension: string; status: string }>()
    const broadcasts = new Collector<{ payload: unknown }>()
    const channel = user.client
      .channel('restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'events' }, (c: Change) =>
        changes.push(c)
      )
      .on('broadcast', { event: 'ping' }, (b: { payload: unknown }) => broadcasts.push(b))
      .on('system', {}, system.push)
    await subscribed(channel, true)
    await stack.sql`insert into public.events values (10, 'first life')`
    await changes.count(1)

    await stack.restart()
    // The client rejoins by itself; the feed confirms its subscription again.
    await system.until((items) => items.filter((s) => s.status === 'ok').length >= 2)
    await stack.sql`insert into public.events values (11, 'second life')`
    const seen = await changes.count(2)
    expect(labels(seen)).toEqual(['first life', 'second life'])

    const response = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'restart', event: 'ping', payload: { n: 1 } }] }),
    })
    expect(response.status).toBe(202)
    expect((await broadcasts.count(1))[0]?.payload).toEqual({ n: 1 })
    // Nothing delivered twice.
    expect(labels(changes.items)).toEqual(['first life', 'second life'])
  })
})
