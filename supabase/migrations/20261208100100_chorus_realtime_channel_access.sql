-- Who is in which channel, apart from the read positions. Realtime's topic policies
-- (private.may_use_topic()) read channel memberships, and the local stack re-checks the open
-- private channels only when the tables those policies read have changed. public.channel_members
-- also holds each member's read position, which moves with nearly every message sent (the
-- sender's) or read, and public.channels its last_seq: read there, every message would make the
-- stack check every open private channel again (5 per person, each second). This table holds
-- the memberships alone, kept by a trigger on channel_members in the same transaction, so a
-- membership added or removed is seen by the policies at once, as before.

create table private.channel_access (
  user_id uuid not null,
  channel_id uuid not null,
  workspace_id uuid not null,
  constraint channel_access_pkey primary key (user_id, channel_id)
);

alter table private.channel_access enable row level security;
revoke all on private.channel_access from public, anon, authenticated;

insert into private.channel_access (user_id, channel_id, workspace_id)
select user_id, channel_id, workspace_id from public.channel_members;

create function private.channel_access_sync() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    delete from private.channel_access
    where user_id = old.user_id and channel_id = old.channel_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.channel_access (user_id, channel_id, workspace_id)
    values (new.user_id, new.channel_id, new.workspace_id);
  end if;
  return null;
end
$$;

revoke all on function private.channel_access_sync() from public, anon, authenticated;

create trigger channel_members_access
  after insert or delete or update of user_id, channel_id, workspace_id
  on public.channel_members
  for each row execute function private.channel_access_sync();

-- As 20261208100000_chorus_realtime_topic_check.sql, with a channel's membership read from
-- private.channel_access.
create or replace function private.may_use_topic(p_topic text, p_live boolean) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_jwt jsonb;
  v_aal2 boolean;
  v_channel boolean;
  v_rest text;
  v_workspace uuid;
begin
  if v_uid is null or p_topic is null then
    return false;
  end if;
  if p_live and p_topic = 'live:user:' || v_uid::text then
    return true;
  end if;
  if starts_with(p_topic, case when p_live then 'live:channel:' else 'channel:' end) then
    v_channel := true;
    v_rest := substr(p_topic, case when p_live then 14 else 9 end);
  elsif starts_with(p_topic, case when p_live then 'live:workspace:' else 'workspace:' end) then
    v_channel := false;
    v_rest := substr(p_topic, case when p_live then 16 else 11 end);
  else
    return false;
  end if;
  -- A uuid's own text only, as the listed topics were written ('…' || id::text).
  if v_rest !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;

  if v_channel then
    select a.workspace_id into v_workspace
    from private.channel_access a
    where a.user_id = v_uid and a.channel_id = v_rest::uuid;
    if not found then
      return false;
    end if;
  else
    v_workspace := v_rest::uuid;
  end if;

  v_jwt := auth.jwt();
  v_aal2 := coalesce(v_jwt ->> 'aal', 'aal1') = 'aal2';
  if not exists (
    select 1
    from public.workspace_members wm
    join public.workspaces w on w.id = wm.workspace_id
    where wm.workspace_id = v_workspace and wm.user_id = v_uid
      and wm.left_at is null and wm.suspended_at is null
      and (v_channel or wm.role <> 'guest')
      and (not w.require_mfa or v_aal2)
  ) then
    return false;
  end if;
  -- private.mfa_ok(): with a verified factor, only a two-factor session reads.
  if not v_aal2 and exists (
    select 1 from auth.mfa_factors f where f.user_id = v_uid and f.status = 'verified'
  ) then
    return false;
  end if;
  -- A third-party app's token (private.oauth_client_id() not null): the app's access.
  if coalesce(v_jwt ->> 'client_id', '') <> '' then
    return private.oauth_client_may(v_workspace, false);
  end if;
  return true;
end
$$;
