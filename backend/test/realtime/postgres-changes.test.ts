// Postgres changes through the real supabase-js: several users on one table receive exactly the
// rows their policies allow, with event and row filters, in the shapes realtime-js expects. The
// schema: notes under RLS, and tables for each edge case of the publication.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'
import type { TestUser } from './helpers.ts'

const SCHEMA = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null,
  room text not null default 'lobby',
  body text,
  score int default 0,
  tags text[],
  meta jsonb,
  created_at timestamptz not null default now()
);
alter table public.notes enable row level security;
create policy "own or public notes" on public.notes for select to authenticated
  using (owner = (select auth.uid()) or room = 'public');
alter publication supabase_realtime add table public.notes;

create table public.open_items (id int primary key, label text, secret text);
revoke select on public.open_items from anon, authenticated;
grant select (id, label) on public.open_items to anon, authenticated;
alter table public.open_items replica identity full;
alter publication supabase_realtime add table public.open_items;

create table public.not_published (id int primary key);

create table public.no_pk (label text);
alter publication supabase_realtime add table public.no_pk;

create table public.touchy (id int primary key, label text);
alter table public.touchy enable row level security;
create policy "raises for some" on public.touchy for select to authenticated
  using (1 / (case when (select auth.jwt()) ->> 'explode' = 'yes' then 0 else 1 end) = 1);
alter publication supabase_realtime add table public.touchy;
`

type Row = Record<string, unknown>
type Change = RealtimePostgresChangesPayload<Row>

/** A stack with the schema above. */
function startChangesStack(): Promise<TestStack> {
  return startTestStack({ migrations: { '20240101000000_notes.sql': SCHEMA } })
}

/** Listens to every change of `table` on a channel named `name`; ready once changes flow. */
function listenTo(user: TestUser, name: string, table: string) {
  const changes = new Collector<Change>()
  const channel = user.client
    .channel(name)
    .on('postgres_changes', { event: '*', schema: 'public', table }, (payload: Change) =>
      changes.push(payload)
    )
  return { channel, changes, ready: subscribed(channel, true) }
}

/** Listens to the changes of notes, narrowed by `filter`; ready once changes flow. */
function listen(user: TestUser, name: string, filter: Record<string, string> = {}) {
  const changes = new Collector<Change>()
  const channel = user.client
    .channel(name)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'notes', ...filter } as never,
      (payload: Change) => changes.push(payload)
    )
  return { channel, changes, ready: subscribed(channel, true) }
}

let stack: TestStack
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  stack = await startChangesStack()
  alice = await makeUser(stack)
  bob = await makeUser(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('postgres_changes', () => {
  it('delivers to each user only the rows their policies let them select', async () => {
    const a = listen(alice, 'rls-alice')
    const b = listen(bob, 'rls-bob')
    await Promise.all([a.ready, b.ready])

    await stack.sql`insert into public.notes (owner, body) values (${alice.id}, 'for alice')`
    await stack.sql`insert into public.notes (owner, body) values (${bob.id}, 'for bob')`
    await stack.sql`insert into public.notes (owner, room, body) values (${bob.id}, 'public', 'for all')`

    const aliceSaw = await a.changes.until((items) =>
      items.some((c) => (c.new as Row).body === 'for all')
    )
    const bobSaw = await b.changes.until((items) =>
      items.some((c) => (c.new as Row).body === 'for all')
    )
    expect(aliceSaw.map((c) => (c.new as Row).body)).toEqual(['for alice', 'for all'])
    expect(bobSaw.map((c) => (c.new as Row).body)).toEqual(['for bob', 'for all'])

    const first = aliceSaw[0] as Change
    expect(first).toMatchObject({
      schema: 'public',
      table: 'notes',
      eventType: 'INSERT',
      errors: null,
      old: {},
    })
    expect(first.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const row = first.new as Row
    expect(row).toMatchObject({
      owner: alice.id,
      room: 'lobby',
      body: 'for alice',
      score: 0,
      tags: null,
    })
    expect(typeof row.id).toBe('number')
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+\+00:00$/)
    await Promise.all([alice.client.removeChannel(a.channel), bob.client.removeChannel(b.channel)])
  })

  it('applies event and row filters', async () => {
    const inserts = listen(alice, 'filter-insert', {
      event: 'INSERT',
      filter: 'room=eq.kitchen',
    } as never)
    const updates = listen(alice, 'filter-update', {
      event: 'UPDATE',
      filter: 'score=gte.10',
    } as never)
    await Promise.all([inserts.ready, updates.ready])

    const [row] = await stack.sql<{ id: number }[]>`
      insert into public.notes (owner, room, body) values (${alice.id}, 'kitchen', 'k1') returning id::int
    `
    await stack.sql`insert into public.notes (owner, room, body) values (${alice.id}, 'garden', 'g1')`
    await stack.sql`update public.notes set score = 5 where id = ${row!.id}`
    await stack.sql`update public.notes set score = 20 where id = ${row!.id}`
    await stack.sql`insert into public.notes (owner, room, body) values (${alice.id}, 'kitchen', 'k2')`

    const seenInserts = await inserts.changes.count(2)
    expect(seenInserts.map((c) => [c.eventType, (c.new as Row).body])).toEqual([
      ['INSERT', 'k1'],
      ['INSERT', 'k2'],
    ])
    const seenUpdates = await updates.changes.count(1)
    expect(seenUpdates[0]).toMatchObject({
      eventType: 'UPDATE',
      new: { score: 20 },
      old: { id: row!.id },
    })
    expect(updates.changes.items).toHaveLength(1)
    await alice.client.removeChannel(inserts.channel)
    await alice.client.removeChannel(updates.channel)
  })

  it('sends deletes with the primary key only when the table has RLS', async () => {
    const a = listen(alice, 'deletes', { event: 'DELETE' } as never)
    await a.ready
    const [row] = await stack.sql<{ id: number }[]>`
      insert into public.notes (owner, body) values (${alice.id}, 'bye') returning id::int
    `
    await stack.sql`delete from public.notes where id = ${row!.id}`
    const [deleted] = await a.changes.count(1)
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row!.id } })
    await alice.client.removeChannel(a.channel)
  })

  it('sends full old rows with replica identity full, without columns the role may not select', async () => {
    const changes = new Collector<Change>()
    const channel = alice.client
      .channel('open-items')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'open_items' }, (p: Change) =>
        changes.push(p)
      )
    await subscribed(channel, true)
    await stack.sql`insert into public.open_items values (1, 'one', 'hidden')`
    await stack.sql`update public.open_items set label = 'uno' where id = 1`
    await stack.sql`delete from public.open_items where id = 1`
    const [insert, update, del] = await changes.count(3)
    expect(insert?.new).toEqual({ id: 1, label: 'one' })
    expect(update).toMatchObject({ new: { id: 1, label: 'uno' }, old: { id: 1, label: 'one' } })
    expect(del).toMatchObject({ eventType: 'DELETE', old: { id: 1, label: 'uno' } })
    await alice.client.removeChannel(channel)
  })

  it('matches in, not and filters on deletes, and sends only selected columns', async () => {
    const changes = new Collector<Change>()
    const channel = alice.client
      .channel('filters-more')
      .on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'notes',
          filter: 'room=in.(a,b),score=not.eq.3',
        },
        (p: Change) => changes.push(p)
      )
      .on(
        'postgres_changes',
        { event: 'DELETE', schema: 'public', table: 'notes', filter: 'id=eq.-1' },
        (p: Change) => changes.push(p)
      )
      .on(
        'postgres_changes',
        {
          event: 'UPDATE',
          schema: 'public',
          table: 'notes',
          select: ['body'],
          filter: 'room=eq.sel',
        } as never,
        (p: Change) => changes.push(p)
      )
    await subscribed(channel, true)
    await stack.sql`
      insert into public.notes (owner, room, body, score) values
        (${alice.id}, 'a', 'a0', 0), (${alice.id}, 'b', 'b3', 3), (${alice.id}, 'c', 'c0', 0),
        (${alice.id}, 'sel', 'sel', 0)
    `
    await stack.sql`delete from public.notes where room = 'c'`
    await stack.sql`update public.notes set body = 'selected' where room = 'sel'`
    const seen = await changes.count(2)
    expect(seen[0]).toMatchObject({ eventType: 'INSERT', new: { room: 'a', body: 'a0' } })
    expect(seen[1]?.eventType).toBe('UPDATE')
    expect(Object.keys(seen[1]?.new as Row).sort()).toEqual(['body', 'id'])
    expect((seen[1]?.new as Row).body).toBe('selected')
    expect(changes.items).toHaveLength(2)
    await alice.client.removeChannel(channel)
  })

  it('reports a table without a primary key in errors', async () => {
    const changes = new Collector<Change>()
    const channel = alice.client
      .channel('no-pk')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'no_pk' }, (p: Change) =>
        changes.push(p)
      )
    await subscribed(channel, true)
    await stack.sql`insert into public.no_pk values ('x')`
    const [change] = await changes.count(1)
    expect(change).toMatchObject({
      eventType: 'INSERT',
      new: {},
      errors: ['Error 400: Bad Request, no primary key'],
    })
    await alice.client.removeChannel(channel)
  })

  it('keeps delivering to the others when a policy fails for one subscriber', async () => {
    const exploding = await makeUser(stack, { claims: { explode: 'yes' } })
    const calm = listenTo(alice, 'touchy-calm', 'touchy')
    const failingRows = new Collector<Change>()
    const failingPings = new Collector<unknown>()
    const failing = exploding.client
      .channel('touchy-failing')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'touchy' }, (p: Change) =>
        failingRows.push(p)
      )
      .on('broadcast', { event: 'ping' }, failingPings.push)
    await Promise.all([calm.ready, subscribed(failing, true)])
    await stack.sql`insert into public.touchy values (1, 'one')`
    await stack.sql`insert into public.touchy values (2, 'two')`
    const seen = await calm.changes.count(2)
    expect(seen.map((c) => (c.new as Row).label)).toEqual(['one', 'two'])
    // A broadcast sent after the rows reaches the failing subscriber after anything sent before.
    const response = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'touchy-failing', event: 'ping', payload: {} }] }),
    })
    expect(response.status).toBe(202)
    await failingPings.count(1)
    expect(failingRows.items).toEqual([])
    await alice.client.removeChannel(calm.channel)
    await exploding.client.removeChannel(failing)
  })

  it('follows a new access token: rows are checked with the new claims', async () => {
    const changes = new Collector<Change>()
    const viewer = await makeUser(stack)
    const channel = viewer.client
      .channel('switch')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (p: Change) =>
        changes.push(p)
      )
    await subscribed(channel, true)
    await stack.sql`insert into public.notes (owner, body) values (${viewer.id}, 'mine')`
    await changes.count(1)
    // Now signed in as alice: alice's rows, no longer the viewer's.
    await viewer.client.realtime.setAuth(alice.token)
    await channel.send({ type: 'broadcast', event: 'sync', payload: {} })
    await stack.sql`insert into public.notes (owner, body) values (${viewer.id}, 'mine again')`
    await stack.sql`insert into public.notes (owner, body) values (${alice.id}, 'alice now')`
    const seen = await changes.count(2)
    expect(seen.map((c) => (c.new as Row).body)).toEqual(['mine', 'alice now'])
    await viewer.client.removeChannel(channel)
  })

  it('tells when the replication connection is ready, if asked', async () => {
    const system = new Collector<{ extension: string; status: string; message: string }>()
    const channel = alice.client
      .channel('ready', { config: { broadcast: { replication_ready: true } } })
      .on('system', {}, system.push)
    await subscribed(channel)
    const [message] = await system.count(1)
    expect(message).toMatchObject({
      extension: 'system',
      status: 'ok',
      message: 'Replication connection established',
    })
    await alice.client.removeChannel(channel)
  })

  it('reports tables outside the publication and bad filters in a system message', async () => {
    const messages = new Collector<{ status: string; message: string; extension: string }>()
    const channel = alice.client
      .channel('not-published')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'not_published' }, () => {})
      .on('system', {}, messages.push)
    await subscribed(channel)
    const [message] = await messages.count(1)
    expect(message).toEqual({
      extension: 'postgres_changes',
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: not_published, filters: [], select: nil]',
      channel: 'not-published',
    })
    await alice.client.removeChannel(channel)

    const bad = new Collector<{ status: string; message: string }>()
    const badChannel = alice.client
      .channel('bad-filter')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'notes', filter: 'nope=eq.1' },
        () => {}
      )
      .on('system', {}, bad.push)
    await subscribed(badChannel)
    const [badMessage] = await bad.count(1)
    expect(badMessage?.status).toBe('error')
    expect(badMessage?.message).toContain('invalid column for filter nope')
    await alice.client.removeChannel(badChannel)
  })
})
