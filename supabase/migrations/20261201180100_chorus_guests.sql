-- Guests (issue 35, part 3), as Slack's: people from outside the company, invited by email by an
-- owner or admin into named channels. A guest sees only the channels they are in (no browsing,
-- no joining, no creating channels), cannot add or invite anyone, sees only the people of their
-- channels (and can message only them), and is not in user groups. A single-channel guest is in
-- exactly one channel; a multi-channel guest in those an admin adds them to. Owners and admins
-- turn a guest into a member and back (`set_member_role`), and a guest's kind
-- (`set_guest_kind`). Enforced here, in the helpers the policies call, so REST, Realtime
-- (topics and postgres_changes) and Storage follow.

-- The kind of guest: null for everyone else, kept coherent with the role by a trigger.
alter table public.workspace_members
  add column guest_kind text
    constraint workspace_members_guest_kind check (guest_kind in ('single', 'multi')),
  add constraint workspace_members_guest_kind_by_role check ((role = 'guest') = (guest_kind is not null));

-- An invite for a guest names the channels they join and their kind.
alter table public.invites
  add column channel_ids uuid[],
  add column guest_kind text
    constraint invites_guest_kind check (guest_kind in ('single', 'multi'));

-- A guest's actions are recorded with their role.
alter table public.audit_log drop constraint audit_log_actor_role;
alter table public.audit_log add constraint audit_log_actor_role
  check (actor_role in ('owner', 'admin', 'member', 'guest', 'former', 'system'));

-- Helpers ------------------------------------------------------------------------------------

-- The workspaces where the caller is a guest / a full member (owner, admin or member).
create function private.guest_workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null and wm.role = 'guest'
    and wm.workspace_id in (select private.workspace_ids())
$$;

create function private.full_workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null and wm.role <> 'guest'
    and wm.workspace_id in (select private.workspace_ids())
$$;

-- Whether a person is a guest of a workspace (now).
create function private.is_guest(p_workspace_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id
      and wm.left_at is null and wm.role = 'guest'
  )
$$;

-- The people a guest may see: those who share a conversation with them, per workspace.
create function private.guest_peers() returns table (workspace_id uuid, user_id uuid)
language sql stable security definer set search_path = '' as $$
  select distinct other.workspace_id, other.user_id
  from public.channel_members mine
  join public.channel_members other on other.channel_id = mine.channel_id
  where mine.user_id = (select auth.uid())
    and mine.workspace_id in (select private.guest_workspace_ids())
$$;

-- Whether two people share a channel (not a direct message) of a workspace.
create function private.share_channel(p_workspace_id uuid, p_a uuid, p_b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.channel_members a
    join public.channel_members b on b.channel_id = a.channel_id
    join public.channels c on c.id = a.channel_id
    where a.workspace_id = p_workspace_id and a.user_id = p_a and b.user_id = p_b
      and c.kind <> 'dm'
  )
$$;

-- Channels: a guest sees and manages none but their own, and joins none.
create or replace function private.visible_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channels c
  where c.workspace_id in (select private.workspace_ids())
    and (
      (c.kind = 'public' and c.workspace_id in (select private.full_workspace_ids()))
      or exists (
        select 1 from public.channel_members cm
        where cm.channel_id = c.id and cm.user_id = (select auth.uid())
      )
    )
$$;

create or replace function private.joinable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channels c
  where c.kind = 'public' and c.archived_at is null
    and c.workspace_id in (select private.full_workspace_ids())
$$;

create or replace function private.manageable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.kind <> 'dm'
    and c.workspace_id in (select private.full_workspace_ids())
  union
  select c.id
  from public.channels c
  where c.kind = 'public' and c.workspace_id in (select private.admin_workspace_ids())
$$;

-- People: a guest sees those of their conversations; everyone else the whole workspace.
create or replace function private.visible_user_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select (select auth.uid())
  union
  select other.user_id
  from public.workspace_members other
  where other.workspace_id in (select private.full_workspace_ids())
  union
  select p.user_id from private.guest_peers() p
$$;

drop policy "workspace_members: members read" on public.workspace_members;
create policy "workspace_members: members read" on public.workspace_members
  for select to authenticated
  using (
    workspace_id in (select private.full_workspace_ids())
    or user_id = (select auth.uid())
    or (workspace_id, user_id) in (select p.workspace_id, p.user_id from private.guest_peers() p)
  );

create or replace function public.workspace_roster(p_workspace_id uuid)
returns table (
  user_id uuid, display_name text, avatar_path text, role public.workspace_role, joined_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select p.id, p.display_name, p.avatar_path, wm.role, wm.joined_at
  from public.workspace_members wm
  join public.profiles p on p.id = wm.user_id
  where wm.workspace_id = p_workspace_id and wm.left_at is null
    and p_workspace_id in (select private.workspace_ids())
    and (
      p_workspace_id in (select private.full_workspace_ids())
      or wm.user_id = (select auth.uid())
      or wm.user_id in (select g.user_id from private.guest_peers() g where g.workspace_id = p_workspace_id)
    )
  order by lower(p.display_name), p.id
$$;

-- Realtime: the workspace's topics carry its public channels, people and presence: not for guests.
create or replace function private.realtime_topics() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'channel:' || id::text from private.member_channel_ids() id
  union all
  select 'workspace:' || id::text from private.full_workspace_ids() id
$$;

create or replace function private.live_topics() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'live:user:' || u.id::text from (select (select auth.uid()) as id) u where u.id is not null
  union all
  select 'live:channel:' || id::text from private.member_channel_ids() id
  union all
  select 'live:workspace:' || id::text from private.full_workspace_ids() id
$$;
revoke all on function private.live_topics() from public, anon;

-- User groups are the workspace's members', not guests'.
drop policy "user_groups: members read" on public.user_groups;
create policy "user_groups: members read" on public.user_groups
  for select to authenticated
  using (workspace_id in (select private.full_workspace_ids()));

drop policy "user_group_members: members read" on public.user_group_members;
create policy "user_group_members: members read" on public.user_group_members
  for select to authenticated
  using (workspace_id in (select private.full_workspace_ids()));

create function private.user_group_members_no_guests() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.is_guest(new.workspace_id, new.user_id) then
    raise exception using errcode = '22023',
      message = 'Guests cannot be in user groups.',
      detail = format('%s is a guest.', private.person_label(new.user_id)),
      hint = 'Make them a member first.';
  end if;
  return new;
end
$$;

create trigger user_group_members_no_guests
  before insert on public.user_group_members
  for each row execute function private.user_group_members_no_guests();

-- Memberships ---------------------------------------------------------------------------------

-- The guest kind follows the role: null unless a guest, multi-channel by default; a
-- single-channel guest is in one channel at most.
create function private.workspace_members_guest_kind() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  if new.role <> 'guest' then
    new.guest_kind := null;
    return new;
  end if;
  new.guest_kind := coalesce(new.guest_kind, 'multi');
  if new.guest_kind = 'single' and tg_op = 'UPDATE' then
    select count(*) into v_count
    from public.channel_members cm join public.channels c on c.id = cm.channel_id
    where cm.workspace_id = new.workspace_id and cm.user_id = new.user_id and c.kind <> 'dm';
    if v_count > 1 then
      raise exception using errcode = '22023',
        message = 'A single-channel guest can be in only one channel.',
        detail = format('%s is in %s channels.', private.person_label(new.user_id), v_count),
        hint = 'Remove them from the other channels first.';
    end if;
  end if;
  return new;
end
$$;

create trigger workspace_members_guest_kind
  before insert or update of role, guest_kind on public.workspace_members
  for each row execute function private.workspace_members_guest_kind();

-- Who is added to a channel: a guest adds nobody but themselves (accepting their invite) and
-- the people of a direct message they open; only owners and admins add a guest to a channel; a
-- single-channel guest is in one channel at most.
create function private.channel_members_guests() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_actor uuid := (select auth.uid());
  v_channel public.channels;
  v_kind text;
  v_count integer;
begin
  select * into v_channel from public.channels c where c.id = new.channel_id;
  if v_channel.id is null or v_channel.kind = 'dm' or v_actor is null then
    return new;
  end if;
  if v_actor = new.user_id then
    -- Joining yourself: the policies decide (a guest joins nothing), or accept_invite() does.
    return new;
  end if;
  if private.is_guest(v_channel.workspace_id, v_actor) then
    raise exception using errcode = '42501', message = 'Guests cannot add people to channels.';
  end if;
  select wm.guest_kind into v_kind from public.workspace_members wm
  where wm.workspace_id = v_channel.workspace_id and wm.user_id = new.user_id
    and wm.left_at is null and wm.role = 'guest';
  if v_kind is null then
    return new;
  end if;
  if not private.is_workspace_admin(v_channel.workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can add guests to channels.',
      detail = format('%s is a guest.', private.person_label(new.user_id));
  end if;
  if v_kind = 'single' then
    select count(*) into v_count
    from public.channel_members cm join public.channels c on c.id = cm.channel_id
    where cm.workspace_id = v_channel.workspace_id and cm.user_id = new.user_id
      and c.kind <> 'dm' and c.id <> new.channel_id;
    if v_count > 0 then
      raise exception using errcode = '22023',
        message = 'A single-channel guest can be in only one channel.',
        detail = format('%s is already in a channel.', private.person_label(new.user_id)),
        hint = 'Make them a multi-channel guest first.';
    end if;
  end if;
  return new;
end
$$;

create trigger channel_members_guests
  before insert on public.channel_members
  for each row execute function private.channel_members_guests();

-- A guest added to a channel by someone else (an owner or admin) is recorded in the audit log.
create function private.audit_channel_members_guests() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_channel public.channels;
begin
  if auth.uid() is null or new.user_id = auth.uid()
    or not private.is_guest(new.workspace_id, new.user_id) then
    return null;
  end if;
  select * into v_channel from public.channels c where c.id = new.channel_id;
  if v_channel.kind = 'dm' then
    return null;
  end if;
  perform private.audit(new.workspace_id, 'guest.channel_added', 'person', new.user_id::text,
    private.person_label(new.user_id),
    jsonb_build_object('channel_id', v_channel.id, 'channel', v_channel.name));
  return null;
end
$$;

create trigger channel_members_guests_audit
  after insert on public.channel_members
  for each row execute function private.audit_channel_members_guests();

-- Invites -----------------------------------------------------------------------------------

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

-- Channels and direct messages ----------------------------------------------------------------

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

revoke all on function private.guest_workspace_ids() from public, anon;
revoke all on function private.full_workspace_ids() from public, anon;
revoke all on function private.is_guest(uuid, uuid) from public, anon;
revoke all on function private.guest_peers() from public, anon;
revoke all on function private.share_channel(uuid, uuid, uuid) from public, anon;
grant execute on function private.guest_workspace_ids() to authenticated, service_role;
grant execute on function private.full_workspace_ids() to authenticated, service_role;
grant execute on function private.is_guest(uuid, uuid) to authenticated, service_role;
grant execute on function private.guest_peers() to authenticated, service_role;
grant execute on function private.share_channel(uuid, uuid, uuid) to authenticated, service_role;
