-- What the re-check of private channels read (backend/src/realtime/socket/recheck.ts), and
-- whether it changed since. A round evaluates the read policies of every open private channel;
-- once it has, policy_reads() names the tables its transaction scanned (pg_stat_xact_all_tables:
-- the policies' tables, and those of every function they called, whatever its owner), and
-- policy_fingerprint() sums up their rows as the round's snapshot saw them. While the
-- fingerprint is the same, the policies would read the same rows and give the same answers, so
-- the next round is skipped: a commit elsewhere (a message sent, a read position moved) costs
-- one fingerprint, not one policy check per channel.
--
-- A table's fingerprint is its row count and the sum of a hash of each row's location and
-- creating transaction (ctid, xmin): an insert, an update and a delete each change the set of
-- (ctid, xmin) of the visible rows. Summing costs about a microsecond a row, a check about
-- 0.2 ms: tables of more rows than `max_rows` (the stack passes 500 per open channel, about what
-- a round would cost) are not summed, and their fingerprint is never the same twice (a round
-- after every commit, as without this); nor when track_counts is off (the tables read are not
-- known). realtime.messages is left out:
-- the round's own probes are written there and rolled back. The policies of realtime.messages and
-- the functions of the database are summed too, so that a changed policy is asked at once.

-- A backend's scan counts of the current transaction include earlier transactions' until they
-- are flushed (at most once a second): the round takes them before its checks, and the tables
-- read are those whose counts grew.
create or replace function _supabase_local.scan_counts()
returns jsonb
language sql volatile security definer set search_path = '' as $$
  select coalesce(jsonb_object_agg(s.relid::text, coalesce(s.seq_scan, 0) + coalesce(s.idx_scan, 0)), '{}')
  from pg_catalog.pg_stat_xact_all_tables s
  where coalesce(s.seq_scan, 0) + coalesce(s.idx_scan, 0) > 0
$$;

create or replace function _supabase_local.policy_reads(before jsonb)
returns oid[]
language sql volatile security definer set search_path = '' as $$
  select coalesce(array_agg(s.relid order by s.relid), '{}')
  from pg_catalog.pg_stat_xact_all_tables s
  where coalesce(s.seq_scan, 0) + coalesce(s.idx_scan, 0)
      > coalesce((before ->> s.relid::text)::bigint, 0)
    and s.schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')
    and s.relid <> 'realtime.messages'::regclass
$$;

create or replace function _supabase_local.policy_fingerprint(relids oid[], max_rows bigint)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  _relid oid;
  _rows bigint := 0;
  _part text;
  _parts text[] := '{}';
begin
  -- Without counts the tables read are not known: never the same twice.
  if not current_setting('track_counts')::boolean then
    return 'untracked ' || pg_catalog.clock_timestamp()::text;
  end if;
  select coalesce(sum(case when c.reltuples >= 0 then c.reltuples::bigint
                           else pg_catalog.pg_relation_size(c.oid) / 100 end), 0)
  into _rows from pg_catalog.pg_class c where c.oid = any(relids);
  if _rows > max_rows then
    return 'large ' || pg_catalog.clock_timestamp()::text;
  end if;
  foreach _relid in array relids loop
    if not exists (select 1 from pg_catalog.pg_class c where c.oid = _relid) then
      _part := 'gone';
    else
      execute format(
        'select count(*)::text || '':'' || coalesce(sum(pg_catalog.hashtextextended(ctid::text || '' '' || xmin::text, 0)), 0)::text from %s',
        _relid::regclass
      ) into _part;
    end if;
    _parts := _parts || (_relid::text || '=' || _part);
  end loop;
  select count(*)::text || ':' || coalesce(sum(pg_catalog.hashtextextended(p.ctid::text || ' ' || p.xmin::text, 0)), 0)::text
  into _part from pg_catalog.pg_policy p where p.polrelid = 'realtime.messages'::regclass;
  _parts := _parts || ('policies=' || _part);
  select count(*)::text || ':' || coalesce(sum(pg_catalog.hashtextextended(f.ctid::text || ' ' || f.xmin::text, 0)), 0)::text
  into _part from pg_catalog.pg_proc f
  where f.pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace);
  _parts := _parts || ('functions=' || _part);
  return array_to_string(_parts, ' ');
end
$$;

revoke all on function _supabase_local.scan_counts() from public;
revoke all on function _supabase_local.policy_reads(jsonb) from public;
revoke all on function _supabase_local.policy_fingerprint(oid[], bigint) from public;
grant execute on function _supabase_local.scan_counts() to authenticator;
grant execute on function _supabase_local.policy_reads(jsonb) to authenticator;
grant execute on function _supabase_local.policy_fingerprint(oid[], bigint) to authenticator;
