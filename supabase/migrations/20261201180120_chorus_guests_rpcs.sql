-- Guests (issue 35, part 3), the RPCs that decide for guests: create_channel refuses them,
-- open_dm keeps a guest to the people of their channels, set_member_role turns a guest into a
-- member (who joins the default channels) and back, set_guest_kind, and remove_member (admins
-- remove members and guests). The helpers are in *_chorus_guests.sql.


create or replace function public.create_channel(
  p_workspace_id uuid,
  p_name text,
  p_kind public.channel_kind default 'public',
  p_topic text default '',
  p_member_ids uuid[] default '{}'
) returns public.channels
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role := private.workspace_role(p_workspace_id);
  ch public.channels;
begin
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  if mine = 'guest' then
    raise exception using errcode = '42501', message = 'Guests cannot create channels.',
      hint = 'Ask an admin of the workspace.';
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

-- A direct message with a guest in it is only between people who share a channel with them.
create or replace function public.open_dm(p_workspace_id uuid, p_user_ids uuid[])
returns public.channels
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ids uuid[];
  key text;
  ch public.channels;
  strangers uuid[];
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
  select array_agg(distinct o) into strangers
  from unnest(ids) as g, unnest(ids) as o
  where g <> o and private.is_guest(p_workspace_id, g)
    and not private.share_channel(p_workspace_id, g, o);
  if strangers is not null then
    raise exception using errcode = '42501',
      message = 'A guest can only message people who are in one of their channels.',
      detail = format('Not in a channel with the guest: %s', array_to_string(strangers, ', '));
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

-- Roles ----------------------------------------------------------------------------------------

-- Owners and admins change roles; a guest made a member or admin joins the default channels.
create or replace function public.set_member_role(
  p_workspace_id uuid, p_user_id uuid, p_role public.workspace_role
) returns public.workspace_members
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
  was public.workspace_role;
begin
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  if mine not in ('owner', 'admin') then
    raise exception using errcode = '42501', message = 'Only owners and admins can change roles.';
  end if;
  if p_role is null then
    raise exception using errcode = '22023', message = 'Role must be owner, admin, member or guest.';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.';
  end if;
  if mine = 'admin' and (target.role = 'owner' or p_role = 'owner') then
    raise exception using errcode = '42501', message = 'Only owners can make someone an owner or change an owner''s role.';
  end if;
  if target.role = 'owner' and p_role <> 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514',
      message = 'A workspace needs at least one owner.', hint = 'Make someone else an owner first.';
  end if;
  was := target.role;
  update public.workspace_members wm set role = p_role where wm.id = target.id returning * into target;
  if was = 'guest' and p_role <> 'guest' then
    insert into public.channel_members (channel_id, user_id)
    select c.id, p_user_id from public.channels c
    where c.workspace_id = p_workspace_id and c.is_default and c.archived_at is null
    on conflict (channel_id, user_id) do nothing;
  end if;
  return target;
end
$$;

-- A guest's kind: single-channel (one channel at most) or multi-channel. Owners and admins.
create function public.set_guest_kind(p_workspace_id uuid, p_user_id uuid, p_kind text)
returns public.workspace_members
language plpgsql security definer set search_path = '' as $$
declare
  target public.workspace_members;
  was text;
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501', message = 'Only owners and admins can change a guest''s channels.';
  end if;
  if p_kind is null or p_kind not in ('single', 'multi') then
    raise exception using errcode = '22023',
      message = 'A guest is single-channel or multi-channel.', hint = 'Use ''single'' or ''multi''.';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null
  for update;
  if not found or target.role <> 'guest' then
    raise exception using errcode = '22023', message = 'That person is not a guest of this workspace.';
  end if;
  was := target.guest_kind;
  update public.workspace_members wm set guest_kind = p_kind where wm.id = target.id
  returning * into target;
  if was is distinct from p_kind then
    perform private.audit(p_workspace_id, 'guest.kind_changed', 'person', p_user_id::text,
      private.person_label(p_user_id), jsonb_build_object('from', was, 'to', p_kind));
  end if;
  return target;
end
$$;
revoke all on function public.set_guest_kind(uuid, uuid, text) from public, anon;
grant execute on function public.set_guest_kind(uuid, uuid, text) to authenticated, service_role;

-- Owners and admins remove people; admins remove members and guests only.
create or replace function public.remove_member(p_workspace_id uuid, p_user_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
begin
  if p_user_id = uid then
    perform public.leave_workspace(p_workspace_id);
    return;
  end if;
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  if mine not in ('owner', 'admin') then
    raise exception using errcode = '42501', message = 'Only owners and admins can remove people.';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.';
  end if;
  if mine = 'admin' and target.role not in ('member', 'guest') then
    raise exception using errcode = '42501', message = 'Admins can remove members and guests; only owners can remove admins and owners.';
  end if;
  if target.role = 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514', message = 'A workspace needs at least one owner.';
  end if;
  update public.workspace_members wm set left_at = now() where wm.id = target.id;
end
$$;

