-- Outgoing events, continued (see *_chorus_outgoing_events.sql): deliveries are kept a week. Every
-- event of every subscription is a row, so without an end the table would grow with every
-- message; the Settings screen shows only the latest 20 per subscription. An hourly job drops
-- the delivered and failed ones older than 7 days (pending and retrying ones stay until they end).

create index event_deliveries_finished on public.event_deliveries (created_at)
  where status in ('delivered', 'failed');

-- Returns how many were dropped.
create function private.forget_old_event_deliveries()
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  gone integer;
begin
  delete from public.event_deliveries d
  where d.status in ('delivered', 'failed') and d.created_at < now() - interval '7 days';
  get diagnostics gone = row_count;
  return gone;
end
$$;

revoke all on function private.forget_old_event_deliveries() from public, anon, authenticated;

select cron.schedule('chorus-outgoing-events-cleanup', '17 * * * *',
  'select private.forget_old_event_deliveries()');
