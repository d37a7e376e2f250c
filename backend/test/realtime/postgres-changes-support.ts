// Shared by postgres-changes.test.ts: its schema (notes under RLS and tables for each edge case
// of the publication) and supabase-js channels listening to its changes.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, subscribed } from './helpers.ts'
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

export type Row = Record<string, unknown>
export type Change = RealtimePostgresChangesPayload<Row>

/** A stack with the schema above. */
export function startChangesStack(): Promise<TestStack> {
  return startTestStack({ migrations: { '20240101000000_notes.sql': SCHEMA } })
}

/** Listens to every change of `table` on a channel named `name`; ready once changes flow. */
export function listenTo(user: TestUser, name: string, table: string) {
  const changes = new Collector<Change>()
  const channel = user.client
    .channel(name)
    .on('postgres_changes', { event: '*', schema: 'public', table }, (payload: Change) =>
      changes.push(payload)
    )
  return { channel, changes, ready: subscribed(channel, true) }
}

/** Listens to the changes of notes, narrowed by `filter`; ready once changes flow. */
export function listen(user: TestUser, name: string, filter: Record<string, string> = {}) {
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
