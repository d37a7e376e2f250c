-- Who may see and do what: small security-definer helpers with a fixed search_path. Policies call
-- the set-returning ones as `col in (select private.x())`: an uncorrelated subquery, so Postgres
-- computes the caller's set once per statement and checks each row by hash lookup, instead of
-- running a membership query per row (Supabase's RLS performance advice).

-- Workspaces the caller is a current member of.
create function private.workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

-- Workspaces where the caller is an owner or admin.
create function private.admin_workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null and wm.role in ('owner', 'admin')
$$;

-- The caller's role in a workspace (null when not a current member).
create function private.workspace_role(p_workspace_id uuid) returns public.workspace_role
language sql stable security definer set search_path = '' as $$
  select wm.role
  from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

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

-- People whose profiles the caller sees: themselves and everyone who is or was a member of one
-- of their workspaces (so names stay on what former members wrote).
create function private.visible_user_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select (select auth.uid())
  union
  select other.user_id
  from public.workspace_members mine
  join public.workspace_members other on other.workspace_id = mine.workspace_id
  where mine.user_id = (select auth.uid()) and mine.left_at is null
$$;

-- Storage folders "workspace_id/channel_id/" of the caller's channels (all, or postable only).
create function private.member_channel_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select c.workspace_id::text || '/' || c.id::text || '/'
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid())
$$;

create function private.postable_channel_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select c.workspace_id::text || '/' || c.id::text || '/'
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.archived_at is null
$$;

-- The state of the message an attachment folder names, for the caller: 'none' (not sent yet),
-- 'mine' or 'other' (sent, not deleted), 'deleted'. One primary-key lookup.
create function private.message_state(p_message_id text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select case
      when m.deleted_at is not null then 'deleted'
      when m.author_id = (select auth.uid()) then 'mine'
      else 'other'
    end
    from public.messages m
    where p_message_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and m.id = p_message_id::uuid
  ), 'none')
$$;

-- Realtime topics the caller may use: channel:<id> of their channels (typing, presence) and
-- workspace:<id> of their workspaces (who is online).
create function private.realtime_topics() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'channel:' || cm.channel_id::text
  from public.channel_members cm
  where cm.user_id = (select auth.uid())
  union all
  select 'workspace:' || wm.workspace_id::text
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null
$$;
