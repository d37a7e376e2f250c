-- The helpers that row-level security and the triggers call on every message, in plpgsql. They
-- were LANGUAGE sql functions with SECURITY DEFINER or a SET search_path, which PostgreSQL cannot
-- inline: before version 18 it parses and plans such a function's body again each time a
-- statement calls it (once per execution of the calling statement, and once per call from a
-- plpgsql expression, whose state lasts one transaction). Sending one message called
-- private.workspace_ids() 3 times (through member_channel_ids(), postable_channel_ids() and
-- is_channel_member()), private.importing() 12 times, private.oauth_client_id() 4 times, each
-- planned anew: in a workspace of 1,000 members about half of send_message()'s database time. A
-- plpgsql function keeps its statements' plans for the session, as private.may_use_topic()
-- does (20261208100000_chorus_realtime_topic_check.sql).
--
-- Same names, signatures, results, volatility (stable), security (definer where they were),
-- search_path '' and grants (create or replace keeps the grants). The rules are unchanged:
-- supabase/tests/rls-helpers.test.ts holds each function to its previous SQL definition for the
-- people of the RLS world and the cases that change an answer (suspended, gone, a verified
-- factor at aal1 and aal2, a workspace requiring two factors, an app's token with and without
-- its session and grant, no user, the service role, anon).
--
-- is_channel_member(p) asked whether p was among all of the caller's channels; it now looks up
-- the one membership (and answers null for a null channel when the caller has channels, false
-- when they have none, as `null in (…)` did).

create or replace function private.importing() returns boolean
language plpgsql stable set search_path = '' as $$
begin
  return coalesce(current_setting('chorus.importing', true), '') = 'on' and auth.uid() is null;
end
$$;

create or replace function private.oauth_client_id() returns uuid
language plpgsql stable set search_path = '' as $$
declare
  c text := auth.jwt() ->> 'client_id';
begin
  return case
    when c is null or c = '' then null
    when c ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then c::uuid
    else '00000000-0000-0000-0000-000000000000'::uuid
  end;
end
$$;

create or replace function private.session_aal2() returns boolean
language plpgsql stable set search_path = '' as $$
begin
  return coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
end
$$;

create or replace function private.mfa_ok() returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
begin
  return private.session_aal2() or not exists (
    select 1 from auth.mfa_factors f
    where f.user_id = v_uid and f.status = 'verified'
  );
end
$$;

create or replace function private.oauth_session_live() returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  v_client uuid := private.oauth_client_id();
  v_session text;
  v_uid uuid;
begin
  if v_client is null then
    return true;
  end if;
  v_session := auth.jwt() ->> 'session_id';
  v_uid := auth.uid();
  return exists (
    select 1 from auth.sessions s
    where s.id::text = v_session
      and s.user_id = v_uid
      and s.oauth_client_id = v_client
      and (s.not_after is null or s.not_after > now())
  );
end
$$;

-- A member who has not left and is not suspended, with two-factor sign-in if they have a
-- verified factor or the workspace requires it; a third-party app: only the workspaces it may
-- read, while its session lives.
create or replace function private.workspace_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_aal2 boolean;
  v_app boolean;
begin
  if v_uid is null or not private.mfa_ok() then
    return;
  end if;
  v_aal2 := private.session_aal2();
  v_app := private.oauth_client_id() is not null;
  return query
    select wm.workspace_id
    from public.workspace_members wm
    join public.workspaces w on w.id = wm.workspace_id
    where wm.user_id = v_uid and wm.left_at is null
      and wm.suspended_at is null
      and (not w.require_mfa or v_aal2)
      and (not v_app or private.oauth_client_may(wm.workspace_id, false));
end
$$;

create or replace function private.member_channel_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select cm.channel_id
    from public.channel_members cm
    join public.channels c on c.id = cm.channel_id
    where cm.user_id = v_uid and c.workspace_id in (select private.workspace_ids());
end
$$;

create or replace function private.postable_channel_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select c.id
    from public.channel_members cm
    join public.channels c on c.id = cm.channel_id
    where cm.user_id = v_uid and c.archived_at is null
      and c.workspace_id in (select private.workspace_ids());
end
$$;

create or replace function private.is_channel_member(p_channel_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return false;
  end if;
  if p_channel_id is null then
    return case when exists (select 1 from private.member_channel_ids()) then null else false end;
  end if;
  return exists (
    select 1
    from public.channel_members cm
    join public.channels c on c.id = cm.channel_id
    where cm.channel_id = p_channel_id and cm.user_id = v_uid
      and c.workspace_id in (select private.workspace_ids())
  );
end
$$;
