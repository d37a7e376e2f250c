-- Realtime's topic policies, checked with one lookup of the topic's own rows. The policies on
-- realtime.messages asked whether the topic was in private.live_topics() or
-- private.realtime_topics(): every topic of the caller, through set-returning SQL functions
-- that Postgres plans again for each statement that calls them. Realtime checks these policies
-- at each join, and the local stack checks every open private channel again every second (so
-- that someone removed from a channel stops receiving it within a second): at about 2 ms a
-- check, a team of 250 people (5 private topics each) kept most of a core busy with the checks
-- alone (bench:team, issue 50). private.may_use_topic() answers the same question for one topic
-- (its kind, then its channel's or workspace's membership rows, by key) in a plpgsql function,
-- whose plans are kept for the session. The rules are those of private.member_channel_ids(),
-- private.workspace_ids() and private.full_workspace_ids(), which stay the definition:
-- supabase/tests/realtime-topic-check.test.ts compares the two answers over who may and may
-- not read a topic.
--
--   live:user:<id>        the caller alone                                  (live policy)
--   live:channel:<id>     a member of the channel, its workspace readable  (live policy)
--   live:workspace:<id>   a full member of the workspace, readable          (live policy)
--   channel:<id>          as live:channel                                   (typing, presence)
--   workspace:<id>        as live:workspace                                 (presence)
--
-- "Readable" is private.workspace_ids(): a member who has not left and is not suspended, with
-- two-factor sign-in if they have a verified factor or the workspace requires it, and, for a
-- third-party app's token, a workspace the app may read.

create function private.may_use_topic(p_topic text, p_live boolean) returns boolean
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
    select c.workspace_id into v_workspace
    from public.channel_members cm
    join public.channels c on c.id = cm.channel_id
    where cm.channel_id = v_rest::uuid and cm.user_id = v_uid;
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

revoke all on function private.may_use_topic(text, boolean) from public, anon;
grant execute on function private.may_use_topic(text, boolean) to authenticated, service_role;

drop policy "chorus live topics: readers receive" on realtime.messages;
create policy "chorus live topics: readers receive" on realtime.messages
  for select to authenticated
  using (extension = 'broadcast' and (select private.may_use_topic(realtime.topic(), true)));

drop policy "chorus topics: members receive" on realtime.messages;
create policy "chorus topics: members receive" on realtime.messages
  for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and (select private.may_use_topic(realtime.topic(), false))
  );

drop policy "chorus topics: members send" on realtime.messages;
create policy "chorus topics: members send" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and (select private.may_use_topic(realtime.topic(), false))
  );
