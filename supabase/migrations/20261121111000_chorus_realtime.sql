-- Live updates. Postgres changes: these tables are in the supabase_realtime publication, and
-- Realtime checks each changed row against the subscriber's select policy, so members receive
-- exactly the rows they may read. Deleted rows are not checked by Realtime (the row is gone) and
-- are sent as their primary key only: every table here has a random surrogate id, so a delete
-- reveals nothing. REPLICA IDENTITY FULL lets a subscription filtered by channel_id (or
-- user_id) match delete events.
alter publication supabase_realtime add table
  public.messages,
  public.reactions,
  public.attachments,
  public.channels,
  public.channel_members,
  public.workspaces,
  public.workspace_members,
  public.profiles;

alter table public.reactions replica identity full;

alter table public.attachments replica identity full;

alter table public.channel_members replica identity full;

alter table public.workspace_members replica identity full;

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

-- Broadcast (typing) and Presence (who is online) on private channels: `channel:<channel id>`
-- for the members of a channel, `workspace:<workspace id>` for the members of a workspace.
create policy "chorus topics: members receive" on realtime.messages
  for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and (select realtime.topic()) in (select private.realtime_topics())
  );

create policy "chorus topics: members send" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and (select realtime.topic()) in (select private.realtime_topics())
  );
