-- private.notify_decisions answers what the database's jobs do with a message: push it, and mail
-- it (now, held, or no). The browser's alert, which it also answered, is the app's own decision
-- (features/notifications/notify-rule.ts, with my read position for a channel's messages, as
-- they come for a thread's replies); the one table of cases holds the three answers together and
-- runs each against its own side.
drop function private.notify_decisions(uuid[], uuid[], timestamptz);

create function private.notify_decisions(p_user_ids uuid[], p_message_ids uuid[],
  p_at timestamptz default now())
returns table (user_id uuid, message_id uuid, push boolean, email text)
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
    coalesce(f.may and f.level_lets and not f.held and not f.read, false),
    case when coalesce(f.may and f.personal and f.level_lets and f.email_on and not f.read, false)
      then case when f.held then 'held' else 'now' end
      else 'no' end
  from fact f
$$;
revoke all on function private.notify_decisions(uuid[], uuid[], timestamptz)
  from public, anon, authenticated, service_role;
