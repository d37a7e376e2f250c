-- The realtime service's row-level security check for postgres_changes: one call tells which
-- changed rows each group of subscribers (one role and one set of JWT claims) may select.
-- The lookup is prepared once per call and executed per group under that group's role and
-- claims, so one generic plan serves every group of a role. The rows' primary keys come as
-- key sets: key_sets[s * key_columns + c + 1] is an array literal of key column c's values in
-- set s; the lookup reads them from the settings realtime_local.k0, realtime_local.k1, …
-- Group g (0-based) uses role roles[g+1], claims claims[g+1], sub subs[g+1] and key set
-- sets[g+1]; each visible row comes back as (g, its 1-based position in the key set).
-- `xids` are the (32-bit) ids of the transactions that wrote the rows: the replication stream
-- can hand over a commit a moment before other sessions see it, so the check first waits until
-- they are visible.
-- With `isolate`, a group whose policies raise an error sees nothing and is reported as
-- (g, -1), while the other groups are still checked (a subtransaction per group).
-- Only `authenticator` (the API's login role, which may act as the API roles) may call it.

create or replace function _supabase_local.realtime_visible_rows(
  xids bigint[],
  check_sql text,
  key_columns int,
  key_sets text[],
  roles text[],
  claims text[],
  subs text[],
  sets int[],
  isolate boolean default false
)
returns table (group_index int, row_index int)
language plpgsql volatile as $$
declare
  g int;
  c int;
  visible int;
  active_role text := '';
  active_set int := -1;
  attempt int;
begin
  for attempt in 1 .. 2000 loop
    exit when (
      with snap as (select pg_current_snapshot() as s),
      top as (select s, pg_snapshot_xmax(s)::text::bigint as xmax from snap)
      select coalesce(bool_and(pg_visible_in_snapshot(
        ((((top.xmax >> 32) << 32) | x.xid)
          - case when x.xid > (top.xmax & 4294967295) then 4294967296 else 0 end)::text::xid8,
        top.s)), true)
      from top, unnest(xids) as x(xid)
    );
    perform pg_sleep(0.0005);
  end loop;
  if exists (select 1 from pg_prepared_statements where name = '_realtime_visible_rows') then
    deallocate _realtime_visible_rows;
  end if;
  perform set_config('plan_cache_mode', 'force_generic_plan', true);
  execute 'prepare _realtime_visible_rows as ' || check_sql;
  for g in 1 .. coalesce(array_length(roles, 1), 0) loop
    -- Groups come sorted by role: switching roles costs more than the rest of a step.
    if roles[g] <> active_role then
      active_role := roles[g];
      perform set_config('role', active_role, true), set_config('request.jwt.claim.role', active_role, true);
    end if;
    if sets[g] <> active_set then
      active_set := sets[g];
      for c in 0 .. key_columns - 1 loop
        perform set_config('realtime_local.k' || c, key_sets[active_set * key_columns + c + 1], true);
      end loop;
    end if;
    perform set_config('request.jwt.claims', claims[g], true), set_config('request.jwt.claim.sub', subs[g], true);
    if not isolate then
      for visible in execute 'execute _realtime_visible_rows' loop
        group_index := g - 1;
        row_index := visible;
        return next;
      end loop;
    else
      begin
        for visible in execute 'execute _realtime_visible_rows' loop
          group_index := g - 1;
          row_index := visible;
          return next;
        end loop;
      exception when others then
        group_index := g - 1;
        row_index := -1;
        return next;
      end;
    end if;
  end loop;
  perform set_config('role', 'none', true);
  deallocate _realtime_visible_rows;
end
$$;

revoke all on function _supabase_local.realtime_visible_rows(bigint[], text, int, text[], text[], text[], text[], int[], boolean) from public;
grant usage on schema _supabase_local to authenticator;
grant execute on function _supabase_local.realtime_visible_rows(bigint[], text, int, text[], text[], text[], text[], int[], boolean) to authenticator;
