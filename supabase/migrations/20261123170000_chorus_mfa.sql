-- Two-factor sign-in decides what a session may read, in the database (not only in the app):
--
-- - An account with a verified MFA factor (auth.mfa_factors) reads no workspace data until its
--   session is at aal2 (the access token's `aal` claim after a factor's verify).
-- - A workspace whose owner set `require_mfa` is readable only at aal2: members without a
--   verified factor are asked to set one up first.
--
-- Both are decided by private.workspace_ids() (the workspaces the caller may read now); every
-- visibility helper below is redefined to keep to those workspaces, so the policies that call
-- them (tables, Storage, Realtime) follow unchanged. The security-definer reads that look at the
-- membership tables directly (my_workspaces, channel_list, threads, the realtime topic lists)
-- are redefined with the same filter. Your own membership rows stay readable, so the app can
-- tell a blocked workspace from one you left; mfa_blocked_workspaces() names them.

alter table public.workspaces add column require_mfa boolean not null default false;

-- Whether the session's token says aal2 (a second factor was verified in this session).
create function private.session_aal2() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
$$;

-- Whether the caller may read at this session's level: aal2, or an account without a verified
-- factor.
create function private.mfa_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.session_aal2() or not exists (
    select 1 from auth.mfa_factors f
    where f.user_id = (select auth.uid()) and f.status = 'verified'
  )
$$;

-- Workspaces the caller is a current member of and may read at this session's level.
create or replace function private.workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and (select private.mfa_ok()) and (not w.require_mfa or (select private.session_aal2()))
$$;

create or replace function private.admin_workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null and wm.role in ('owner', 'admin')
    and wm.workspace_id in (select private.workspace_ids())
$$;

create or replace function private.workspace_role(p_workspace_id uuid)
returns public.workspace_role
language sql stable security definer set search_path = '' as $$
  select wm.role
  from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = (select auth.uid()) and wm.left_at is null
    and p_workspace_id in (select private.workspace_ids())
$$;

create or replace function private.is_workspace_admin(p_workspace_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_workspace_id in (select private.admin_workspace_ids())
$$;

create or replace function private.visible_user_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select (select auth.uid())
  union
  select other.user_id
  from public.workspace_members other
  where other.workspace_id in (select private.workspace_ids())
$$;

-- The caller's channels in the workspaces they may read.
create or replace function private.member_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select cm.channel_id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.workspace_id in (select private.workspace_ids())
$$;

create or replace function private.is_channel_member(p_channel_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_channel_id in (select private.member_channel_ids())
$$;

create or replace function private.visible_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channels c
  where c.workspace_id in (select private.workspace_ids())
    and (
      c.kind = 'public'
      or exists (
        select 1 from public.channel_members cm
        where cm.channel_id = c.id and cm.user_id = (select auth.uid())
      )
    )
$$;

create or replace function private.postable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.archived_at is null
    and c.workspace_id in (select private.workspace_ids())
$$;

create or replace function private.joinable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channels c
  where c.kind = 'public' and c.archived_at is null
    and c.workspace_id in (select private.workspace_ids())
$$;

create or replace function private.leavable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.kind <> 'dm' and not c.is_default
    and c.workspace_id in (select private.workspace_ids())
$$;

create or replace function private.manageable_channel_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.kind <> 'dm'
    and c.workspace_id in (select private.workspace_ids())
  union
  select c.id
  from public.channels c
  where c.kind = 'public' and c.workspace_id in (select private.admin_workspace_ids())
$$;

create or replace function private.member_channel_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select c.workspace_id::text || '/' || c.id::text || '/'
  from public.channels c
  where c.id in (select private.member_channel_ids())
$$;

create or replace function private.postable_channel_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select c.workspace_id::text || '/' || c.id::text || '/'
  from public.channels c
  where c.id in (select private.postable_channel_ids())
$$;

create or replace function private.realtime_topics() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'channel:' || id::text from private.member_channel_ids() id
  union all
  select 'workspace:' || id::text from private.workspace_ids() id
$$;

create or replace function private.live_topics() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'live:user:' || u.id::text from (select (select auth.uid()) as id) u where u.id is not null
  union all
  select 'live:channel:' || id::text from private.member_channel_ids() id
  union all
  select 'live:workspace:' || id::text from private.workspace_ids() id
$$;

-- The switcher lists only the workspaces readable now (mfa_blocked_workspaces() the others).
create or replace function public.my_workspaces()
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
    + coalesce((
      select sum(greatest(t.last_seq - tm.last_read_seq, 0))
      from public.thread_members tm
      join public.channel_members cm on cm.channel_id = tm.channel_id and cm.user_id = tm.user_id
      join public.channels c on c.id = tm.channel_id
      join public.threads t on t.id = tm.thread_id
      where tm.user_id = wm.user_id and tm.following and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and w.id in (select private.workspace_ids())
  order by lower(w.name), w.id
$$;

create or replace function public.channel_list(p_workspace_id uuid)
returns table (
  id uuid,
  workspace_id uuid,
  kind public.channel_kind,
  name text,
  topic text,
  is_default boolean,
  created_by uuid,
  created_at timestamptz,
  archived_at timestamptz,
  last_seq bigint,
  last_message_at timestamptz,
  last_read_seq bigint,
  unread_count bigint,
  mention_count bigint,
  members jsonb
)
language sql stable security definer set search_path = '' as $$
  select c.id, c.workspace_id, c.kind, c.name, c.topic, c.is_default, c.created_by, c.created_at,
    c.archived_at, c.last_seq, c.last_message_at, cm.last_read_seq,
    greatest(c.last_seq - cm.last_read_seq, 0),
    (
      select count(*) from (
        select 1 from public.messages m
        where m.channel_id = c.id and m.seq > greatest(cm.last_read_seq, c.last_seq - 1000)
          and m.mentions @> array[cm.user_id] and m.deleted_at is null
      ) as mentioned
    ),
    case when c.kind = 'dm' then (
      select coalesce(jsonb_agg(
        jsonb_build_object('id', p.id, 'display_name', p.display_name, 'avatar_path', p.avatar_path)
        order by lower(p.display_name), p.id
      ), '[]'::jsonb)
      from public.channel_members other
      join public.profiles p on p.id = other.user_id
      where other.channel_id = c.id and (other.user_id <> cm.user_id or c.dm_key = cm.user_id::text)
    ) end
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.workspace_id = p_workspace_id
    and p_workspace_id in (select private.workspace_ids())
  order by c.kind, lower(c.name), c.last_message_at desc nulls last, c.id
$$;

create or replace function public.threads(p_workspace_id uuid, p_limit integer default 50)
returns table (
  id uuid,
  channel_id uuid,
  channel_name text,
  channel_kind public.channel_kind,
  parent jsonb,
  reply_count integer,
  last_seq bigint,
  last_reply_at timestamptz,
  last_repliers uuid[],
  last_read_seq bigint,
  unread_count bigint
)
language sql stable security definer set search_path = '' as $$
  select t.id, t.channel_id, c.name, c.kind,
    jsonb_build_object('id', p.id, 'author_id', p.author_id, 'body', p.body, 'seq', p.seq,
      'created_at', p.created_at, 'edited_at', p.edited_at, 'deleted_at', p.deleted_at),
    t.reply_count, t.last_seq, t.last_reply_at, t.last_repliers, tm.last_read_seq,
    greatest(t.last_seq - tm.last_read_seq, 0)
  from public.thread_members tm
  join public.channel_members cm on cm.channel_id = tm.channel_id and cm.user_id = tm.user_id
  join public.channels c on c.id = tm.channel_id
  join public.threads t on t.id = tm.thread_id
  join public.messages p on p.id = t.id
  where tm.user_id = (select auth.uid()) and tm.following and c.workspace_id = p_workspace_id
    and p_workspace_id in (select private.workspace_ids())
  order by (t.last_seq > tm.last_read_seq) desc, t.last_reply_at desc nulls last, t.id
  limit least(greatest(coalesce(p_limit, 50), 1), 500)
$$;

-- The workspaces the caller is a member of but may not read at this session's level, and why:
-- 'verify' (the account has a verified factor and the session is aal1: sign in with it) or
-- 'enrol' (the workspace requires two-factor sign-in and the account has no verified factor).
create function public.mfa_blocked_workspaces()
returns table (id uuid, name text, slug text, reason text)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, w.slug,
    case
      when exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      ) then 'verify'
      else 'enrol'
    end
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and w.id not in (select private.workspace_ids())
  order by lower(w.name), w.id
$$;

-- An owner requires (or stops requiring) two-factor sign-in for their workspace. Turning it on
-- needs an aal2 session, so the owner cannot lock themselves out.
create function public.set_workspace_require_mfa(p_workspace_id uuid, p_required boolean)
returns public.workspaces
language plpgsql security definer set search_path = '' as $$
declare
  w public.workspaces;
begin
  perform private.require_uid();
  if p_required is null then
    raise exception using errcode = '22023', message = 'p_required must be true or false.';
  end if;
  perform private.lock_workspace(p_workspace_id);
  if private.workspace_role(p_workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only an owner can change the workspace''s sign-in policy.';
  end if;
  if p_required and not private.session_aal2() then
    raise exception using errcode = '42501',
      message = 'Turn on two-factor sign-in for yourself first.',
      hint = 'Settings, Security: add an authenticator app or a security key, then sign in with it.';
  end if;
  update public.workspaces set require_mfa = p_required where id = p_workspace_id
  returning * into w;
  return w;
end
$$;

revoke all on function private.session_aal2(), private.mfa_ok() from public, anon;
grant execute on function private.session_aal2(), private.mfa_ok() to authenticated, service_role;
revoke all on function public.mfa_blocked_workspaces(),
  public.set_workspace_require_mfa(uuid, boolean) from public, anon;
grant execute on function public.mfa_blocked_workspaces(),
  public.set_workspace_require_mfa(uuid, boolean) to authenticated, service_role;

-- Your channel memberships (channel ids, read positions) only in workspaces readable now.
drop policy "channel_members: read own" on public.channel_members;
create policy "channel_members: read own" on public.channel_members
  for select to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.member_channel_ids()));
