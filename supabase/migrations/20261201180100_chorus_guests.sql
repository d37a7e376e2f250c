-- Guests (issue 35, part 3), as Slack's: people from outside the company, invited by email by an
-- owner or admin into named channels. A guest sees only the channels they are in (no browsing,
-- no joining, no creating channels), cannot add or invite anyone, sees only the people of their
-- channels (and can message only them), and is not in user groups. A single-channel guest is in
-- exactly one channel; a multi-channel guest in those an admin adds them to. Owners and admins
-- turn a guest into a member and back (`set_member_role`), and a guest's kind
-- (`set_guest_kind`). Enforced here, in the helpers the policies call, so REST, Realtime
-- (topics and postgres_changes) and Storage follow; the invites are in *_guests_invites.sql, the
-- RPCs that decide for guests in *_guests_rpcs.sql, their live changes in *_guests_live.sql.

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
