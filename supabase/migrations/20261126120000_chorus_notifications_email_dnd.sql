-- Notification emails, continued (see *_chorus_notifications_email.sql):
--
-- 1. Do Not Disturb holds emails. A due email of a person whose Do Not Disturb is on now (a
--    snooze, or inside the daily schedule in their time zone, as app/src/features/notifications/
--    rules.ts decides it) stays queued, due again when Do Not Disturb ends (or in a minute at
--    most, so that turning it off early lets them through soon); it is sent then if still
--    unread.
-- 2. A delay in seconds for tests: private.notification_config 'email_delay_seconds', when set,
--    replaces every workspace's email_delay_minutes (only the e2e set-up sets it).
-- 3. The unsubscribe link opens the app (APP_URL/unsubscribe?token=...), which calls
--    public.unsubscribe_email (anon): a token that matches nobody is refused, and so is one whose
--    person has emails off already (the link was used), each with its own message.

-- Whether Do Not Disturb holds alerts at p_at: snoozed, or inside the daily schedule (minutes of
-- the local time in p_zone; an end before the start runs overnight). A zone the server does not
-- know counts as UTC, as rules.ts does.
create function private.dnd_active(
  p_enabled boolean, p_start time, p_end time, p_zone text, p_snooze timestamptz,
  p_at timestamptz
)
returns boolean
language plpgsql stable set search_path = '' as $$
declare
  local_time time;
  s time := date_trunc('minute', p_start);
  e time := date_trunc('minute', p_end);
begin
  if p_snooze is not null and p_snooze > p_at then
    return true;
  end if;
  if not coalesce(p_enabled, false) then
    return false;
  end if;
  begin
    local_time := date_trunc('minute', (p_at at time zone p_zone)::time);
  exception when invalid_parameter_value then
    local_time := date_trunc('minute', (p_at at time zone 'UTC')::time);
  end;
  return case when s < e then local_time >= s and local_time < e
    else local_time >= s or local_time < e end;
end
$$;

-- When Do Not Disturb, on at p_at, lets emails through again: the later of the snooze's end and
-- the schedule's next end (its local end time, today or tomorrow, in p_zone).
create function private.dnd_ends_at(
  p_enabled boolean, p_start time, p_end time, p_zone text, p_snooze timestamptz,
  p_at timestamptz
)
returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  zone text := p_zone;
  local_now timestamp;
  schedule_end timestamptz;
begin
  begin
    local_now := p_at at time zone zone;
  exception when invalid_parameter_value then
    zone := 'UTC';
    local_now := p_at at time zone zone;
  end;
  if private.dnd_active(p_enabled, p_start, p_end, zone, null, p_at) then
    schedule_end := (local_now::date + date_trunc('minute', p_end)
      + case when date_trunc('minute', p_end) <= date_trunc('minute', local_now::time)
          then interval '1 day' else interval '0' end) at time zone zone;
  end if;
  return greatest(case when p_snooze > p_at then p_snooze end, schedule_end, p_at);
end
$$;

create or replace function private.messages_queue_emails() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Tests only (the e2e set-up): a delay in seconds for every workspace.
  delay_seconds integer := (
    select value::integer from private.notification_config where name = 'email_delay_seconds'
  );
begin
  if new.deleted_at is not null then
    return null;
  end if;
  insert into private.email_queue (user_id, workspace_id, channel_id, message_id, thread_id, seq,
    due_at)
  select cm.user_id, c.workspace_id, c.id, new.id,
    case when new.in_channel then null else new.parent_id end, new.seq,
    now() + coalesce(make_interval(secs => delay_seconds),
      make_interval(mins => w.email_delay_minutes))
  from public.channels c
  join public.workspaces w on w.id = c.workspace_id
  join public.channel_members cm on cm.channel_id = c.id
  where c.id = new.channel_id and cm.user_id <> new.author_id and not cm.muted
    and (c.kind = 'dm' or cm.user_id = any (new.mentions))
  on conflict on constraint email_queue_once do nothing;
  return null;
end
$$;

-- What is due now: as before, and not held by the person's Do Not Disturb.
create or replace function private.due_notification_emails(p_limit integer default 500)
returns setof private.email_queue
language sql stable security definer set search_path = '' as $$
  select q.*
  from (
    select * from private.email_queue
    where due_at <= now()
    order by due_at, id
    limit p_limit
  ) q
  join public.channels c on c.id = q.channel_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = q.user_id
  join public.workspace_members wm on wm.workspace_id = q.workspace_id and wm.user_id = q.user_id
    and wm.left_at is null
  join public.messages m on m.id = q.message_id and m.deleted_at is null
  left join public.notification_defaults d on d.workspace_id = q.workspace_id
    and d.user_id = q.user_id
  left join public.notification_settings s on s.user_id = q.user_id
  left join public.thread_members tm on tm.thread_id = q.thread_id and tm.user_id = q.user_id
  where not cm.muted
    and coalesce(cm.notify_level,
      case when c.kind = 'dm' then 'all' else coalesce(d.level, 'mentions') end) <> 'nothing'
    and coalesce(s.email_enabled, true)
    and case when q.thread_id is null then cm.last_read_seq < q.seq
      else coalesce(tm.last_read_seq, 0) < q.seq end
    and not coalesce(private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, s.dnd_time_zone,
      s.snooze_until, now()), false)
$$;

-- The cron job: first the due rows of people in Do Not Disturb become due when it ends (a minute
-- from now at most: it may be turned off sooner); then, as before, the rest become one batch per
-- person, each posted to the Edge Function.
create or replace function private.send_due_notification_emails(p_limit integer default 500)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  url text := (select value from private.notification_config where name = 'functions_url');
  api_key text := (select value from private.notification_config where name = 'api_key');
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

-- The unsubscribe link (the app's /unsubscribe page, or the mail client's one-click POST to the
-- function): no sign-in needed, the token says whose. Returns true; refuses a token that matches
-- nobody, and one whose person has emails off already.
create or replace function public.unsubscribe_email(p_token text)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  was_enabled boolean;
begin
  if p_token is null or p_token = '' then
    raise exception using errcode = '22023', message = 'This unsubscribe link has no token.',
      hint = 'Open the link from the email again, or turn emails off in Chorus, under Notifications.';
  end if;
  select s.email_enabled into was_enabled
  from public.notification_settings s
  where s.email_token = p_token
  for update;
  if not found then
    raise exception using errcode = '22023', message = 'This unsubscribe link is not valid.',
      hint = 'Turn emails off in Chorus, under Notifications.';
  end if;
  if not was_enabled then
    raise exception using errcode = '22023',
      message = 'This unsubscribe link was used already: emails are off.',
      hint = 'Turn them on again in Chorus, under Notifications.';
  end if;
  update public.notification_settings s
  set email_enabled = false, updated_at = now()
  where s.email_token = p_token;
  return true;
end
$$;

revoke all on function
  private.dnd_active(boolean, time, time, text, timestamptz, timestamptz),
  private.dnd_ends_at(boolean, time, time, text, timestamptz, timestamptz)
  from public, anon, authenticated;
