-- The realtime service's row-level security check for postgres_changes: one call tells which
-- changed rows each group of subscribers (one role and one set of JWT claims) may select.
-- The lookup is prepared once per call and executed per group under the group's role and
-- claims, so one generic plan serves every group of a role. `key_sets` are JSON arrays of
-- {"i": row index, "k": [primary key values]}; each group names its key set and its index `g`.
-- Only `authenticator` (the API's login role, which may act as the API roles) may call it.

create or replace function _supabase_local.realtime_visible_rows(check_sql text, key_sets text[], groups jsonb)
returns table (group_index int, row_index int)
language plpgsql volatile as $$
declare
  grp jsonb;
  visible int;
  active_role text := '';
  active_keys int := -1;
begin
  if exists (select 1 from pg_prepared_statements where name = '_realtime_visible_rows') then
    deallocate _realtime_visible_rows;
  end if;
  perform set_config('plan_cache_mode', 'force_generic_plan', true);
  execute 'prepare _realtime_visible_rows as ' || check_sql;
  for grp in select value from jsonb_array_elements(groups) loop
    -- Groups come sorted by role: switching roles is the costly part of a step.
    if grp ->> 'role' <> active_role then
      active_role := grp ->> 'role';
      perform set_config('role', active_role, true), set_config('request.jwt.claim.role', active_role, true);
    end if;
    if (grp ->> 'keys')::int <> active_keys then
      active_keys := (grp ->> 'keys')::int;
      perform set_config('realtime_local.visible_keys', key_sets[active_keys + 1], true);
    end if;
    perform
      set_config('request.jwt.claims', grp ->> 'claims', true),
      set_config('request.jwt.claim.sub', coalesce(grp ->> 'sub', ''), true);
    for visible in execute 'execute _realtime_visible_rows' loop
      group_index := (grp ->> 'g')::int;
      row_index := visible;
      return next;
    end loop;
  end loop;
  perform set_config('role', 'none', true);
  deallocate _realtime_visible_rows;
end
$$;

revoke all on function _supabase_local.realtime_visible_rows(text, text[], jsonb) from public;
grant usage on schema _supabase_local to authenticator;
grant execute on function _supabase_local.realtime_visible_rows(text, text[], jsonb) to authenticator;
