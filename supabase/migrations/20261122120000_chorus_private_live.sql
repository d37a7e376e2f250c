-- Live updates through private Realtime topics, sent by the database. Postgres changes do not
-- apply row-level security to deleted rows (hosted Realtime neither): with REPLICA IDENTITY FULL
-- an outsider subscribed to DELETE on reactions filtered by a private channel's id learnt when
-- someone there removed a reaction. So Chorus's tables leave the supabase_realtime publication
-- (postgres_changes then tell nobody anything about them), and triggers send each change with
-- realtime.send() to the topics of the people who may read it, as Supabase recommends:
--
--   live:channel:<channel id>      messages, reactions, attachments of the channel (its members)
--   live:workspace:<workspace id>  public channels, their rosters, the workspace, its members and
--                                  their profiles (current members of the workspace)
--   live:user:<user id>            your memberships and read positions, the private channels and
--                                  direct messages you are in and their rosters (you alone)
--
-- Joining a topic is authorized by the select policy below (checked by Realtime at join); no
-- insert policy lets a client send or track on these topics, so every event on them comes from
-- the database (the trigger functions are security definer). Each event is
-- { table, operation, record } (record: the row after an insert or update, the row before a
-- delete), with the operation as the broadcast event. Being in a transaction, an event is sent
-- only if the change commits, in commit order.
-- Typing and presence stay on channel:<id> and workspace:<id> (*_chorus_realtime.sql).

alter publication supabase_realtime drop table
  public.messages,
  public.reactions,
  public.attachments,
  public.channels,
  public.channel_members,
  public.workspaces,
  public.workspace_members,
  public.profiles;

alter table public.reactions replica identity default;
alter table public.attachments replica identity default;
alter table public.channel_members replica identity default;
alter table public.workspace_members replica identity default;

-- The live topics the caller may join.
create function private.live_topics() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'live:user:' || u.id::text from (select (select auth.uid()) as id) u where u.id is not null
  union all
  select 'live:channel:' || cm.channel_id::text
  from public.channel_members cm
  where cm.user_id = (select auth.uid())
  union all
  select 'live:workspace:' || wm.workspace_id::text
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

create policy "chorus live topics: readers receive" on realtime.messages
  for select to authenticated
  using (extension = 'broadcast' and (select realtime.topic()) in (select private.live_topics()));

-- One event on one topic. Only the triggers below send (nobody may execute this directly; the
-- trigger depth guards against a later blanket grant).
create function private.live_send(p_topic text, p_table text, p_operation text, p_record jsonb)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if pg_trigger_depth() = 0 then
    raise exception using errcode = '42501', message = 'Live events are sent by the database only.';
  end if;
  perform realtime.send(
    jsonb_build_object('table', p_table, 'operation', p_operation, 'record', p_record),
    p_operation, p_topic, true
  );
end
$$;

-- The same event to the user topic of every member of a channel (private channels and direct
-- messages, whose rows only their members see), except p_except.
create function private.live_send_to_members(
  p_channel_id uuid, p_table text, p_operation text, p_record jsonb, p_except uuid default null
) returns void language sql security definer set search_path = '' as $$
  select private.live_send('live:user:' || cm.user_id::text, p_table, p_operation, p_record)
  from public.channel_members cm
  where cm.channel_id = p_channel_id and cm.user_id is distinct from p_except
$$;

-- messages, reactions, attachments: to the channel's members.
create function private.live_channel_content() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_data jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
begin
  perform private.live_send(
    'live:channel:' || (row_data ->> 'channel_id'), tg_table_name, tg_op, row_data
  );
  return null;
end
$$;

create trigger messages_live after insert or update on public.messages
  for each row execute function private.live_channel_content();
create trigger reactions_live after insert or delete on public.reactions
  for each row execute function private.live_channel_content();
create trigger attachments_live after insert or delete on public.attachments
  for each row execute function private.live_channel_content();

-- channels: a public channel to its workspace; a private channel or direct message to each of
-- its members (a new one reaches them as their membership). Every message moves last_seq.
create function private.live_channels() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ch public.channels;
begin
  if tg_op = 'DELETE' then ch := old; else ch := new; end if;
  if ch.kind = 'public' then
    perform private.live_send('live:workspace:' || ch.workspace_id::text, 'channels', tg_op, to_jsonb(ch));
  else
    perform private.live_send_to_members(ch.id, 'channels', tg_op, to_jsonb(ch));
  end if;
  return null;
end
$$;

create trigger channels_live after insert or update or delete on public.channels
  for each row execute function private.live_channels();

-- channel_members: your own row (with your read position) to you. A join or a leave changes
-- the channel's roster: { channel_id, user_id, joined_at } as table `channel_roster` (what
-- channel_roster() shows; never the row itself, whose read position is private) to whoever may
-- read it: the workspace for a public channel, the other members for a private one or a DM.
create function private.live_channel_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.channel_members;
  kind public.channel_kind;
  roster jsonb;
begin
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  perform private.live_send('live:user:' || m.user_id::text, 'channel_members', tg_op, to_jsonb(m));
  if tg_op = 'UPDATE' then
    return null;
  end if;
  roster := jsonb_build_object('channel_id', m.channel_id, 'user_id', m.user_id, 'joined_at', m.joined_at);
  select c.kind into kind from public.channels c where c.id = m.channel_id;
  if kind = 'public' then
    perform private.live_send('live:workspace:' || m.workspace_id::text, 'channel_roster', tg_op, roster);
  elsif kind is not null then
    perform private.live_send_to_members(m.channel_id, 'channel_roster', tg_op, roster, m.user_id);
  end if;
  return null;
end
$$;

create trigger channel_members_live after insert or update or delete on public.channel_members
  for each row execute function private.live_channel_members();

-- workspace_members: to the workspace, and to the person (who learns that they were removed).
create function private.live_workspace_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.workspace_members;
begin
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  perform private.live_send('live:workspace:' || m.workspace_id::text, 'workspace_members', tg_op, to_jsonb(m));
  perform private.live_send('live:user:' || m.user_id::text, 'workspace_members', tg_op, to_jsonb(m));
  return null;
end
$$;

create trigger workspace_members_live after insert or update or delete on public.workspace_members
  for each row execute function private.live_workspace_members();

create function private.live_workspaces() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  w public.workspaces;
begin
  if tg_op = 'DELETE' then w := old; else w := new; end if;
  perform private.live_send('live:workspace:' || w.id::text, 'workspaces', tg_op, to_jsonb(w));
  return null;
end
$$;

create trigger workspaces_live after update or delete on public.workspaces
  for each row execute function private.live_workspaces();

-- profiles: to the person and to every workspace they are or were in (whose members see them).
create function private.live_profiles() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:user:' || new.id::text, 'profiles', tg_op, to_jsonb(new));
  perform private.live_send('live:workspace:' || wm.workspace_id::text, 'profiles', tg_op, to_jsonb(new))
  from public.workspace_members wm
  where wm.user_id = new.id;
  return null;
end
$$;

create trigger profiles_live after update on public.profiles
  for each row execute function private.live_profiles();

revoke all on function private.live_topics(), private.live_send(text, text, text, jsonb),
  private.live_send_to_members(uuid, text, text, jsonb, uuid), private.live_channel_content(),
  private.live_channels(), private.live_channel_members(), private.live_workspace_members(),
  private.live_workspaces(), private.live_profiles()
  from public, anon, authenticated, service_role;
grant execute on function private.live_topics() to authenticated;
