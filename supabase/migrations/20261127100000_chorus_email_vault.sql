-- Notification emails, continued (see *_chorus_notifications_email.sql and *_dnd.sql): the cron
-- job finds the Edge Functions in Supabase Vault, as Supabase's "Scheduling Edge Functions" guide
-- keeps them, instead of private.notification_config:
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the project's publishable key>', 'publishable_key');
--
-- (`npm run deploy` stores both after `supabase db push`; supabase/seed.sql stores the local
-- stack's.) The job posts to project_url + /functions/v1/notify-email with that key; without
-- either secret it does nothing, as before. private.notification_config keeps only the tests'
-- 'email_delay_seconds'; its URL and key rows go.

delete from private.notification_config where name in ('functions_url', 'api_key');

-- As in *_dnd.sql, but with the URL and key from Vault.
create or replace function private.send_due_notification_emails(p_limit integer default 500)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  project_url text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1
  );
  api_key text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key' limit 1
  );
  url text := rtrim(project_url, '/') || '/functions/v1';
  batch record;
  sent integer := 0;
begin
  if url is null or api_key is null then
    return 0;
  end if;
  update private.email_queue q
  set due_at = least(private.dnd_ends_at(s.dnd_enabled, s.dnd_start, s.dnd_end,
    s.dnd_time_zone, s.snooze_until, now()), now() + interval '1 minute')
  from public.notification_settings s
  where q.id in (
      select id from private.email_queue where due_at <= now() order by due_at, id limit p_limit
    )
    and s.user_id = q.user_id
    and private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, s.dnd_time_zone,
      s.snooze_until, now());
  create temporary table if not exists pg_temp.due_emails (like private.email_queue)
    on commit drop;
  insert into pg_temp.due_emails select * from private.due_notification_emails(p_limit);
  delete from private.email_queue q
  where q.id in (
    select id from private.email_queue where due_at <= now() order by due_at, id limit p_limit
  );
  for batch in
    insert into private.email_batches (user_id, items)
    select e.user_id, jsonb_agg(jsonb_build_object('message_id', e.message_id,
      'channel_id', e.channel_id, 'workspace_id', e.workspace_id) order by e.id)
    from pg_temp.due_emails e
    group by e.user_id
    returning id, user_id
  loop
    -- The unsubscribe link's token lives in the person's settings row.
    insert into public.notification_settings (user_id) values (batch.user_id)
    on conflict (user_id) do nothing;
    update private.email_batches set request_id = net.http_post(
      url := rtrim(url, '/') || '/notify-email',
      body := jsonb_build_object('batch_id', batch.id),
      headers := jsonb_build_object('Content-Type', 'application/json',
        'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
      timeout_milliseconds := 10000
    )
    where id = batch.id;
    sent := sent + 1;
  end loop;
  return sent;
end
$$;
