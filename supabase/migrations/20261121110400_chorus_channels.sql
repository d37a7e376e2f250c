-- Channels (public, private, direct messages) and their members: who is in which conversation,
-- and each member's read position (unread = channels.last_seq - channel_members.last_read_seq).

create type public.channel_kind as enum ('public', 'private', 'dm');

create table public.channels (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  kind public.channel_kind not null,
  -- null for direct messages, whose names are their members'.
  name text,
  topic text not null default '',
  -- New members of the workspace join default channels (#general).
  is_default boolean not null default false,
  -- Direct messages: the sorted member ids, so one set of people has one conversation.
  dm_key text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  archived_at timestamptz,
  -- The seq of the channel's latest message; taken under this row's lock by each insert.
  last_seq bigint not null default 0,
  last_message_at timestamptz,
  constraint channels_id_workspace unique (id, workspace_id),
  constraint channels_name_by_kind check ((kind = 'dm') = (name is null)),
  constraint channels_dm_key_by_kind check ((kind = 'dm') = (dm_key is not null)),
  constraint channels_name_length check (name is null or char_length(name) between 1 and 80),
  constraint channels_topic_length check (char_length(topic) <= 250),
  constraint channels_default_public check (not is_default or kind = 'public')
);

create unique index channels_name_unique on public.channels (workspace_id, lower(name))
  where kind <> 'dm';

create unique index channels_dm_key_unique on public.channels (workspace_id, dm_key)
  where kind = 'dm';

create index channels_workspace_public on public.channels (workspace_id) where kind = 'public';

create table public.channel_members (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null,
  workspace_id uuid not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- Unread = channels.last_seq - last_read_seq; kept here so it follows the user across devices.
  last_read_seq bigint not null default 0,
  joined_at timestamptz not null default now(),
  constraint channel_members_unique unique (channel_id, user_id),
  constraint channel_members_channel foreign key (channel_id, workspace_id)
    references public.channels (id, workspace_id) on delete cascade,
  -- Only members of the workspace can be in its channels.
  constraint channel_members_workspace_member foreign key (workspace_id, user_id)
    references public.workspace_members (workspace_id, user_id) on delete cascade
);

create index channel_members_user on public.channel_members (user_id, channel_id);

create index channel_members_workspace_user on public.channel_members (workspace_id, user_id);

alter table public.channels enable row level security;
alter table public.channel_members enable row level security;

-- Channels the caller is a member of: the only ones whose messages, reactions, attachments,
-- files and realtime topics they can read.
create function private.member_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select cm.channel_id from public.channel_members cm where cm.user_id = (select auth.uid())
$$;

create function private.is_channel_member(p_channel_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.channel_members cm
    where cm.channel_id = p_channel_id and cm.user_id = (select auth.uid())
  )
$$;

-- Channel rows the caller can see: their own channels and every public channel of their
-- workspaces (to browse and join).
create function private.visible_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select cm.channel_id from public.channel_members cm where cm.user_id = (select auth.uid())
  union
  select c.id
  from public.channels c
  join public.workspace_members wm on wm.workspace_id = c.workspace_id
  where c.kind = 'public' and wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

-- Channels the caller can post in: member, not archived.
create function private.postable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.archived_at is null
$$;

-- Public, not archived channels of the caller's workspaces.
create function private.joinable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channels c
  join public.workspace_members wm on wm.workspace_id = c.workspace_id
  where c.kind = 'public' and c.archived_at is null
    and wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

-- Channels the caller may leave: not a direct message, not the workspace's default channel.
create function private.leavable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.kind <> 'dm' and not c.is_default
$$;

-- Channels the caller may rename, set the topic of, archive: their own (not direct messages),
-- and for workspace admins every public channel.
create function private.manageable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.kind <> 'dm'
  union
  select c.id
  from public.channels c
  join public.workspace_members wm on wm.workspace_id = c.workspace_id
  where c.kind = 'public' and wm.user_id = (select auth.uid()) and wm.left_at is null
    and wm.role in ('owner', 'admin')
$$;

-- A channel the caller can see, or "Channel not found." (the same for one that does not exist).
create function private.require_visible_channel(p_channel_id uuid) returns public.channels
language plpgsql stable security definer set search_path = '' as $$
declare
  ch public.channels;
begin
  select * into ch from public.channels c
  where c.id = p_channel_id and c.id in (select private.visible_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  return ch;
end
$$;

create function private.channels_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if new.kind = 'dm' then
    if tg_op = 'UPDATE' and (new.name is distinct from old.name or new.archived_at is distinct from old.archived_at) then
      raise exception using errcode = '22023', message = 'Direct messages cannot be renamed or archived.';
    end if;
    new.topic := private.clean_line(new.topic, 'Topic', 250, true);
    return new;
  end if;

  if tg_op = 'INSERT' or new.name is distinct from old.name then
    -- "#general" and "general" are the same name.
    new.name := private.clean_line(regexp_replace(coalesce(new.name, ''), '^[\s#]+', ''), 'Channel name', 80);
    if exists (
      select 1 from public.channels c
      where c.workspace_id = new.workspace_id and c.kind <> 'dm'
        and lower(c.name) = lower(new.name) and c.id <> new.id
    ) then
      raise exception using errcode = '23505',
        message = format('A channel named "%s" already exists in this workspace.', new.name),
        hint = 'Pick another name (archived channels keep theirs).';
    end if;
  end if;
  new.topic := private.clean_line(new.topic, 'Topic', 250, true);

  if tg_op = 'UPDATE' and new.archived_at is distinct from old.archived_at then
    if old.is_default then
      raise exception using errcode = '22023',
        message = format('#%s is the workspace''s default channel and cannot be archived.', old.name);
    end if;
    if uid is not null and old.created_by is distinct from uid
      and not private.is_workspace_admin(old.workspace_id) then
      raise exception using errcode = '42501',
        message = 'Only the channel''s creator or a workspace admin can archive or unarchive it.';
    end if;
    new.archived_at := case when new.archived_at is null then null else now() end;
  end if;
  return new;
end
$$;

create trigger channels_before_write
  before insert or update of name, topic, archived_at on public.channels
  for each row execute function private.channels_before_write();

create function private.channel_members_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ch record;
begin
  select c.workspace_id, c.last_seq, c.archived_at into ch
  from public.channels c where c.id = new.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  if ch.archived_at is not null and (select auth.uid()) is not null
    and new.channel_id in (select private.visible_channel_ids()) then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.';
  end if;
  new.workspace_id := ch.workspace_id;
  -- What was said before joining is history, not unread.
  new.last_read_seq := ch.last_seq;
  new.joined_at := now();
  return new;
end
$$;

create trigger channel_members_before_insert
  before insert on public.channel_members
  for each row execute function private.channel_members_before_insert();

-- Read positions only move forward (two devices may report out of order) and never past the
-- channel's last message.
create function private.channel_members_before_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.last_read_seq := least(
    greatest(old.last_read_seq, coalesce(new.last_read_seq, old.last_read_seq)),
    (select c.last_seq from public.channels c where c.id = new.channel_id)
  );
  return new;
end
$$;

create trigger channel_members_before_update
  before update of last_read_seq on public.channel_members
  for each row execute function private.channel_members_before_update();

-- channels: your channels and the public channels of your workspaces; rename, topic and
-- archive for members (and admins for public channels). Created by create_channel()/open_dm().
create policy "channels: read own and public" on public.channels
  for select to authenticated
  using (id in (select private.visible_channel_ids()));

create policy "channels: members manage" on public.channels
  for update to authenticated
  using (id in (select private.manageable_channel_ids()))
  with check (id in (select private.manageable_channel_ids()));

-- channel_members: your own memberships only (read positions are private); join a public
-- channel, leave one, move your read position. Rosters come from channel_roster().
create policy "channel_members: read own" on public.channel_members
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "channel_members: join public" on public.channel_members
  for insert to authenticated
  with check (user_id = (select auth.uid()) and channel_id in (select private.joinable_channel_ids()));

create policy "channel_members: update own" on public.channel_members
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "channel_members: leave" on public.channel_members
  for delete to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.leavable_channel_ids()));

-- Privileges (see the foundation): anon only reads (no rows, under the policies);
-- authenticated updates only the columns a client may change.
revoke all on public.channels, public.channel_members from anon;
grant select on public.channels, public.channel_members to anon;
revoke truncate, references, trigger, update on public.channels,
  public.channel_members from authenticated;
grant update (name, topic, archived_at) on public.channels to authenticated;
grant update (last_read_seq) on public.channel_members to authenticated;
