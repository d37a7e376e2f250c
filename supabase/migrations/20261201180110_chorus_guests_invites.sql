-- Guests (issue 35, part 3), invites: an invite for a guest is by email and names the channels
-- they join and their kind; accepting it joins those channels (not the default one). The guest
-- invite's channels and kind are in the audit log. The helpers are in *_chorus_guests.sql.

create or replace function private.invites_before_insert() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_missing uuid[];
begin
  -- Server-made: never trust a client's token, count or author.
  new.token := private.new_token();
  new.use_count := 0;
  new.created_at := now();
  new.created_by := coalesce((select auth.uid()), new.created_by);
  new.email := nullif(lower(btrim(coalesce(new.email, ''))), '');
  if new.email is not null then
    if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(new.email) > 254 then
      raise exception using errcode = '22023', message = 'That is not a valid email address.';
    end if;
    new.max_uses := 1;
  end if;
  if new.role = 'owner' then
    raise exception using errcode = '22023',
      message = 'Invites are for members, admins or guests.',
      hint = 'Make someone an owner after they join.';
  end if;
  if new.role = 'guest' then
    if new.email is null then
      raise exception using errcode = '22023',
        message = 'Guests are invited by email.', hint = 'Enter the guest''s email address.';
    end if;
    new.guest_kind := coalesce(new.guest_kind, 'multi');
    select coalesce(array_agg(distinct u), '{}') into new.channel_ids
    from unnest(coalesce(new.channel_ids, '{}')) as u where u is not null;
    if cardinality(new.channel_ids) = 0 then
      raise exception using errcode = '22023',
        message = 'A guest invite names the channels the guest may use.',
        hint = 'Pick at least one channel.';
    end if;
    if new.guest_kind = 'single' and cardinality(new.channel_ids) > 1 then
      raise exception using errcode = '22023',
        message = 'A single-channel guest can be in only one channel.',
        detail = format('This invite names %s channels.', cardinality(new.channel_ids)),
        hint = 'Pick one channel, or invite a multi-channel guest.';
    end if;
    select array_agg(u) into v_missing
    from unnest(new.channel_ids) as u
    where not exists (
      select 1 from public.channels c
      where c.id = u and c.workspace_id = new.workspace_id and c.kind <> 'dm'
        and c.archived_at is null and c.id in (select private.visible_channel_ids())
    );
    if v_missing is not null then
      raise exception using errcode = '22023',
        message = 'Channel not found.',
        detail = format('Not a channel of this workspace you can see: %s', array_to_string(v_missing, ', '));
    end if;
  else
    new.channel_ids := null;
    new.guest_kind := null;
  end if;
  new.expires_at := coalesce(new.expires_at, now() + interval '7 days');
  if new.expires_at < now() + interval '5 minutes' or new.expires_at > now() + interval '30 days' then
    raise exception using errcode = '22023',
      message = 'An invite must expire between 5 minutes and 30 days from now.';
  end if;
  return new;
end
$$;

drop function public.create_invite(uuid, text, public.workspace_role, timestamptz, integer);

-- An invite link (p_email null: anyone with the link, until it expires) or an invitation for
-- one email address; a guest's names their channels and kind. Owners and admins only.
create function public.create_invite(
  p_workspace_id uuid,
  p_email text default null,
  p_role public.workspace_role default 'member',
  p_expires_at timestamptz default null,
  p_max_uses integer default null,
  p_channel_ids uuid[] default null,
  p_guest_kind text default null
) returns public.invites
language plpgsql volatile set search_path = '' as $$
declare
  inv public.invites;
begin
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501', message = 'Only owners and admins can invite people.';
  end if;
  insert into public.invites (workspace_id, email, role, expires_at, max_uses, created_by,
    channel_ids, guest_kind)
  values (p_workspace_id, p_email, coalesce(p_role, 'member'), p_expires_at, p_max_uses,
    (select auth.uid()), p_channel_ids, p_guest_kind)
  returning * into inv;
  return inv;
end
$$;
revoke all on function public.create_invite(uuid, text, public.workspace_role, timestamptz, integer, uuid[], text) from public, anon;
grant execute on function public.create_invite(uuid, text, public.workspace_role, timestamptz, integer, uuid[], text) to authenticated, service_role;

-- Joins the workspace an invite is for: a member or admin its default channels, a guest the
-- channels the invite names (those still open).
create or replace function public.accept_invite(p_token text)
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
  if inv.role = 'guest' and not exists (
    select 1 from public.channels c
    where c.id = any (inv.channel_ids) and c.workspace_id = inv.workspace_id and c.archived_at is null
  ) then
    raise exception using errcode = '22023',
      message = 'The channels of this invite are archived or gone.', hint = 'Ask for a new invite.';
  end if;

  perform private.lock_workspace(inv.workspace_id);
  insert into public.workspace_members (workspace_id, user_id, role, guest_kind)
  values (inv.workspace_id, uid, inv.role, inv.guest_kind)
  on conflict (workspace_id, user_id)
  do update set role = excluded.role, guest_kind = excluded.guest_kind, left_at = null, joined_at = now();
  update public.invites i set use_count = i.use_count + 1 where i.id = inv.id;
  insert into public.channel_members (channel_id, user_id)
  select c.id, uid from public.channels c
  where c.workspace_id = inv.workspace_id and c.archived_at is null
    and case when inv.role = 'guest' then c.id = any (inv.channel_ids) else c.is_default end
  on conflict (channel_id, user_id) do nothing;
  return ws;
end
$$;

-- What an invite leads to also says which channels a guest's opens (their names only).
create or replace function private.audit_invites() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'invite.created', 'invite', new.id::text,
      coalesce(new.email, 'invite link'),
      jsonb_build_object('role', new.role, 'email', new.email, 'max_uses', new.max_uses,
        'expires_at', new.expires_at)
      || case when new.role = 'guest' then jsonb_build_object('guest_kind', new.guest_kind,
        'channels', (select jsonb_agg(c.name order by c.name) from public.channels c
                     where c.id = any (new.channel_ids))) else '{}'::jsonb end);
  elsif exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
    perform private.audit(old.workspace_id, 'invite.revoked', 'invite', old.id::text,
      coalesce(old.email, 'invite link'), jsonb_build_object('role', old.role));
  end if;
  return null;
end
$$;

