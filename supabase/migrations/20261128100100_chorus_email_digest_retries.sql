-- Notification emails, continued (see *_chorus_notifications_email.sql, *_dnd.sql, *_vault.sql):
-- no digest is lost. Until now the job deleted the due rows from the queue when it made a batch
-- (and deleted them by running its "first N due" query a second time, which need not return the
-- rows it had read), and the function claimed the batch once: if SMTP failed after the claim,
-- the function answered 502 and the digest was gone.
--
-- Now a queue row stays until its email is sent:
-- 1. The job picks the due rows once (their ids, locked, skipping rows another run holds), drops
--    exactly those of them no longer worth an email (read, deleted, muted, emails off, ...), and
--    leases the rest to one batch per person (batch_id, lease_until: 10 minutes) before posting
--    the batch to the function. A lease that runs out (the function was never reached, or died)
--    frees its rows for a later run.
-- 2. claim_notification_email (once per batch, as before) checks each leased row again (still
--    unread, not deleted, still wanted), drops those that are not, counts an attempt on the rest,
--    renews their lease, and returns them with their queue ids.
-- 3. After a successful send the function calls acknowledge_notification_email, which deletes
--    exactly the rows it was given (by id, and only while still leased to that batch).
-- 4. After a failed send it calls release_notification_email: the rows are due again after a
--    backoff of 1, 2, 4, 8 ... minutes (2^(attempts-1)), with the error kept (last_error); after
--    the 8th failed attempt they are given up (failed_at set, kept a week for inspection, then
--    dropped by the job), which the function logs.

alter table private.email_queue
  add column batch_id uuid,
  add column lease_until timestamptz,
  add column attempts integer not null default 0,
  add column last_error text,
  add column failed_at timestamptz;

create index email_queue_batch on private.email_queue (batch_id) where batch_id is not null;

alter table private.email_batches add column sent_at timestamptz;

-- The queue rows among p_ids still worth an email (not given up, the person still in the
-- workspace and channel, not muted, not at 'nothing', emails on, the message not deleted and
-- unread), and with p_skip_held not held by Do Not Disturb now either.
create function private.wanted_emails(p_ids bigint[], p_skip_held boolean)
returns setof private.email_queue
language sql stable security definer set search_path = '' as $$
  select q.*
  from private.email_queue q
  join public.channels c on c.id = q.channel_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = q.user_id
  join public.workspace_members wm on wm.workspace_id = q.workspace_id and wm.user_id = q.user_id
    and wm.left_at is null
  join public.messages m on m.id = q.message_id and m.deleted_at is null
  left join public.notification_defaults d on d.workspace_id = q.workspace_id
    and d.user_id = q.user_id
  left join public.notification_settings s on s.user_id = q.user_id
  left join public.thread_members tm on tm.thread_id = q.thread_id and tm.user_id = q.user_id
  where q.id = any (p_ids) and q.failed_at is null
    and not cm.muted
    and coalesce(cm.notify_level,
      case when c.kind = 'dm' then 'all' else coalesce(d.level, 'mentions') end) <> 'nothing'
    and coalesce(s.email_enabled, true)
    and case when q.thread_id is null then cm.last_read_seq < q.seq
      else coalesce(tm.last_read_seq, 0) < q.seq end
    and not (p_skip_held and coalesce(private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end,
      s.dnd_time_zone, s.snooze_until, now()), false))
$$;

-- What is due now, as the job sees it: the free due rows (not leased, not given up), at most
-- p_limit of them, the longest due first, still worth an email and not held by DND.
create or replace function private.due_notification_emails(p_limit integer default 500)
returns setof private.email_queue
language sql stable security definer set search_path = '' as $$
  select w.*
  from private.wanted_emails(array(
    select q.id from private.email_queue q
    where q.due_at <= now() and q.failed_at is null
      and (q.lease_until is null or q.lease_until < now())
    order by q.due_at, q.id
    limit p_limit
  ), true) w
  order by w.due_at, w.id
$$;

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
-- or does not exist. { email, display_name, unsubscribe_token, ids: [queue row ids], items: [{
-- message_id, channel_id, workspace_id, workspace_name, channel_name, channel_kind, author_name,
-- body, created_at }] }: the rows leased to the batch still worth an email, each counted as an
-- attempt and leased for another 10 minutes (the others leave the queue).
create or replace function public.claim_notification_email(p_batch_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  b private.email_batches;
  leased bigint[];
  wanted bigint[];
begin
  update private.email_batches set claimed_at = now()
  where id = p_batch_id and claimed_at is null
  returning * into b;
  if not found then
    return null;
  end if;
  leased := array(
    select q.id from private.email_queue q
    where q.batch_id = p_batch_id and q.failed_at is null
    order by q.id
    for update
  );
  wanted := array(select w.id from private.wanted_emails(leased, false) w order by w.id);
  delete from private.email_queue q where q.id = any (leased) and not (q.id = any (wanted));
  update private.email_queue q
  set attempts = q.attempts + 1, lease_until = now() + interval '10 minutes'
  where q.id = any (wanted);
  return (
    select jsonb_build_object(
      'email', u.email,
      'display_name', p.display_name,
      'unsubscribe_token', s.email_token,
      'ids', to_jsonb(wanted),
      'items', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'message_id', m.id, 'channel_id', m.channel_id, 'workspace_id', c.workspace_id,
          'workspace_name', w.name, 'channel_name', c.name, 'channel_kind', c.kind,
          'author_name', a.display_name, 'body', m.body, 'created_at', m.created_at
        ) order by q.id), '[]'::jsonb)
        from private.email_queue q
        join public.messages m on m.id = q.message_id
        join public.channels c on c.id = m.channel_id
        join public.workspaces w on w.id = c.workspace_id
        left join public.profiles a on a.id = m.author_id
        where q.id = any (wanted)
      )
    )
    from auth.users u
    join public.profiles p on p.id = u.id
    left join public.notification_settings s on s.user_id = u.id
    where u.id = b.user_id
  );
end
$$;

-- For the Edge Function (service_role), after the mail was sent: the rows it claimed (p_ids, as
-- claim_notification_email returned them) leave the queue, those still leased to the batch only.
-- Returns how many left.
create function public.acknowledge_notification_email(p_batch_id uuid, p_ids bigint[])
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  gone integer;
begin
  if p_batch_id is null or p_ids is null then
    raise exception using errcode = '22023', message = 'p_batch_id and p_ids are required.';
  end if;
  delete from private.email_queue q where q.batch_id = p_batch_id and q.id = any (p_ids);
  get diagnostics gone = row_count;
  update private.email_batches set sent_at = now() where id = p_batch_id;
  return gone;
end
$$;

-- For the Edge Function (service_role), after the mail failed: the rows (p_ids, still leased to
-- the batch) are due again after 2^(attempts-1) minutes, or given up after the 8th attempt.
-- Returns { retrying, gave_up, attempts, next_attempt_at }.
create function public.release_notification_email(
  p_batch_id uuid, p_ids bigint[], p_error text default null
)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  unit constant interval := interval '1 minute';
  max_attempts constant integer := 8;
  result jsonb;
begin
  if p_batch_id is null or p_ids is null then
    raise exception using errcode = '22023', message = 'p_batch_id and p_ids are required.';
  end if;
  with released as (
    update private.email_queue q
    set batch_id = null,
      lease_until = null,
      last_error = left(coalesce(p_error, 'unknown error'), 1000),
      failed_at = case when q.attempts >= max_attempts then now() end,
      due_at = case when q.attempts >= max_attempts then q.due_at
        else now() + unit * power(2, greatest(q.attempts, 1) - 1) end
    where q.batch_id = p_batch_id and q.id = any (p_ids)
    returning q.*
  )
  select jsonb_build_object(
    'retrying', count(*) filter (where failed_at is null),
    'gave_up', count(*) filter (where failed_at is not null),
    'attempts', coalesce(max(attempts), 0),
    'next_attempt_at', min(due_at) filter (where failed_at is null)
  ) into result
  from released;
  return result;
end
$$;

revoke all on function private.wanted_emails(bigint[], boolean) from public, anon, authenticated;
revoke all on function public.acknowledge_notification_email(uuid, bigint[]),
  public.release_notification_email(uuid, bigint[], text) from public, anon, authenticated;
grant execute on function public.acknowledge_notification_email(uuid, bigint[]),
  public.release_notification_email(uuid, bigint[], text) to service_role;
