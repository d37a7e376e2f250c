-- The app gate's trigger condition, made cheap for every write that is no app's (issue 49,
-- item 4). As first made (20261204100000_chorus_oauth_apps.sql) each row written anywhere called
-- private.oauth_client_id(), a SQL function with its own search_path, which PostgreSQL neither
-- inlines nor caches in a trigger's WHEN: 200,000 rows inserted took 5.0-6.1 s against 1.4-1.8 s
-- without the gate (an import's batches, a job's). The condition now first looks for
-- "client_id" in the request's claims as text (no claims at all for the database's own jobs and
-- an import's batches, and none in a person's token), and only then asks the function: the same
-- 200,000 rows then took 1.6-2.8 s against 1.2-2.2 s without the gate, in the same runs.

-- The trigger alone, as every table of public has it.
create or replace function private.create_app_write_gate(p_table regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format(
    'create trigger oauth_write_gate before insert or update or delete on %s for each row '
    'when (strpos(coalesce(current_setting(''request.jwt.claims'', true), '''') '
    '|| coalesce(current_setting(''request.jwt.claim'', true), ''''), ''client_id'') > 0 '
    'and private.oauth_client_id() is not null) '
    'execute function private.oauth_write_gate()', p_table);
end
$$;
revoke all on function private.create_app_write_gate(regclass) from public;

-- What every table of public has: the write gate and the revoked app's restrictive policy. A new
-- table's migration joins them with `select private.join_app_gate('public.<table>');`.
create or replace function private.join_app_gate(p_table regclass)
returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
begin
  select c.relname, c.relrowsecurity, n.nspname into t
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = p_table;
  if t.nspname is distinct from 'public' then
    raise exception using errcode = '22023', message = 'Only tables of public join the app gate.';
  end if;
  perform private.create_app_write_gate(p_table);
  if t.relrowsecurity then
    execute format(
      'create policy %I on public.%I as restrictive for select to authenticated '
      'using ((select private.oauth_session_live()))',
      t.relname || ': a revoked app reads nothing', t.relname);
  end if;
end
$$;
revoke all on function private.join_app_gate(regclass) from public;

-- The triggers made so far, made again with the new condition.
do $$
declare
  t record;
begin
  for t in
    select tg.tgrelid::regclass as tbl from pg_trigger tg
    join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where tg.tgname = 'oauth_write_gate' and n.nspname = 'public'
    order by c.relname
  loop
    execute format('drop trigger oauth_write_gate on %s', t.tbl);
    perform private.create_app_write_gate(t.tbl);
  end loop;
end
$$;
