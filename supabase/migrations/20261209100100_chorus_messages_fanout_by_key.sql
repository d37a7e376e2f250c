-- Two triggers of every message that read each member of the channel to find the few they want:
-- in a channel of 1,000 members, about a tenth of send_message()'s database time each.
--
-- private.guests_of_channel() (live_channels, at each channel move; live_channel_members) joined
-- every membership of the channel to its workspace membership to keep the guests. It now starts
-- from the guests of the channel's workspace, by a partial index that holds only guests (few,
-- where any), and looks up their membership of the channel (in plpgsql, its plan kept). The same
-- people: a membership's workspace is its channel's (the foreign key channel_members_channel).
--
-- private.messages_queue_emails() queues a mail for each member a message mentions, or for every
-- member in a DM: a message in a channel that mentions nobody queues nothing, and now returns
-- before reading the channel's members.

create index workspace_members_guests on public.workspace_members (workspace_id, user_id)
  where role = 'guest' and left_at is null;

create or replace function private.guests_of_channel(p_channel_id uuid) returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return query
    select wm.user_id
    from public.channels c
    join public.workspace_members wm on wm.workspace_id = c.workspace_id
    join public.channel_members cm
      on cm.channel_id = c.id and cm.user_id = wm.user_id and cm.workspace_id = wm.workspace_id
    where c.id = p_channel_id and wm.role = 'guest' and wm.left_at is null;
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
  if private.importing() then
    return null;
  end if;
  if new.deleted_at is not null then
    return null;
  end if;
  -- Nobody mentioned outside a DM: no one to mail.
  if cardinality(new.mentions) = 0 and not exists (
    select 1 from public.channels c where c.id = new.channel_id and c.kind = 'dm'
  ) then
    return null;
  end if;
  insert into private.email_queue (user_id, workspace_id, channel_id, message_id, thread_id, seq,
    due_at)
  select cm.user_id, c.workspace_id, c.id, new.id,
    case when new.in_channel then null else new.parent_id end,
    case when new.in_channel then new.seq else new.thread_seq end,
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
