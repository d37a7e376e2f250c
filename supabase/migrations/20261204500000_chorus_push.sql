-- Web Push (issue 52, items 2-4): a person turns push on per device; the database decides what
-- each device is sent by the rules the browser notifications and the email digest follow
-- (app/src/features/notifications/rules.ts, *_chorus_notifications_email.sql), and the Edge
-- Function `notify-push` encrypts (RFC 8291) and signs (VAPID) each push with web-push.
--
-- - public.push_subscriptions: one row per device (the browser's PushSubscription: endpoint and
--   keys), with a name and when it was last sent to. Its owner reads and deletes it (RLS);
--   register_push_subscription adds or renews one (an endpoint already known moves to whoever
--   registers it now: the browser is theirs now), test_push_subscription queues a test.
-- - private.push_queue: one row per message and device, queued by a trigger on messages for the
--   channel's members with a device (not the author, not muted, the level and thread rules as far
--   as they are known then), due a few seconds later (`push_delay_seconds` in
--   private.notification_config, default 4): a message read on another device in those seconds
--   is not pushed (the read position wins). The cron job `chorus-push` (every 5 seconds) drops
--   what is no longer wanted (private.push_wanted: read, deleted, muted, level, thread follow,
--   Do Not Disturb, no longer a member), leases the rest to a batch and posts it to notify-push,
--   which claims it once (claim_push_batch) and reports each row back (finish_push_batch): sent;
--   gone (404/410: the device is deleted); retry (429/5xx/network: due again after 10 s, 20 s,
--   40 s ... or the push service's Retry-After, given up after 6 attempts, kept a week with its
--   error); failed (any other answer, kept a week with its error).
-- - Do Not Disturb drops a push (the email digest still tells, after it ends), as Slack does.
-- - private.push_unread: what was pushed and is not read yet, per person and conversation: the
--   count a notification shows ("3 new messages"); when the read position passes it, each of the
--   person's devices is sent a silent "read" push that closes the notification there.
-- - workspaces.notifications_hide_content: pushes carry no message text (the sender and the
--   channel only); owners and admins set it (set_notification_content_hidden).

alter table public.workspaces
  add column notifications_hide_content boolean not null default false;

create or replace function public.set_notification_content_hidden(p_workspace_id uuid,
  p_hidden boolean)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can change what notifications show.';
  end if;
  if p_hidden is null then
    raise exception using errcode = '22023', message = 'Say whether message text is hidden.';
  end if;
  update public.workspaces set notifications_hide_content = p_hidden where id = p_workspace_id;
  return p_hidden;
end
$$;
revoke all on function public.set_notification_content_hidden(uuid, boolean) from public, anon;
grant execute on function public.set_notification_content_hidden(uuid, boolean)
  to authenticated, service_role;

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  device_name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint push_subscriptions_device_name check (char_length(device_name) between 1 and 60)
);
create index push_subscriptions_user on public.push_subscriptions (user_id);
alter table public.push_subscriptions enable row level security;

create policy "push_subscriptions: read own" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "push_subscriptions: delete own" on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.push_subscriptions from anon, authenticated;
grant select, delete on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;

-- Base64url (padded or not) to bytes; null when it is not base64url.
create or replace function private.push_key_bytes(p_text text)
returns bytea
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_text is null or p_text !~ '^[A-Za-z0-9_-]+={0,2}$' then
    return null;
  end if;
  return decode(rpad(translate(rtrim(p_text, '='), '-_', '+/'),
    ((length(rtrim(p_text, '=')) + 3) / 4) * 4, '='), 'base64');
exception when others then
  return null;
end
$$;

create or replace function public.register_push_subscription(p_endpoint text, p_p256dh text,
  p_auth text, p_device_name text)
returns public.push_subscriptions
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  v_name text := left(btrim(regexp_replace(coalesce(p_device_name, ''), '\s+', ' ', 'g')), 60);
  v_key bytea := private.push_key_bytes(p_p256dh);
  result public.push_subscriptions;
begin
  if p_endpoint is null or p_endpoint !~ '^https?://[^\s/?#]+' or length(p_endpoint) > 2048 then
    raise exception using errcode = '22023', message = 'A push endpoint is an https URL.',
      detail = format('Got %s.', coalesce(quote_literal(left(p_endpoint, 80)), 'null'));
  end if;
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    raise exception using errcode = '22023',
      message = 'The p256dh key is a P-256 public key (65 bytes, base64url).';
  end if;
  if length(coalesce(private.push_key_bytes(p_auth), '')) <> 16 then
    raise exception using errcode = '22023',
      message = 'The auth secret is 16 bytes, base64url.';
  end if;
  if v_name = '' then
    v_name := 'This device';
  end if;
  if (select count(*) from public.push_subscriptions s
      where s.user_id = uid and s.endpoint <> p_endpoint) >= 20 then
    raise exception using errcode = '22023',
      message = 'Push is on for 20 devices already: remove one first.';
  end if;
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, device_name)
  values (uid, p_endpoint, p_p256dh, p_auth, v_name)
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      device_name = excluded.device_name,
      created_at = case when s.user_id = excluded.user_id then s.created_at else now() end
  returning * into result;
  return result;
end
$$;
revoke all on function public.register_push_subscription(text, text, text, text)
  from public, anon;
grant execute on function public.register_push_subscription(text, text, text, text)
  to authenticated, service_role;

create table private.push_queue (
  id bigint generated always as identity primary key,
  kind text not null constraint push_queue_kind check (kind in ('message', 'read', 'test')),
  user_id uuid not null,
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  workspace_id uuid,
  channel_id uuid,
  message_id uuid,
  thread_id uuid,
  seq bigint,
  due_at timestamptz not null default now(),
  batch_id uuid,
  lease_until timestamptz,
  attempts integer not null default 0,
  last_error text,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index push_queue_once on private.push_queue (subscription_id, message_id)
  where kind = 'message';
create index push_queue_due on private.push_queue (due_at, id) where failed_at is null;
create index push_queue_batch on private.push_queue (batch_id) where batch_id is not null;
create index push_queue_subscription on private.push_queue (subscription_id);

create table private.push_batches (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  finished_at timestamptz
);

create table private.push_unread (
  user_id uuid not null references public.profiles (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  thread_id uuid,
  message_id uuid not null,
  seq bigint not null,
  pushed_at timestamptz not null default now(),
  primary key (user_id, message_id)
);
create index push_unread_conversation on private.push_unread (user_id, channel_id, thread_id);

create or replace function public.test_push_subscription(p_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
begin
  if not exists (select 1 from public.push_subscriptions s where s.id = p_id and s.user_id = uid)
  then
    raise exception using errcode = '42501', message = 'This device is not one of yours.';
  end if;
  insert into private.push_queue (kind, user_id, subscription_id) values ('test', uid, p_id);
end
$$;
revoke all on function public.test_push_subscription(uuid) from public, anon;
grant execute on function public.test_push_subscription(uuid) to authenticated, service_role;

-- The rule (rules.ts's shouldNotify and shouldNotifyReply): never muted or at "nothing"; a
-- channel message at "all", or one that is personal (a mention of the person, @here, @channel
-- and groups included, or a DM); a reply only in its thread when the person follows the thread
-- or it is personal; a reply also sent to the channel by either rule.
create or replace function private.push_rule(p_level public.notify_level,
  p_default public.notify_level, p_channel_kind text, p_muted boolean, p_personal boolean,
  p_reply boolean, p_in_channel boolean, p_following boolean)
returns boolean
language sql immutable
set search_path = ''
as $$
  select not coalesce(p_muted, false)
    and coalesce(p_level, case when p_channel_kind = 'dm' then 'all'::public.notify_level
      else coalesce(p_default, 'mentions'::public.notify_level) end) <> 'nothing'
    and (
      (p_in_channel and (p_personal or coalesce(p_level, case when p_channel_kind = 'dm'
        then 'all'::public.notify_level else coalesce(p_default, 'mentions'::public.notify_level)
        end) = 'all'))
      or (p_reply and (coalesce(p_following, false) or p_personal))
    )
$$;

create or replace function private.messages_queue_push()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  delay_seconds integer := coalesce((
    select value::integer from private.notification_config where name = 'push_delay_seconds'
  ), 4);
begin
  if private.importing() or new.deleted_at is not null then
    return null;
  end if;
  insert into private.push_queue (kind, user_id, subscription_id, workspace_id, channel_id,
    message_id, thread_id, seq, due_at)
  select 'message', cm.user_id, s.id, c.workspace_id, c.id, new.id,
    case when new.in_channel then null else new.parent_id end,
    case when new.in_channel then new.seq else new.thread_seq end,
    now() + make_interval(secs => delay_seconds)
  from public.channels c
  join public.channel_members cm on cm.channel_id = c.id
  join public.push_subscriptions s on s.user_id = cm.user_id
  left join public.notification_defaults d on d.workspace_id = c.workspace_id
    and d.user_id = cm.user_id
  where c.id = new.channel_id and cm.user_id <> new.author_id
    and private.push_rule(cm.notify_level, d.level, c.kind::text, cm.muted,
      c.kind = 'dm' or cm.user_id = any (new.mentions), new.parent_id is not null,
      new.in_channel,
      -- Who follows the thread may only be known once the reply's own triggers ran: any member
      -- is queued for a reply, and the job decides.
      true)
  on conflict do nothing;
  return null;
end
$$;

create trigger messages_queue_push after insert on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_queue_push();

-- The rows among p_ids still worth sending now.
create or replace function private.push_wanted(p_ids bigint[])
returns setof private.push_queue
language sql stable security definer
set search_path = ''
as $$
  select q.* from private.push_queue q
  where q.id = any (p_ids) and q.failed_at is null and q.kind <> 'message'
  union all
  select q.*
  from private.push_queue q
  join public.channels c on c.id = q.channel_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = q.user_id
  join public.workspace_members wm on wm.workspace_id = q.workspace_id and wm.user_id = q.user_id
    and wm.left_at is null and wm.suspended_at is null
  join public.messages m on m.id = q.message_id and m.deleted_at is null and m.removed_at is null
  left join public.notification_defaults d on d.workspace_id = q.workspace_id
    and d.user_id = q.user_id
  left join public.notification_settings s on s.user_id = q.user_id
  left join public.thread_members tm on tm.thread_id = m.parent_id and tm.user_id = q.user_id
  where q.id = any (p_ids) and q.failed_at is null and q.kind = 'message'
    and private.push_rule(cm.notify_level, d.level, c.kind::text, cm.muted,
      c.kind = 'dm' or q.user_id = any (m.mentions), m.parent_id is not null, m.in_channel,
      coalesce(tm.following, false))
    and case when q.thread_id is null then cm.last_read_seq < q.seq
      else coalesce(tm.last_read_seq, 0) < q.seq end
    and not coalesce(private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, s.dnd_time_zone,
      s.snooze_until, now()), false)
$$;

create or replace function private.run_push_notifications(p_limit integer default 500)
returns integer
language plpgsql security definer
set search_path = ''
as $$
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
  if not private.call_function('notify-push', jsonb_build_object('batch_id', batch), 60000) then
    -- No endpoint in Vault (function_endpoint warned): free the rows for a later run.
    update private.push_queue q set batch_id = null, lease_until = null where q.id = any (wanted);
    delete from private.push_batches where id = batch;
    return 0;
  end if;
  return cardinality(wanted);
end
$$;
revoke all on function private.run_push_notifications(integer) from public, anon, authenticated;
grant execute on function private.run_push_notifications(integer) to service_role;

select cron.schedule('chorus-push', '5 seconds', 'select private.run_push_notifications()');

-- notify-push's claim: once per batch; the rows checked again; what each push says.
create or replace function public.claim_push_batch(p_batch_id uuid)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  leased bigint[];
  wanted bigint[];
begin
  update private.push_batches set claimed_at = now()
  where id = p_batch_id and claimed_at is null;
  if not found then
    return null;
  end if;
  leased := array(
    select q.id from private.push_queue q
    where q.batch_id = p_batch_id and q.failed_at is null
    order by q.id
    for update
  );
  wanted := array(select w.id from private.push_wanted(leased) w);
  delete from private.push_queue q where q.id = any (leased) and not (q.id = any (wanted));
  update private.push_queue q
  set attempts = q.attempts + 1, lease_until = now() + interval '2 minutes'
  where q.id = any (wanted);
  return jsonb_build_object('items', (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id, 'kind', q.kind, 'attempts', q.attempts,
      'subscription', jsonb_build_object('id', s.id, 'endpoint', s.endpoint,
        'p256dh', s.p256dh, 'auth', s.auth),
      'workspace_id', q.workspace_id, 'channel_id', q.channel_id, 'thread_id', q.thread_id,
      'message_id', q.message_id, 'seq', q.seq,
      'workspace_name', w.name, 'channel_name', c.name, 'channel_kind', c.kind,
      'author_name', a.display_name, 'author_avatar_path', a.avatar_path,
      'hidden', coalesce(w.notifications_hide_content, false),
      'body', case when q.kind = 'message' and not coalesce(w.notifications_hide_content, false)
        then m.body end,
      'count', case when q.kind = 'message' then 1 + (
        select count(*) from private.push_unread u
        where u.user_id = q.user_id and u.channel_id = q.channel_id
          and u.thread_id is not distinct from q.thread_id and u.message_id <> q.message_id
      ) end
    ) order by q.id), '[]'::jsonb)
    from private.push_queue q
    join public.push_subscriptions s on s.id = q.subscription_id
    left join public.channels c on c.id = q.channel_id
    left join public.workspaces w on w.id = q.workspace_id
    left join public.messages m on m.id = q.message_id
    left join public.profiles a on a.id = m.author_id
    where q.id = any (wanted)
  ));
end
$$;
revoke all on function public.claim_push_batch(uuid) from public, anon, authenticated;
grant execute on function public.claim_push_batch(uuid) to service_role;

-- notify-push's report. p_retry: [{id, error, after_seconds}], p_failed: [{id, error}].
create or replace function public.finish_push_batch(p_batch_id uuid, p_sent bigint[],
  p_gone bigint[], p_retry jsonb default '[]', p_failed jsonb default '[]')
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  max_attempts constant integer := 6;
  n_gone integer;
  result jsonb;
begin
  if p_batch_id is null then
    raise exception using errcode = '22023', message = 'p_batch_id is required.';
  end if;
  insert into private.push_unread (user_id, channel_id, thread_id, message_id, seq)
  select distinct on (q.user_id, q.message_id) q.user_id, q.channel_id, q.thread_id,
    q.message_id, q.seq
  from private.push_queue q
  where q.batch_id = p_batch_id and q.id = any (coalesce(p_sent, '{}')) and q.kind = 'message'
  on conflict do nothing;
  update public.push_subscriptions s set last_used_at = now()
  where s.id in (select q.subscription_id from private.push_queue q
    where q.batch_id = p_batch_id and q.id = any (coalesce(p_sent, '{}')));
  delete from private.push_queue q
  where q.batch_id = p_batch_id and q.id = any (coalesce(p_sent, '{}'));
  delete from public.push_subscriptions s
  where s.id in (select q.subscription_id from private.push_queue q
    where q.batch_id = p_batch_id and q.id = any (coalesce(p_gone, '{}')));
  get diagnostics n_gone = row_count;
  update private.push_queue q
  set batch_id = null, lease_until = null, last_error = left(coalesce(r.error, 'failed'), 1000),
    failed_at = now()
  from jsonb_to_recordset(coalesce(p_failed, '[]')) as r(id bigint, error text)
  where q.batch_id = p_batch_id and q.id = r.id;
  with retried as (
    update private.push_queue q
    set batch_id = null, lease_until = null,
      last_error = left(coalesce(r.error, 'failed'), 1000),
      failed_at = case when q.attempts >= max_attempts then now() end,
      due_at = now() + greatest(make_interval(secs => coalesce(r.after_seconds, 0)),
        interval '10 seconds' * power(2, greatest(q.attempts, 1) - 1))
    from jsonb_to_recordset(coalesce(p_retry, '[]')) as r(id bigint, error text,
      after_seconds integer)
    where q.batch_id = p_batch_id and q.id = r.id
    returning q.*
  )
  select jsonb_build_object(
    'gone', n_gone,
    'retrying', count(*) filter (where failed_at is null),
    'gave_up', count(*) filter (where failed_at is not null),
    'gave_up_ids', coalesce(jsonb_agg(id) filter (where failed_at is not null), '[]'::jsonb),
    'next_attempt_at', min(due_at) filter (where failed_at is null)
  ) into result
  from retried;
  update private.push_batches set finished_at = now() where id = p_batch_id;
  return result;
end
$$;
revoke all on function public.finish_push_batch(uuid, bigint[], bigint[], jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.finish_push_batch(uuid, bigint[], bigint[], jsonb, jsonb)
  to service_role;

-- Read elsewhere: what was pushed and is now read leaves push_unread, and each device of the
-- person is sent a silent "read" push that closes the conversation's notification.
create or replace function private.read_push_cleared(p_user_id uuid, p_channel_id uuid,
  p_thread_id uuid, p_seq bigint)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  cleared integer;
begin
  delete from private.push_unread u
  where u.user_id = p_user_id and u.channel_id = p_channel_id
    and u.thread_id is not distinct from p_thread_id and u.seq <= p_seq;
  get diagnostics cleared = row_count;
  if cleared > 0 then
    insert into private.push_queue (kind, user_id, subscription_id, workspace_id, channel_id,
      thread_id, seq)
    select 'read', p_user_id, s.id, c.workspace_id, p_channel_id, p_thread_id, p_seq
    from public.push_subscriptions s
    join public.channels c on c.id = p_channel_id
    where s.user_id = p_user_id;
  end if;
end
$$;

create or replace function private.channel_members_read_push()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.read_push_cleared(new.user_id, new.channel_id, null, new.last_read_seq);
  return null;
end
$$;
create trigger channel_members_read_push after update of last_read_seq on public.channel_members
  for each row when (new.last_read_seq > old.last_read_seq)
  execute function private.channel_members_read_push();

create or replace function private.thread_members_read_push()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.read_push_cleared(new.user_id, new.channel_id, new.thread_id,
    new.last_read_seq);
  return null;
end
$$;
create trigger thread_members_read_push after update of last_read_seq on public.thread_members
  for each row when (new.last_read_seq > old.last_read_seq)
  execute function private.thread_members_read_push();

revoke all on function private.push_key_bytes(text), private.push_rule(public.notify_level,
  public.notify_level, text, boolean, boolean, boolean, boolean, boolean),
  private.messages_queue_push(), private.push_wanted(bigint[]),
  private.read_push_cleared(uuid, uuid, uuid, bigint), private.channel_members_read_push(),
  private.thread_members_read_push()
  from public, anon, authenticated, service_role;
