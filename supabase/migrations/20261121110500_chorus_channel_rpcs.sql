-- Channel RPCs: create, open a direct message, join, leave, add and remove people, rename,
-- archive, a channel's roster, mark read (the sidebar list is in *_chorus_reads).

-- Adds current workspace members to a channel; anyone else is refused by name.
create function private.add_to_channel(p_channel public.channels, p_user_ids uuid[])
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  outsiders uuid[];
  added integer;
begin
  select array_agg(u) into outsiders
  from unnest(coalesce(p_user_ids, '{}')) as u
  where not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = p_channel.workspace_id and wm.user_id = u and wm.left_at is null
  );
  if outsiders is not null then
    raise exception using errcode = '22023',
      message = 'Only members of this workspace can be added to its channels.',
      detail = format('Not in this workspace: %s', array_to_string(outsiders, ', ')),
      hint = 'Invite them to the workspace first.';
  end if;
  insert into public.channel_members (channel_id, user_id)
  select p_channel.id, u from unnest(coalesce(p_user_ids, '{}')) as u
  on conflict (channel_id, user_id) do nothing;
  get diagnostics added = row_count;
  return added;
end
$$;

-- A public or private channel, with the caller and the given people as members.
create function public.create_channel(
  p_workspace_id uuid,
  p_name text,
  p_kind public.channel_kind default 'public',
  p_topic text default '',
  p_member_ids uuid[] default '{}'
) returns public.channels
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  if private.workspace_role(p_workspace_id) is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  if p_kind is null or p_kind = 'dm' then
    raise exception using errcode = '22023',
      message = 'A channel is public or private.', hint = 'Use open_dm() for direct messages.';
  end if;
  insert into public.channels (workspace_id, kind, name, topic, created_by)
  values (p_workspace_id, p_kind, p_name, coalesce(p_topic, ''), uid)
  returning * into ch;
  insert into public.channel_members (channel_id, user_id) values (ch.id, uid);
  perform private.add_to_channel(ch, p_member_ids);
  return ch;
end
$$;

-- The direct message between the caller and the given people (up to 9 people in all), made on
-- first use; the same set of people always gets the same conversation.
create function public.open_dm(p_workspace_id uuid, p_user_ids uuid[])
returns public.channels
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ids uuid[];
  key text;
  ch public.channels;
begin
  if private.workspace_role(p_workspace_id) is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  select array_agg(distinct u order by u) into ids
  from unnest(array_append(coalesce(p_user_ids, '{}'), uid)) as u
  where u is not null;
  if cardinality(ids) > 9 then
    raise exception using errcode = '22023', message = 'A direct message can have at most 9 people.';
  end if;
  key := array_to_string(ids, ',');
  insert into public.channels (workspace_id, kind, dm_key, created_by)
  values (p_workspace_id, 'dm', key, uid)
  on conflict (workspace_id, dm_key) where kind = 'dm' do nothing
  returning * into ch;
  if ch.id is null then
    select * into ch from public.channels c
    where c.workspace_id = p_workspace_id and c.kind = 'dm' and c.dm_key = key;
  end if;
  perform private.add_to_channel(ch, ids);
  return ch;
end
$$;

-- Joins a public channel of one of the caller's workspaces.
create function public.join_channel(p_channel_id uuid)
returns public.channel_members
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  membership public.channel_members;
begin
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind <> 'public' and not private.is_channel_member(ch.id) then
    raise exception using errcode = '42501',
      message = 'Private channels can only be joined when a member adds you.';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.';
  end if;
  insert into public.channel_members (channel_id, user_id) values (ch.id, uid)
  on conflict (channel_id, user_id) do nothing;
  select * into membership from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = uid;
  return membership;
end
$$;

create function public.leave_channel(p_channel_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  select c.* into ch from public.channels c
  join public.channel_members cm on cm.channel_id = c.id and cm.user_id = uid
  where c.id = p_channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'You are not a member of this channel.';
  end if;
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'You cannot leave a direct message.';
  end if;
  if ch.is_default then
    raise exception using errcode = '22023',
      message = format('Everyone in the workspace is in #%s; it cannot be left.', ch.name);
  end if;
  delete from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = uid;
end
$$;

-- Members of a channel add people of the workspace to it (admins also to public channels they
-- are not in). Direct messages keep their people: open another one instead.
create function public.add_channel_members(p_channel_id uuid, p_user_ids uuid[])
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind = 'dm' then
    raise exception using errcode = '22023',
      message = 'People cannot be added to a direct message.', hint = 'Start a new one with everyone.';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.';
  end if;
  if not private.is_channel_member(ch.id) and not private.is_workspace_admin(ch.workspace_id) then
    raise exception using errcode = '42501', message = 'Only members of this channel can add people to it.';
  end if;
  return private.add_to_channel(ch, p_user_ids);
end
$$;

-- The channel's creator and workspace admins remove people (not from the default channel or a
-- direct message). Removing yourself is leaving.
create function public.remove_channel_member(p_channel_id uuid, p_user_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  if p_user_id = uid then
    perform public.leave_channel(p_channel_id);
    return;
  end if;
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind = 'dm' or ch.is_default then
    raise exception using errcode = '22023', message = 'Nobody can be removed from this conversation.';
  end if;
  if ch.created_by is distinct from uid and not private.is_workspace_admin(ch.workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only the channel''s creator or a workspace admin can remove people.';
  end if;
  delete from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = p_user_id;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not in this channel.';
  end if;
end
$$;

-- Why the caller could not change a channel (the update policy only says "no rows").
create function private.refuse_channel_change(p_channel_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  ch public.channels;
begin
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'Direct messages cannot be renamed or archived.';
  end if;
  raise exception using errcode = '42501',
    message = 'Only members of this channel can change it (and workspace admins, for public channels).';
end
$$;

-- Rename and/or set the topic (null leaves a field as it is). Runs as the caller: the update
-- policy and the channel trigger decide.
create function public.update_channel(p_channel_id uuid, p_name text default null, p_topic text default null)
returns public.channels
language plpgsql volatile set search_path = '' as $$
declare
  ch public.channels;
begin
  update public.channels c
  set name = coalesce(p_name, c.name), topic = coalesce(p_topic, c.topic)
  where c.id = p_channel_id
  returning * into ch;
  if not found then
    perform private.refuse_channel_change(p_channel_id);
  end if;
  return ch;
end
$$;

create function public.archive_channel(p_channel_id uuid, p_archived boolean default true)
returns public.channels
language plpgsql volatile set search_path = '' as $$
declare
  ch public.channels;
begin
  update public.channels c
  set archived_at = case when coalesce(p_archived, true) then coalesce(c.archived_at, now()) end
  where c.id = p_channel_id
  returning * into ch;
  if not found then
    perform private.refuse_channel_change(p_channel_id);
  end if;
  return ch;
end
$$;

-- Who is in a channel the caller can see (for the members panel and @mention autocomplete).
create function public.channel_roster(p_channel_id uuid)
returns table (
  user_id uuid,
  display_name text,
  avatar_path text,
  role public.workspace_role,
  joined_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select p.id, p.display_name, p.avatar_path, wm.role, cm.joined_at
  from public.channel_members cm
  join public.profiles p on p.id = cm.user_id
  join public.workspace_members wm on wm.workspace_id = cm.workspace_id and wm.user_id = cm.user_id
  where cm.channel_id = p_channel_id and p_channel_id in (select private.visible_channel_ids())
  order by lower(p.display_name), p.id
$$;

-- Moves the caller's read position forward to p_seq (default: the latest message); returns it.
create function public.mark_read(p_channel_id uuid, p_seq bigint default null)
returns bigint
language plpgsql volatile set search_path = '' as $$
declare
  v_position bigint;
begin
  update public.channel_members cm
  set last_read_seq = coalesce(p_seq, (select c.last_seq from public.channels c where c.id = cm.channel_id))
  where cm.channel_id = p_channel_id and cm.user_id = (select auth.uid())
    and cm.last_read_seq < coalesce(p_seq, (select c.last_seq from public.channels c where c.id = cm.channel_id))
  returning cm.last_read_seq into v_position;
  if not found then
    select cm.last_read_seq into v_position from public.channel_members cm
    where cm.channel_id = p_channel_id and cm.user_id = (select auth.uid());
    if not found then
      raise exception using errcode = '22023', message = 'You are not a member of this channel.';
    end if;
  end if;
  return v_position;
end
$$;
