-- Guests (issue 35, part 3), live: a guest may not join the workspace's live topic (it carries
-- every public channel and every person), so what they may read of it comes to their own topic
-- (`live:user:<id>`): the changes of the public channels they are in and of their rosters, of
-- the workspace itself, and of the profiles and statuses of the people of their channels.

-- The guests of a channel, of a workspace, or who share a channel with a person.
create function private.guests_of_channel(p_channel_id uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select cm.user_id
  from public.channel_members cm
  join public.workspace_members wm
    on wm.workspace_id = cm.workspace_id and wm.user_id = cm.user_id
  where cm.channel_id = p_channel_id and wm.left_at is null and wm.role = 'guest'
$$;

create function private.guests_of_workspace(p_workspace_id uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.user_id from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.left_at is null and wm.role = 'guest'
$$;

create function private.guests_near(p_user_id uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select distinct g.user_id
  from public.channel_members mine
  join public.channel_members g on g.channel_id = mine.channel_id and g.user_id <> p_user_id
  join public.workspace_members wm
    on wm.workspace_id = g.workspace_id and wm.user_id = g.user_id
  where mine.user_id = p_user_id and wm.left_at is null and wm.role = 'guest'
$$;

revoke all on function private.guests_of_channel(uuid) from public, anon, authenticated;
revoke all on function private.guests_of_workspace(uuid) from public, anon, authenticated;
revoke all on function private.guests_near(uuid) from public, anon, authenticated;

create or replace function private.live_channels() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ch public.channels;
begin
  if tg_op = 'DELETE' then ch := old; else ch := new; end if;
  if ch.kind = 'public' then
    perform private.live_send('live:workspace:' || ch.workspace_id::text, 'channels', tg_op, to_jsonb(ch));
    perform private.live_send('live:user:' || g::text, 'channels', tg_op, to_jsonb(ch))
    from private.guests_of_channel(ch.id) g;
  else
    perform private.live_send_to_members(ch.id, 'channels', tg_op, to_jsonb(ch));
  end if;
  return null;
end
$$;

create or replace function private.live_channel_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.channel_members;
  kind public.channel_kind;
  roster jsonb;
begin
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  perform private.live_send('live:user:' || m.user_id::text, 'channel_members', tg_op, to_jsonb(m));
  if tg_op = 'UPDATE' then
    return null;
  end if;
  roster := jsonb_build_object('channel_id', m.channel_id, 'user_id', m.user_id, 'joined_at', m.joined_at);
  select c.kind into kind from public.channels c where c.id = m.channel_id;
  if kind = 'public' then
    perform private.live_send('live:workspace:' || m.workspace_id::text, 'channel_roster', tg_op, roster);
    perform private.live_send('live:user:' || g::text, 'channel_roster', tg_op, roster)
    from private.guests_of_channel(m.channel_id) g
    where g <> m.user_id;
  elsif kind is not null then
    perform private.live_send_to_members(m.channel_id, 'channel_roster', tg_op, roster, m.user_id);
  end if;
  return null;
end
$$;

create or replace function private.live_workspaces() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  w public.workspaces;
begin
  if tg_op = 'DELETE' then w := old; else w := new; end if;
  perform private.live_send('live:workspace:' || w.id::text, 'workspaces', tg_op, to_jsonb(w));
  perform private.live_send('live:user:' || g::text, 'workspaces', tg_op, to_jsonb(w))
  from private.guests_of_workspace(w.id) g;
  return null;
end
$$;

create or replace function private.live_profiles() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:user:' || new.id::text, 'profiles', tg_op, to_jsonb(new));
  perform private.live_send('live:workspace:' || wm.workspace_id::text, 'profiles', tg_op, to_jsonb(new))
  from public.workspace_members wm
  where wm.user_id = new.id;
  perform private.live_send('live:user:' || g::text, 'profiles', tg_op, to_jsonb(new))
  from private.guests_near(new.id) g;
  return null;
end
$$;

create or replace function private.live_user_statuses() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  s public.user_statuses;
begin
  if tg_op = 'DELETE' then s := old; else s := new; end if;
  perform private.live_send('live:user:' || s.user_id::text, 'user_statuses', tg_op, to_jsonb(s));
  perform private.live_send('live:workspace:' || wm.workspace_id::text, 'user_statuses', tg_op, to_jsonb(s))
  from public.workspace_members wm
  where wm.user_id = s.user_id and wm.left_at is null;
  perform private.live_send('live:user:' || g::text, 'user_statuses', tg_op, to_jsonb(s))
  from private.guests_near(s.user_id) g;
  return null;
end
$$;
