-- One rule for "should this person be told?" (issue 70, item 2). private.notify_decisions says,
-- for pairs of a person and a message at a time, what each way of telling decides: the browser's
-- alert (as the app's features/notifications/notify-rule.ts decides it live), the push, and the
-- email (sent now, held by Do Not Disturb until it ends, or not at all). The push job
-- (push_wanted, run by run_push_notifications and again by claim_push_batch) and the email job
-- (wanted_emails, run by send_due_notification_emails and claim_notification_email) keep the rows
-- it lets through, instead of each restating the levels, mutes, follows, read position, Do Not
-- Disturb and membership. The level rule itself stays private.push_rule, which the push queue's
-- writer also asks (with "follows" left open: the job decides). One table of cases
-- (supabase/tests/support/notify-cases.json) runs against this and against notify-rule.ts.
--
-- Fixed on the way: an email of a workspace that hides message text carried the text (the
-- switch says "Pushes and emails show only who wrote and where"); the claim now leaves it out.
create function private.notify_decisions(p_user_ids uuid[], p_message_ids uuid[],
  p_at timestamptz default now())
returns table (user_id uuid, message_id uuid, alert boolean, push boolean, email text)
language sql stable security definer set search_path = '' as $$
  with pair as (
    select distinct x.user_id, x.message_id
    from unnest(p_user_ids, p_message_ids) as x(user_id, message_id)
    where x.user_id is not null and x.message_id is not null
  ),
  fact as (
    select p.user_id, p.message_id,
      -- A live message of someone else, to a member of its channel still in the workspace.
      m.id is not null and cm.user_id is not null and wm.user_id is not null
        and m.deleted_at is null and m.removed_at is null
        and m.author_id is distinct from p.user_id as may,
      -- For them in particular: a direct message, or a mention (of them, or an @channel, @here
      -- or group that reached them: messages.mentions holds whom it reached).
      c.kind = 'dm' or p.user_id = any (m.mentions) as personal,
      private.push_rule(cm.notify_level, d.level, c.kind::text, cm.muted,
        c.kind = 'dm' or p.user_id = any (m.mentions), m.parent_id is not null, m.in_channel,
        coalesce(tm.following, false)) as level_lets,
      coalesce(private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, s.dnd_time_zone,
        s.snooze_until, p_at), false) as held,
      -- Read elsewhere: the conversation it is in (the channel, or its thread) read past it.
      case when m.in_channel then cm.last_read_seq >= m.seq
        else coalesce(tm.last_read_seq, 0) >= m.thread_seq end as read,
      coalesce(s.email_enabled, true) as email_on
    from pair p
    left join public.messages m on m.id = p.message_id
    left join public.channels c on c.id = m.channel_id
    left join public.channel_members cm on cm.channel_id = m.channel_id
      and cm.user_id = p.user_id
    left join public.workspace_members wm on wm.workspace_id = c.workspace_id
      and wm.user_id = p.user_id and wm.left_at is null and wm.suspended_at is null
    left join public.notification_defaults d on d.workspace_id = c.workspace_id
      and d.user_id = p.user_id
    left join public.notification_settings s on s.user_id = p.user_id
    left join public.thread_members tm on tm.thread_id = m.parent_id and tm.user_id = p.user_id
  )
  select f.user_id, f.message_id,
    coalesce(f.may and f.level_lets and not f.held, false),
    coalesce(f.may and f.level_lets and not f.held and not f.read, false),
    case when coalesce(f.may and f.personal and f.level_lets and f.email_on and not f.read, false)
      then case when f.held then 'held' else 'now' end
      else 'no' end
  from fact f
$$;
revoke all on function private.notify_decisions(uuid[], uuid[], timestamptz)
  from public, anon, authenticated, service_role;

-- The push job's check: a device's row is sent when the decision's push says so.
create or replace function private.push_wanted(p_ids bigint[])
returns setof private.push_queue
language sql stable security definer set search_path = '' as $$
  with queued as (
    select q.* from private.push_queue q where q.id = any (p_ids) and q.failed_at is null
  ),
  messages as (
    select * from queued q where q.kind = 'message'
  )
  select q.* from queued q where q.kind <> 'message'
  union all
  select q.*
  from messages q
  join private.notify_decisions(
    array(select x.user_id from messages x order by x.id),
    array(select x.message_id from messages x order by x.id)) d
    on d.user_id = q.user_id and d.message_id = q.message_id
  where d.push
$$;

-- The email job's check: sent when the decision's email is "now"; one held by Do Not Disturb
-- stays queued (p_skip_held leaves it out of what is sent now).
create or replace function private.wanted_emails(p_ids bigint[], p_skip_held boolean)
returns setof private.email_queue
language sql stable security definer set search_path = '' as $$
  with queued as (
    select q.* from private.email_queue q where q.id = any (p_ids) and q.failed_at is null
  )
  select q.*
  from queued q
  join private.notify_decisions(
    array(select x.user_id from queued x order by x.id),
    array(select x.message_id from queued x order by x.id)) d
    on d.user_id = q.user_id and d.message_id = q.message_id
  where d.email = 'now' or (d.email = 'held' and not p_skip_held)
$$;

-- A workspace that hides message text in notifications: its emails carry who wrote and where,
-- as its pushes do (claim_push_batch), never the text ('body' null, 'hidden' true).
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
      'language', coalesce(
        p.language,
        case when u.raw_user_meta_data ->> 'language' in ('en', 'de', 'ja', 'ar')
          then u.raw_user_meta_data ->> 'language' end
      ),
      'unsubscribe_token', s.email_token,
      'ids', to_jsonb(wanted),
      'items', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'message_id', m.id, 'channel_id', m.channel_id, 'workspace_id', c.workspace_id,
          'workspace_name', w.name, 'channel_name', c.name, 'channel_kind', c.kind,
          'author_name', a.display_name,
          'hidden', coalesce(w.notifications_hide_content, false),
          'body', case when not coalesce(w.notifications_hide_content, false) then m.body end,
          'created_at', m.created_at
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
