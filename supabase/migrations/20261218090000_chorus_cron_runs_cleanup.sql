-- Supabase Cron records every run of every job in cron.job_run_details and never forgets one:
-- Chorus's three 5-second jobs and its 10-second one add about 60,000 rows a day, 22 million a
-- year, on a team's own server as on a hosted project (whose Cron guide asks projects to delete
-- old runs on a schedule, as here). An hourly job drops every job's finished runs older than 7
-- days (it runs as `postgres`, which bypasses the table's row-level security), at most 100,000
-- at a time, so that a server that kept months of them catches up over a few hours rather than
-- in one long delete.

-- Returns how many were dropped.
create function private.forget_old_cron_runs()
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  gone integer;
begin
  delete from cron.job_run_details d
  where d.runid in (
    select o.runid from cron.job_run_details o
    where o.end_time < now() - interval '7 days' and o.status in ('succeeded', 'failed')
    limit 100000
  );
  get diagnostics gone = row_count;
  return gone;
end
$$;

revoke all on function private.forget_old_cron_runs() from public, anon, authenticated, service_role;

select cron.schedule('chorus-cron-runs-cleanup', '53 * * * *', 'select private.forget_old_cron_runs()');
