-- Workspace RPCs: create, list, roster, invites (preview, accept, pending for my email), roles,
-- removal and leaving. Security definer where they write rows no policy lets a client write;
-- each checks the caller's rights itself first and fails with a clear message.

-- Serializes membership changes of one workspace (no key update: foreign-key checks of
-- inserts referencing the workspace do not wait for it).
create function private.lock_workspace(p_workspace_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.workspaces w where w.id = p_workspace_id for no key update;
end
$$;

create function private.require_uid() returns uuid
language plpgsql stable set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in first.';
  end if;
  return uid;
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

-- The caller's workspaces with their role and unread total, for the workspace switcher.
create function public.my_workspaces()
returns table (
  id uuid,
  name text,
  slug text,
  role public.workspace_role,
  joined_at timestamptz,
  created_at timestamptz,
  unread_count bigint
)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, w.slug, wm.role, wm.joined_at, w.created_at,
    coalesce((
      select sum(greatest(c.last_seq - cm.last_read_seq, 0))
      from public.channel_members cm join public.channels c on c.id = cm.channel_id
      where cm.user_id = wm.user_id and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
  order by lower(w.name), w.id
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

-- What an invite link leads to, for the page that offers to accept it (also before signing in).
-- No rows for an unknown token.
create function public.invite_preview(p_token text)
returns table (
  workspace_id uuid,
  workspace_name text,
  role public.workspace_role,
  email text,
  invited_by text,
  expires_at timestamptz,
  status text
)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, i.role, i.email, p.display_name, i.expires_at,
    case
      when exists (
        select 1 from public.workspace_members wm
        where wm.workspace_id = w.id and wm.user_id = (select auth.uid()) and wm.left_at is null
      ) then 'already_member'
      when i.expires_at <= now() then 'expired'
      when i.max_uses is not null and i.use_count >= i.max_uses then 'used'
      else 'valid'
    end
  from public.invites i
  join public.workspaces w on w.id = i.workspace_id
  left join public.profiles p on p.id = i.created_by
  where i.token = p_token
$$;

-- Joins the workspace an invite is for, and its default channels. Accepting again while a
-- member changes nothing. An email invite only works for the account with that confirmed email.
create function public.accept_invite(p_token text)
returns public.workspaces
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  inv public.invites;
  account record;
  ws public.workspaces;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') for update;
  if not found then
    raise exception using errcode = '22023',
      message = 'This invite link is not valid.', hint = 'Ask for a new invite.';
  end if;
  select * into ws from public.workspaces w where w.id = inv.workspace_id;
  if exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = inv.workspace_id and wm.user_id = uid and wm.left_at is null
  ) then
    return ws;
  end if;
  if inv.expires_at <= now() then
    raise exception using errcode = '22023',
      message = 'This invite has expired.', hint = 'Ask for a new invite.';
  end if;
  if inv.max_uses is not null and inv.use_count >= inv.max_uses then
    raise exception using errcode = '22023',
      message = 'This invite has already been used.', hint = 'Ask for a new invite.';
  end if;
  if inv.email is not null then
    select u.email, u.email_confirmed_at into account from auth.users u where u.id = uid;
    if account.email_confirmed_at is null or lower(coalesce(account.email, '')) <> inv.email then
      raise exception using errcode = '42501',
        message = 'This invite was sent to another email address.',
        detail = format('It is for %s.', inv.email),
        hint = 'Sign in with that address, or ask for an invite link.';
    end if;
  end if;

  perform private.lock_workspace(inv.workspace_id);
  insert into public.workspace_members (workspace_id, user_id, role)
  values (inv.workspace_id, uid, inv.role)
  on conflict (workspace_id, user_id)
  do update set role = excluded.role, left_at = null, joined_at = now();
  update public.invites i set use_count = i.use_count + 1 where i.id = inv.id;
  insert into public.channel_members (channel_id, user_id)
  select c.id, uid from public.channels c
  where c.workspace_id = inv.workspace_id and c.is_default and c.archived_at is null
  on conflict (channel_id, user_id) do nothing;
  return ws;
end
$$;

-- An invite link (p_email null: anyone with the link, until it expires) or an invitation for
-- one email address. Owners and admins only. Returns the row, token included.
create function public.create_invite(
  p_workspace_id uuid,
  p_email text default null,
  p_role public.workspace_role default 'member',
  p_expires_at timestamptz default null,
  p_max_uses integer default null
) returns public.invites
language plpgsql volatile set search_path = '' as $$
declare
  inv public.invites;
begin
  if coalesce(private.workspace_role(p_workspace_id)::text, '') not in ('owner', 'admin') then
    raise exception using errcode = '42501', message = 'Only owners and admins can invite people.';
  end if;
  insert into public.invites (workspace_id, email, role, expires_at, max_uses, created_by)
  values (p_workspace_id, p_email, coalesce(p_role, 'member'), p_expires_at, p_max_uses, (select auth.uid()))
  returning * into inv;
  return inv;
end
$$;

-- Pending email invites for the caller's confirmed address.
create function public.my_invites()
returns table (
  id uuid,
  token text,
  workspace_id uuid,
  workspace_name text,
  role public.workspace_role,
  invited_by text,
  expires_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select i.id, i.token, w.id, w.name, i.role, p.display_name, i.expires_at
  from auth.users u
  join public.invites i on i.email = lower(u.email)
  join public.workspaces w on w.id = i.workspace_id
  left join public.profiles p on p.id = i.created_by
  where u.id = (select auth.uid()) and u.email_confirmed_at is not null
    and i.expires_at > now() and i.use_count < coalesce(i.max_uses, 2147483647)
    and not exists (
      select 1 from public.workspace_members wm
      where wm.workspace_id = i.workspace_id and wm.user_id = u.id and wm.left_at is null
    )
  order by i.created_at desc
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
