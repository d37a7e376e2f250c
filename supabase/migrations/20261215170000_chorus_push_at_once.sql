-- A mention reaches the phone in a second (issue 72, item 5). Until now every push waited for
-- the `chorus-push` job, which runs every 5 seconds, after a delay of `push_delay_seconds` (4):
-- 4.6-5.1 s from sending to the push service. Now:
-- - the delay is only for someone active in the workspace in the last 2 minutes (user_activity,
--   as @here counts it): they may read it on the screen in front of them, and then it is not
--   pushed (the read position wins). Anyone else is due at once;
-- - what is due at once is leased to a batch and posted to push-notify in the same transaction
--   (private.push_now): pg_net sends it when the transaction commits. push-notify claims the batch
--   as before (claim_push_batch checks every row again: read, muted, level, thread follow, Do Not
--   Disturb, still a member), so nothing is pushed that the job would not have pushed;
-- - a "read" push (closing a notification once read elsewhere) goes at once the same way;
-- - a device whose sign-in ended is left to the job, which removes it first, as before;
-- - the job stays as the safety net: what a failed call left (the lease ends after 2 minutes),
--   what was delayed, and retries.

create or replace function private.push_now(p_ids bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  batch uuid;
  leased bigint[];
begin
  if coalesce(cardinality(p_ids), 0) = 0 then
    return;
  end if;
  insert into private.push_batches default values returning id into batch;
  with taken as (
    update private.push_queue q set batch_id = batch, lease_until = now() + interval '2 minutes'
    where q.id = any (p_ids) and q.batch_id is null and q.failed_at is null
      -- A device whose sign-in ended is the job's to remove (private.push_sessions_ended).
      and exists (
        select 1 from public.push_subscriptions s
        where s.id = q.subscription_id and (s.session_id is null or exists (
          select 1 from auth.sessions a where a.id = s.session_id
            and (a.not_after is null or a.not_after > now())))
      )
    returning q.id
  )
  select array_agg(id) into leased from taken;
  if leased is null or not private.call_function('push-notify',
      jsonb_build_object('batch_id', batch), 60000) then
    -- Nothing taken, or no endpoint in Vault: the job sends them.
    update private.push_queue q set batch_id = null, lease_until = null
    where q.id = any (coalesce(leased, '{}'));
    delete from private.push_batches where id = batch;
  end if;
end
$$;
revoke all on function private.push_now(bigint[]) from public, authenticated, service_role;

create or replace function private.written_push(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  delay_seconds integer := coalesce((
    select value::integer from private.notification_config where name = 'push_delay_seconds'
  ), 4);
  due_now bigint[];
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  with queued as (
    insert into private.push_queue (kind, user_id, subscription_id, workspace_id, channel_id,
      message_id, thread_id, seq, due_at)
    select 'message', cm.user_id, s.id, c.workspace_id, c.id, n.id,
      case when n.in_channel then null else n.parent_id end,
      case when n.in_channel then n.seq else n.thread_seq end,
      case when delay_seconds > 0 and exists (
        select 1 from public.user_activity a
        where a.user_id = cm.user_id and a.workspace_id = c.workspace_id
          and a.active_at > now() - interval '2 minutes'
      ) then now() + make_interval(secs => delay_seconds) else now() end
    from unnest(p_new) as n
    join public.channels c on c.id = n.channel_id
    join public.channel_members cm on cm.channel_id = c.id
    join public.push_subscriptions s on s.user_id = cm.user_id
    left join public.notification_defaults d on d.workspace_id = c.workspace_id
      and d.user_id = cm.user_id
    where n.deleted_at is null and cm.user_id <> n.author_id
      and private.push_rule(cm.notify_level, d.level, c.kind::text, cm.muted,
        c.kind = 'dm' or cm.user_id = any (n.mentions), n.parent_id is not null,
        n.in_channel,
        -- Who follows the thread is the job's to decide (the threads handler runs after this
        -- one): any member is queued for a reply.
        true)
    on conflict do nothing
    returning id, due_at
  )
  select array_agg(id) into due_now from queued where due_at <= now();
  perform private.push_now(due_now);
end
$$;

create or replace function private.read_push_cleared(p_user_id uuid, p_channel_id uuid,
  p_thread_id uuid, p_seq bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  cleared integer;
  queued bigint[];
begin
  delete from private.push_unread u
  where u.user_id = p_user_id and u.channel_id = p_channel_id
    and u.thread_id is not distinct from p_thread_id and u.seq <= p_seq;
  get diagnostics cleared = row_count;
  if cleared > 0 then
    with q as (
      insert into private.push_queue (kind, user_id, subscription_id, workspace_id, channel_id,
        thread_id, seq)
      select 'read', p_user_id, s.id, c.workspace_id, p_channel_id, p_thread_id, p_seq
      from public.push_subscriptions s
      join public.channels c on c.id = p_channel_id
      where s.user_id = p_user_id
      returning id
    )
    select array_agg(id) into queued from q;
    perform private.push_now(queued);
  end if;
end
$$;
