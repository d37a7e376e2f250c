// The bench's schema: chat messages readable by the members of their room, under RLS, as a chat
// app has them (the policy looks up membership for the subscriber's auth.uid()).
export const ROOM = 1

export const BENCH_SCHEMA = `
create table public.room_members (
  room_id int not null,
  user_id uuid not null,
  primary key (room_id, user_id)
);
create table public.messages (
  id bigint generated always as identity primary key,
  room_id int not null,
  author uuid not null,
  body text not null,
  created_at timestamptz not null default now()
);
alter table public.room_members enable row level security;
alter table public.messages enable row level security;
create policy "members see their memberships" on public.room_members for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members read their rooms" on public.messages for select to authenticated
  using (exists (
    select 1 from public.room_members m
    where m.room_id = messages.room_id and m.user_id = (select auth.uid())
  ));
alter publication supabase_realtime add table public.messages;

-- Private channels room-<id> (private.ts): the room's members receive its broadcasts and
-- presence and may track themselves there; the policies look membership up as a chat app does.
create policy "room members receive" on realtime.messages for select to authenticated using (
  extension in ('broadcast', 'presence') and exists (
    select 1 from public.room_members m
    where m.room_id = nullif(substring((select realtime.topic()) from '^room-([0-9]+)$'), '')::int
      and m.user_id = (select auth.uid())
  )
);
create policy "room members track" on realtime.messages for insert to authenticated with check (
  extension = 'presence' and exists (
    select 1 from public.room_members m
    where m.room_id = nullif(substring((select realtime.topic()) from '^room-([0-9]+)$'), '')::int
      and m.user_id = (select auth.uid())
  )
);
create table public.ticks (id bigint generated always as identity primary key, at timestamptz default now());

-- The hosted service's method, for comparison: one prepared lookup per change, executed once
-- per subscriber after switching to the subscriber's role and claims (as realtime.apply_rls
-- does). Returns how many (change, subscriber) pairs were visible.
create function public.bench_per_subscriber_checks(row_ids bigint[], claims text[])
returns int language plpgsql as $$
declare
  row_id bigint;
  subscriber_claims text;
  visible boolean;
  total int := 0;
begin
  foreach row_id in array row_ids loop
    execute format('prepare bench_rls_stmt as select exists (select 1 from public.messages where id = %s)', row_id);
    foreach subscriber_claims in array claims loop
      perform set_config('role', 'authenticated', true),
              set_config('request.jwt.claims', subscriber_claims, true);
      execute 'execute bench_rls_stmt' into visible;
      if visible then total := total + 1; end if;
    end loop;
    perform set_config('role', 'none', true);
    deallocate bench_rls_stmt;
  end loop;
  return total;
end
$$;
`
