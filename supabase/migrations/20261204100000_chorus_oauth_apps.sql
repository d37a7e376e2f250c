-- Third-party apps get only what the person allowed them (issue 49, item 4). An app is a client
-- of Auth's OAuth 2.1 server; the access tokens of a session Auth issued to it carry the client's
-- id in the `client_id` claim (and its OAuth scopes in `scope`, which govern only OpenID Connect
-- data: what an app may do in the database is decided here, by `client_id`). A token without
-- that claim is the person's own, and none of this applies to it.
--
-- What an app may do, per person and workspace (public.app_access): read, unless the person
-- granted it write there, or took even reading away ('none'). Without a row, an app reads every
-- workspace the person reads (what the person consented to on Auth's consent screen) and
-- writes nowhere. All of it holds only while the app's session lives: when the person revokes
-- the app (Auth's DELETE /user/oauth/grants, or revoke_app() here) its sessions end, and the
-- access tokens it still holds read nothing from then on, before they expire.
--
-- Reading: private.workspace_ids(), which every policy, RPC, Storage policy and Realtime topic
-- list keeps to, leaves out what the app may not read. Writing: a trigger on every table of
-- public (private.oauth_write_gate) refuses an app's insert, update or delete of a row unless it
-- may write in the row's workspace (the row's workspace_id, or its channel's), so writes through
-- RPCs are refused as much as direct ones; a row of no workspace (profiles, statuses, settings)
-- no app writes. Files likewise: restrictive policies on storage.objects. A new table joins the
-- gate with private.join_app_gate() (tests/oauth-apps.test.ts checks that every table has).
-- The refusal: 42501, "This app may not change anything in this workspace.", details
-- app_write_not_granted. Only the person (a token without `client_id`) sees and changes what
-- apps may do.

-- The client an access token was issued to, or null for the person's own session. A value that is
-- no UUID (a custom access token hook's) counts as an app that may do nothing.
create or replace function private.oauth_client_id()
returns uuid
language sql stable
set search_path = ''
as $$
  select case
    when c is null or c = '' then null
    when c ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then c::uuid
    else '00000000-0000-0000-0000-000000000000'::uuid
  end
  from (select auth.jwt() ->> 'client_id' as c) t
$$;
-- Executable by every role: the write gate's trigger condition calls it for whoever writes.

create table public.app_access (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references public.profiles(id) on delete cascade,
  -- auth.oauth_clients(id); no foreign key into Auth's schema (a deleted client's rows go
  -- with revoke_app, and match no token once the client is gone)
  client_id uuid not null,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  access text not null,
  updated_at timestamptz not null default now(),
  constraint app_access_pkey primary key (id),
  constraint app_access_once unique (user_id, client_id, workspace_id),
  constraint app_access_access check (access in ('none', 'read', 'write'))
);
alter table public.app_access enable row level security;
create index app_access_workspace on public.app_access (workspace_id);

revoke all on table public.app_access from anon, authenticated;
grant select on table public.app_access to authenticated;
grant all on table public.app_access to service_role;

-- The person reads their own grants, of the workspaces they read (at the session's two-factor
-- level, as the rest of the workspace); an app reads none, not even its own.
create policy "app_access: the person reads their own" on public.app_access
  as permissive for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids())
    and (select private.oauth_client_id()) is null);

-- Whether the caller is the person, or an app whose session still lives (not revoked, not
-- signed out): an access token outlives its session, this check does not.
create or replace function private.oauth_session_live()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select (select private.oauth_client_id()) is null or exists (
    select 1 from auth.sessions s
    where s.id::text = (select auth.jwt()) ->> 'session_id'
      and s.user_id = (select auth.uid())
      and s.oauth_client_id = (select private.oauth_client_id())
      and (s.not_after is null or s.not_after > now())
  )
$$;
revoke all on function private.oauth_session_live() from public;
grant execute on function private.oauth_session_live() to authenticated, service_role;

-- Whether the caller may read (p_write false) or write in a workspace: always for the person's
-- own session; for an app, while its session lives and as app_access allows.
create or replace function private.oauth_client_may(p_workspace_id uuid, p_write boolean)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select (select private.oauth_client_id()) is null or (
    (select private.oauth_session_live())
    and coalesce((
      select a.access from public.app_access a
      where a.user_id = (select auth.uid()) and a.client_id = (select private.oauth_client_id())
        and a.workspace_id = p_workspace_id
    ), 'read') = any (case when p_write then array['write'] else array['read', 'write'] end)
  )
$$;
revoke all on function private.oauth_client_may(uuid, boolean) from public;
grant execute on function private.oauth_client_may(uuid, boolean) to authenticated, service_role;

create or replace function private.workspace_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select wm.workspace_id
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and wm.suspended_at is null -- suspended: a suspended member reads nothing of the workspace
    and (select private.mfa_ok()) and (not w.require_mfa or (select private.session_aal2()))
    -- a third-party app: only the workspaces it may read, while its session lives
    and ((select private.oauth_client_id()) is null
      or private.oauth_client_may(wm.workspace_id, false))
$$;

create or replace function private.oauth_write_gate()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  ws uuid;
begin
  if tg_table_name = 'workspaces' then
    ws := (r ->> 'id')::uuid;
  elsif r ? 'workspace_id' then
    ws := (r ->> 'workspace_id')::uuid;
  elsif r ? 'channel_id' then
    select c.workspace_id into ws from public.channels c where c.id = (r ->> 'channel_id')::uuid;
  end if;
  if ws is not null and private.oauth_client_may(ws, true) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception using errcode = '42501',
    message = 'This app may not change anything in this workspace.',
    detail = 'app_write_not_granted',
    hint = 'The person who connected it can allow it to write: Settings, Connected apps.';
end
$$;
revoke all on function private.oauth_write_gate() from public;

-- What every table of public has, the one above included: the write gate, which runs only for
-- an app's requests, and a restrictive policy by which a revoked app reads no row of it (also
-- the person's own rows, which no workspace holds). A new table's migration joins them with
-- `select private.join_app_gate('public.<table>');`.
create or replace function private.join_app_gate(p_table regclass)
returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
begin
  select c.relname, c.relrowsecurity, n.nspname into t
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = p_table;
  if t.nspname is distinct from 'public' then
    raise exception using errcode = '22023', message = 'Only tables of public join the app gate.';
  end if;
  execute format(
    'create trigger oauth_write_gate before insert or update or delete on public.%I '
    'for each row when (private.oauth_client_id() is not null) '
    'execute function private.oauth_write_gate()', t.relname);
  if t.relrowsecurity then
    execute format(
      'create policy %I on public.%I as restrictive for select to authenticated '
      'using ((select private.oauth_session_live()))',
      t.relname || ': a revoked app reads nothing', t.relname);
  end if;
end
$$;
revoke all on function private.join_app_gate(regclass) from public;

select private.join_app_gate(c.oid)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
order by c.relname;

-- Files: an app uploads, replaces or removes an attachment only in a workspace where it may
-- write (the first folder of the object's name is the workspace), and nothing in other buckets.
create or replace function private.oauth_client_may_write_file(p_bucket text, p_name text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select (select private.oauth_client_id()) is null or (
    case
      when p_bucket = 'attachments'
        and split_part(p_name, '/', 1) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then private.oauth_client_may(split_part(p_name, '/', 1)::uuid, true)
      else false
    end)
$$;
revoke all on function private.oauth_client_may_write_file(text, text) from public;
grant execute on function private.oauth_client_may_write_file(text, text) to authenticated, service_role;

create policy "apps: upload only where they may write" on storage.objects
  as restrictive for insert to authenticated
  with check (private.oauth_client_may_write_file(bucket_id, name));
create policy "apps: replace only where they may write" on storage.objects
  as restrictive for update to authenticated
  using (private.oauth_client_may_write_file(bucket_id, name))
  with check (private.oauth_client_may_write_file(bucket_id, name));
create policy "apps: remove only where they may write" on storage.objects
  as restrictive for delete to authenticated
  using (private.oauth_client_may_write_file(bucket_id, name));

-- Sessions are the person's business: an app neither lists nor ends them.
create or replace function private.require_mfa_for_sessions()
returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if (select private.oauth_client_id()) is not null then
    raise exception using errcode = '42501',
      message = 'Only the person, not an app, manages their sessions.';
  end if;
  if not private.mfa_ok() then
    raise exception using errcode = '42501',
      message = 'Sign in with your second factor to manage your sessions.',
      hint = 'Verify a code from your authenticator app or use your security key first.';
  end if;
end
$$;

-- What the person's Settings show: the grants of each app, for the workspaces they are in.
create or replace function public.set_app_access(p_client_id uuid, p_workspace_id uuid, p_access text)
returns public.app_access
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  saved public.app_access;
begin
  if (select private.oauth_client_id()) is not null then
    raise exception using errcode = '42501',
      message = 'Only the person, not an app, decides what apps may do.';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'Choose an app.';
  end if;
  if p_access is null or p_access not in ('none', 'read', 'write') then
    raise exception using errcode = '22023',
      message = 'An app''s access is none, read or write.',
      detail = format('Got "%s".', left(coalesce(p_access, ''), 40));
  end if;
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Workspace not found.';
  end if;
  insert into public.app_access (user_id, client_id, workspace_id, access)
  values (uid, p_client_id, p_workspace_id, p_access)
  on conflict on constraint app_access_once
  do update set access = excluded.access, updated_at = now()
  returning * into saved;
  return saved;
end
$$;
revoke all on function public.set_app_access(uuid, uuid, text) from public, anon;
grant execute on function public.set_app_access(uuid, uuid, text) to authenticated, service_role;

-- Revoking an app: its grants go and its sessions end (the refresh tokens with them), so the
-- access tokens it holds read nothing from now on. The app asks Auth too (auth.oauth.revokeGrant)
-- so that the consent is withdrawn and the next authorization asks the person again.
create or replace function public.revoke_app(p_client_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
begin
  if (select private.oauth_client_id()) is not null then
    raise exception using errcode = '42501',
      message = 'Only the person, not an app, decides what apps may do.';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'Choose an app.';
  end if;
  delete from public.app_access a where a.user_id = uid and a.client_id = p_client_id;
  delete from auth.sessions s where s.user_id = uid and s.oauth_client_id = p_client_id;
end
$$;
revoke all on function public.revoke_app(uuid) from public, anon;
grant execute on function public.revoke_app(uuid) to authenticated, service_role;
