-- Whether transactions are visible to a new snapshot, for the realtime service: the
-- replication stream hands a commit over a moment before the committing session leaves the list
-- of running transactions, so postgres_changes' check (realtime_visible_rows) and the broadcasts
-- from realtime.messages (backend/src/realtime/changes/visibility.ts) wait for it.
-- `xids` are 32-bit, as the stream carries them; each is widened with the epoch of the snapshot's
-- xmax to the 64-bit value nearest to xmax. 32-realtime-rls.sql subtracted an epoch from any id
-- above xmax's low bits, but a transaction still running can have an id above xmax: in the first
-- epoch that made a negative id, and the check failed ("nobody receives these rows").

create or replace function _supabase_local.xids_visible(xids bigint[])
returns boolean
language sql volatile as $$
  with snap as (select pg_current_snapshot() as s),
  top as (select s, pg_snapshot_xmax(s)::text::bigint as xmax from snap),
  wide as (
    select top.s, top.xmax, ((top.xmax >> 32) << 32) + x.xid as candidate
    from top, unnest(xids) as x(xid)
  )
  select coalesce(bool_and(pg_visible_in_snapshot((
    case
      when candidate - xmax > 2147483648 then candidate - 4294967296
      when xmax - candidate > 2147483648 then candidate + 4294967296
      else candidate
    end)::text::xid8, s)), true)
  from wide
$$;

revoke all on function _supabase_local.xids_visible(bigint[]) from public;
grant execute on function _supabase_local.xids_visible(bigint[]) to authenticator;

-- realtime_visible_rows as in 32-realtime-rls.sql, waiting through xids_visible.
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
    exit when _supabase_local.xids_visible(xids);
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
