-- One name per feature (issue 51, item 6): the Edge Functions are named after the feature they
-- serve (its app folder, app/src/features/<feature>), as `<feature>` or `<feature>-<what>`:
-- slack-import is now imports, workspace-export exports, link-preview link-previews, notify-email
-- notifications-email, notify-push push-notify, invite-by-email workspaces-invite (the app calls
-- that one; the database does not). The functions that call them by name through pg_net are
-- restated whole as they are in force (supabase/schema/), with only the name changed: the export
-- and import kicks, the link previews' request, the email job's Vault check and its posts, and
-- the push job. npm run deploy deletes the old names from a hosted project
-- (scripts/deploy/plan.ts, RETIRED_FUNCTIONS).

CREATE OR REPLACE FUNCTION private.kick_export(p_export_id uuid)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.call_function('exports', jsonb_build_object('export_id', p_export_id), 300000)
$function$;

CREATE OR REPLACE FUNCTION private.kick_import(p_import uuid)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.call_function('imports', jsonb_build_object('import_id', p_import), 300000)
$function$;

CREATE OR REPLACE FUNCTION private.request_link_previews(p_message_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  endpoint record;
  message_id uuid;
begin
  if coalesce(cardinality(p_message_ids), 0) = 0 then
    return;
  end if;
  select * into endpoint from private.function_endpoint('link-previews');
  if endpoint.project_url is null then
    return;
  end if;
  foreach message_id in array p_message_ids loop
    perform net.http_post(
      url := rtrim(endpoint.project_url, '/') || '/functions/v1/link-previews',
      body := jsonb_build_object('message_id', message_id),
      headers := jsonb_build_object('Content-Type', 'application/json',
        'Authorization', 'Bearer ' || endpoint.api_key, 'apikey', endpoint.api_key),
      timeout_milliseconds := 30000
    );
  end loop;
end
$function$;

CREATE OR REPLACE FUNCTION private.run_notification_emails()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (
    select 1 from private.email_queue q
    where q.due_at <= now() and q.failed_at is null
      and (q.lease_until is null or q.lease_until < now())
  ) then
    perform private.function_endpoint('notifications-email');
  end if;
  return private.send_due_notification_emails();
end
$function$;

CREATE OR REPLACE FUNCTION private.send_due_notification_emails(p_limit integer DEFAULT 500)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  project_url text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1
  );
  api_key text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key' limit 1
  );
  url text := rtrim(project_url, '/') || '/functions/v1';
  picked bigint[];
  batch record;
  sent integer := 0;
begin
  if url is null or api_key is null then
    return 0;
  end if;
  delete from private.email_queue where failed_at < now() - interval '7 days';
  -- Due rows of people in Do Not Disturb: due when it ends (a minute from now at most).
  update private.email_queue q
  set due_at = least(private.dnd_ends_at(s.dnd_enabled, s.dnd_start, s.dnd_end,
    s.dnd_time_zone, s.snooze_until, now()), now() + interval '1 minute')
  from public.notification_settings s
  where q.due_at <= now() and q.failed_at is null
    and (q.lease_until is null or q.lease_until < now())
    and s.user_id = q.user_id
    and private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, s.dnd_time_zone,
      s.snooze_until, now());
  -- The rows this run reads, once.
  picked := array(
    select q.id from private.email_queue q
    where q.due_at <= now() and q.failed_at is null
      and (q.lease_until is null or q.lease_until < now())
    order by q.due_at, q.id
    limit p_limit
    for update skip locked
  );
  create temporary table if not exists pg_temp.due_emails (like private.email_queue)
    on commit drop;
  insert into pg_temp.due_emails select * from private.wanted_emails(picked, true);
  -- Exactly the rows read that no longer want an email leave the queue.
  delete from private.email_queue q
  where q.id = any (picked)
    and q.id not in (select w.id from private.wanted_emails(picked, false) w);
  for batch in
    insert into private.email_batches (user_id, items)
    select e.user_id, jsonb_agg(jsonb_build_object('message_id', e.message_id,
      'channel_id', e.channel_id, 'workspace_id', e.workspace_id) order by e.id)
    from pg_temp.due_emails e
    group by e.user_id
    returning id, user_id
  loop
    update private.email_queue q
    set batch_id = batch.id, lease_until = now() + interval '10 minutes'
    where q.id in (select e.id from pg_temp.due_emails e where e.user_id = batch.user_id);
    -- The unsubscribe link's token lives in the person's settings row.
    insert into public.notification_settings (user_id) values (batch.user_id)
    on conflict (user_id) do nothing;
    update private.email_batches set request_id = net.http_post(
      url := rtrim(url, '/') || '/notifications-email',
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
$function$;

CREATE OR REPLACE FUNCTION private.run_push_notifications(p_limit integer DEFAULT 500)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  picked bigint[];
  wanted bigint[];
  batch uuid;
begin
  delete from private.push_queue where failed_at < now() - interval '7 days';
  delete from private.push_batches where created_at < now() - interval '7 days';
  picked := array(
    select q.id from private.push_queue q
    where q.due_at <= now() and q.failed_at is null
      and (q.lease_until is null or q.lease_until < now())
    order by q.due_at, q.id
    limit p_limit
    for update skip locked
  );
  if cardinality(picked) = 0 then
    return 0;
  end if;
  wanted := array(select w.id from private.push_wanted(picked) w);
  delete from private.push_queue q where q.id = any (picked) and not (q.id = any (wanted));
  if cardinality(wanted) = 0 then
    return 0;
  end if;
  insert into private.push_batches default values returning id into batch;
  update private.push_queue q set batch_id = batch, lease_until = now() + interval '2 minutes'
  where q.id = any (wanted);
  if not private.call_function('push-notify', jsonb_build_object('batch_id', batch), 60000) then
    -- No endpoint in Vault (function_endpoint warned): free the rows for a later run.
    update private.push_queue q set batch_id = null, lease_until = null where q.id = any (wanted);
    delete from private.push_batches where id = batch;
    return 0;
  end if;
  return cardinality(wanted);
end
$function$;
