-- Row-level security for every table, and the privileges beneath it. Writes that touch more
-- than one row (create a workspace, accept an invite, change a role, open a DM, …) go through
-- the RPCs in *_rpc_*.sql; the policies here allow exactly the single-row operations a client
-- may do directly with supabase-js.

-- profiles: yourself and the people of your workspaces; you edit only your own.
create policy "profiles: read own and co-workers" on public.profiles
  for select to authenticated
  using (id in (select private.visible_user_ids()));
create policy "profiles: update own" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- workspaces: members read; owners and admins rename. Created by create_workspace().
create policy "workspaces: members read" on public.workspaces
  for select to authenticated
  using (id in (select private.workspace_ids()));
create policy "workspaces: admins update" on public.workspaces
  for update to authenticated
  using (id in (select private.admin_workspace_ids()))
  with check (id in (select private.admin_workspace_ids()));

-- workspace_members: members see the roster (and you always see your own rows, so you learn
-- that you were removed). Changed only through the membership RPCs.
create policy "workspace_members: members read" on public.workspace_members
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()) or user_id = (select auth.uid()));

-- invites: owners and admins create, list and revoke; invitees use invite_preview() and
-- accept_invite() with the token.
create policy "invites: admins read" on public.invites
  for select to authenticated
  using (workspace_id in (select private.admin_workspace_ids()));
create policy "invites: admins create" on public.invites
  for insert to authenticated
  with check (workspace_id in (select private.admin_workspace_ids()) and created_by = (select auth.uid()));
create policy "invites: admins revoke" on public.invites
  for delete to authenticated
  using (workspace_id in (select private.admin_workspace_ids()));

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

-- messages: channel members read; members post as themselves; authors edit and delete (a
-- delete is an update setting deleted_at; admins delete through delete_message()).
create policy "messages: members read" on public.messages
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));
create policy "messages: members post" on public.messages
  for insert to authenticated
  with check (author_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));
create policy "messages: authors edit" on public.messages
  for update to authenticated
  using (author_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()))
  with check (author_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

-- reactions: channel members read, add their own, remove their own.
create policy "reactions: members read" on public.reactions
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));
create policy "reactions: members add own" on public.reactions
  for insert to authenticated
  with check (user_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));
create policy "reactions: remove own" on public.reactions
  for delete to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

-- attachments: channel members read; authors add rows for files they uploaded.
create policy "attachments: members read" on public.attachments
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));
create policy "attachments: authors add" on public.attachments
  for insert to authenticated
  with check (uploader_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

-- Privileges. Supabase grants everything in public to anon and authenticated by default, which
-- leaves RLS as the only guard; Chorus also narrows the grants: the anonymous role may not
-- write anything, nobody may truncate, and updates are limited to the columns a client may
-- change (server-kept columns such as seq, author_id or last_seq cannot be written at all).
-- The anonymous role keeps SELECT, under policies that give it no rows: without it, Realtime
-- would send an anonymous subscriber an (empty) "401" event for every change, telling it when
-- things happen.
revoke all on public.profiles, public.workspaces, public.workspace_members, public.invites,
  public.channels, public.channel_members, public.messages, public.reactions, public.attachments
  from anon;
grant select on public.profiles, public.workspaces, public.workspace_members, public.invites,
  public.channels, public.channel_members, public.messages, public.reactions, public.attachments
  to anon;
revoke truncate, references, trigger, update on public.profiles, public.workspaces,
  public.workspace_members, public.invites, public.channels, public.channel_members,
  public.messages, public.reactions, public.attachments
  from authenticated;
grant update (display_name, avatar_path) on public.profiles to authenticated;
grant update (name) on public.workspaces to authenticated;
grant update (name, topic, archived_at) on public.channels to authenticated;
grant update (last_read_seq) on public.channel_members to authenticated;
grant update (body, deleted_at) on public.messages to authenticated;
