-- Workspace RPCs: create, roster, roles, removal and leaving (invites are in *_chorus_invites).

-- Serializes membership changes of one workspace (no key update: foreign-key checks of
-- inserts referencing the workspace do not wait for it).
create function private.lock_workspace(p_workspace_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.workspaces w where w.id = p_workspace_id for no key update;
end
$$;

-- A URL-safe address made from the name, with a random suffix when taken.
create function private.slug_for(p_name text) returns text
language plpgsql volatile set search_path = '' as $$
declare
  base text;
  candidate text;
begin
  base := lower(coalesce(p_name, ''));
  base := regexp_replace(base, '[^a-z0-9]+', '-', 'g');
  base := btrim(left(btrim(base, '-'), 40), '-');
  if base = '' then
    base := 'workspace';
  end if;
  candidate := base;
  while exists (select 1 from public.workspaces w where w.slug = candidate) loop
    candidate := base || '-' || substr(md5(random()::text), 1, 6);
  end loop;
  return candidate;
end
$$;

-- Creates a workspace owned by the caller, with its default channel #general.
create function public.create_workspace(p_name text, p_slug text default null)
returns public.workspaces
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ws public.workspaces;
  v_slug text;
  general uuid;
begin
  if nullif(btrim(coalesce(p_slug, '')), '') is null then
    v_slug := private.slug_for(private.clean_line(p_name, 'Workspace name', 80));
  else
    v_slug := lower(btrim(p_slug));
    if exists (select 1 from public.workspaces w where w.slug = v_slug) then
      raise exception using errcode = '23505',
        message = 'That workspace address is taken.', hint = 'Pick another one.';
    end if;
  end if;
  insert into public.workspaces (name, slug, created_by) values (p_name, v_slug, uid) returning * into ws;
  insert into public.workspace_members (workspace_id, user_id, role) values (ws.id, uid, 'owner');
  insert into public.channels (workspace_id, kind, name, topic, is_default, created_by)
  values (ws.id, 'public', 'general', 'Everyone in the workspace', true, uid)
  returning id into general;
  insert into public.channel_members (channel_id, user_id) values (general, uid);
  return ws;
end
$$;

-- Current members of a workspace with their profiles (members only).
create function public.workspace_roster(p_workspace_id uuid)
returns table (
  user_id uuid,
  display_name text,
  avatar_path text,
  role public.workspace_role,
  joined_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select p.id, p.display_name, p.avatar_path, wm.role, wm.joined_at
  from public.workspace_members wm
  join public.profiles p on p.id = wm.user_id
  where wm.workspace_id = p_workspace_id and wm.left_at is null
    and p_workspace_id in (select private.workspace_ids())
  order by lower(p.display_name), p.id
$$;

-- Owners change any role; admins move people between member and admin; nobody removes the
-- last owner.
create function public.set_member_role(
  p_workspace_id uuid,
  p_user_id uuid,
  p_role public.workspace_role
) returns public.workspace_members
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
begin
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  if mine = 'member' then
    raise exception using errcode = '42501', message = 'Only owners and admins can change roles.';
  end if;
  if p_role is null then
    raise exception using errcode = '22023', message = 'Role must be owner, admin or member.';
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
  update public.workspace_members wm set role = p_role where wm.id = target.id returning * into target;
  return target;
end
$$;

-- Leaving keeps the member row (left_at) so names stay on old messages; the caller leaves every
-- channel of the workspace too (trigger). The last owner must hand over first.
create function public.leave_workspace(p_workspace_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
begin
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '22023', message = 'You are not a member of this workspace.';
  end if;
  if mine = 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514',
      message = 'You are the last owner of this workspace.',
      hint = 'Make someone else an owner before you leave.';
  end if;
  update public.workspace_members wm set left_at = now()
  where wm.workspace_id = p_workspace_id and wm.user_id = uid;
end
$$;

-- Owners remove anyone (but the last owner); admins remove members.
create function public.remove_member(p_workspace_id uuid, p_user_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
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
  if mine = 'member' then
    raise exception using errcode = '42501', message = 'Only owners and admins can remove people.';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.';
  end if;
  if mine = 'admin' and target.role <> 'member' then
    raise exception using errcode = '42501', message = 'Admins can remove members; only owners can remove admins and owners.';
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
