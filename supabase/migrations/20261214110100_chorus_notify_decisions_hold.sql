-- The email job holds what Do Not Disturb holds by the one rule's answer (private.notify_decisions:
-- email 'held'), no longer by asking private.dnd_active itself: a due row held is due again when
-- Do Not Disturb ends (a minute from now at most); a due row that no longer wants an email is not
-- held, and leaves the queue in this run.
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
  picked bigint[];
  batch record;
  sent integer := 0;
begin
  if url is null or api_key is null then
    return 0;
  end if;
  delete from private.email_queue where failed_at < now() - interval '7 days';
  -- Due rows that Do Not Disturb holds: due when it ends (a minute from now at most).
  with due as (
    select q.id, q.user_id, q.message_id from private.email_queue q
    where q.due_at <= now() and q.failed_at is null
      and (q.lease_until is null or q.lease_until < now())
  ),
  held as (
    select d.user_id, d.message_id
    from private.notify_decisions(array(select x.user_id from due x order by x.id),
      array(select x.message_id from due x order by x.id)) d
    where d.email = 'held'
  )
  update private.email_queue q
  set due_at = least(private.dnd_ends_at(s.dnd_enabled, s.dnd_start, s.dnd_end,
    s.dnd_time_zone, s.snooze_until, now()), now() + interval '1 minute')
  from due, held, public.notification_settings s
  where q.id = due.id and held.user_id = due.user_id and held.message_id = due.message_id
    and s.user_id = q.user_id;
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
$$;
