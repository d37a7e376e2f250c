-- Emails about unread mentions and direct messages, built on Supabase Cron, pg_net and an Edge
-- Function, as on a hosted project:
--
-- 1. A trigger on messages queues, for each person a new message mentions (or every other member
--    of a direct message), a row due after the workspace's email delay (private.email_queue).
-- 2. A cron job (every 10 seconds) runs private.send_due_notification_emails(): it takes the due
--    rows, keeps those still unread (by the read position on any device), not muted, not at
--    level 'nothing', of people with emails on, groups them per person into one batch (a digest)
--    and posts each batch's id to the Edge Function notify-email through pg_net.
-- 3. The function claims the batch (public.claim_notification_email, service_role only: a batch
--    is claimed once, so it is emailed once), and sends one mail through the project's SMTP
--    with a permalink to each message and an unsubscribe link (a token, no sign-in).
--
-- Where the job reaches the function: private.notification_config, rows 'functions_url' (e.g.
-- https://<project-ref>.supabase.co/functions/v1) and 'api_key' (the project's anon or
-- publishable key; the function trusts only the batch id, which it looks up with its own service
-- key). Without both rows the job does nothing. (Hosted projects may keep them in Vault instead;
-- this table works the same everywhere and is not exposed by the API.)

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

create table private.notification_config (
  name text primary key,
  value text not null
);

create table private.email_queue (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  workspace_id uuid not null,
  channel_id uuid not null,
  message_id uuid not null,
  -- A reply kept in its thread is read by the thread's read position (thread_id, seq = its
  -- thread_seq); every other message by the channel's.
  thread_id uuid,
  seq bigint not null,
  due_at timestamptz not null,
  constraint email_queue_once unique (user_id, message_id)
);

create index email_queue_due on private.email_queue (due_at, id);

create table private.email_batches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- [{ message_id, channel_id, workspace_id }] in the order written
  items jsonb not null,
  created_at timestamptz not null default now(),
  request_id bigint,
  claimed_at timestamptz
);

create function private.messages_queue_emails() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.deleted_at is not null then
    return null;
  end if;
  insert into private.email_queue (user_id, workspace_id, channel_id, message_id, thread_id, seq,
    due_at)
  select cm.user_id, c.workspace_id, c.id, new.id,
    case when new.in_channel then null else new.parent_id end, new.seq,
    now() + make_interval(mins => w.email_delay_minutes)
  from public.channels c
  join public.workspaces w on w.id = c.workspace_id
  join public.channel_members cm on cm.channel_id = c.id
  where c.id = new.channel_id and cm.user_id <> new.author_id and not cm.muted
    and (c.kind = 'dm' or cm.user_id = any (new.mentions))
  on conflict on constraint email_queue_once do nothing;
  return null;
end
$$;

create trigger messages_queue_emails
  after insert on public.messages
  for each row execute function private.messages_queue_emails();

-- What is due now, as the job sees it (at most p_limit rows, the longest due first): the queue
-- rows still worth an email. The job's query; also what bench/data-api/notifications.ts times.
create function private.due_notification_emails(p_limit integer default 500)
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
$$;

-- The cron job: due rows become one batch per person, each posted to the Edge Function. Every
-- due row leaves the queue (an email, or nothing because it was read, muted or turned off).
create function private.send_due_notification_emails(p_limit integer default 500)
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

-- For the Edge Function (service_role): the batch's mail, once. Null when it was claimed already
-- or does not exist. { email, display_name, unsubscribe_token, items: [{ message_id, channel_id,
-- workspace_id, workspace_name, channel_name, channel_kind, author_name, body, created_at }] }
create function public.claim_notification_email(p_batch_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  b private.email_batches;
begin
  update private.email_batches set claimed_at = now()
  where id = p_batch_id and claimed_at is null
  returning * into b;
  if not found then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'email', u.email,
      'display_name', p.display_name,
      'unsubscribe_token', s.email_token,
      'items', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'message_id', m.id, 'channel_id', m.channel_id, 'workspace_id', c.workspace_id,
          'workspace_name', w.name, 'channel_name', c.name, 'channel_kind', c.kind,
          'author_name', a.display_name, 'body', m.body, 'created_at', m.created_at
        ) order by i.ord), '[]'::jsonb)
        from jsonb_array_elements(b.items) with ordinality as i (item, ord)
        join public.messages m on m.id = (i.item ->> 'message_id')::uuid
        join public.channels c on c.id = m.channel_id
        join public.workspaces w on w.id = c.workspace_id
        left join public.profiles a on a.id = m.author_id
      )
    )
    from auth.users u
    join public.profiles p on p.id = u.id
    left join public.notification_settings s on s.user_id = u.id
    where u.id = b.user_id
  );
end
$$;

revoke all on function private.messages_queue_emails(), private.due_notification_emails(integer),
  private.send_due_notification_emails(integer) from public, anon, authenticated;
revoke all on function public.claim_notification_email(uuid) from public, anon, authenticated;
grant execute on function public.claim_notification_email(uuid) to service_role;
revoke all on private.notification_config, private.email_queue, private.email_batches
  from public, anon, authenticated;

select cron.schedule('chorus-notification-emails', '10 seconds',
  'select private.send_due_notification_emails()');
