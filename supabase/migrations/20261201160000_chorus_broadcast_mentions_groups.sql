-- Mentioning many at once (issue 35, parts 1 and 2): @channel, @here, @everyone and user groups.
--
-- A body names them as Slack's wire format does: `<!channel>` (every member of the channel),
-- `<!here>` (the channel's members active in Chorus now), `<!everyone>` (the whole workspace, in
-- its default channel only) and `<!subteam^<group id>|@handle>` (the group's members who are in
-- the channel; the label, optional, is what readers see). A new message's `mentions` gets every person they reach (never its author), so each
-- one's notification rules (level, mute, Do Not Disturb), badges and emails treat it as a
-- mention of them, as for `<@id>`. Editing a message never notifies anyone anew: what an edit
-- keeps of the broadcast is who it reached already, while the body still names it.
--
-- Active now: an app that is open and used says so every minute (`touch_activity()`, a row of
-- `user_activity` per person and workspace); `<!here>` reaches those seen in the last two
-- minutes. (Realtime presence is only in memory, on a hosted project too: the database cannot
-- read it.)
--
-- Who may use @channel, @here and @everyone: `workspaces.broadcast_mentions`, `everyone` (the
-- default) or `admins` (owners and admins), set by an owner (`set_broadcast_mentions`).
--
-- User groups: `user_groups` (a handle such as `design`, unique in the workspace, a name and a
-- description), made, renamed and deleted by owners and admins; `user_group_members`, which
-- admins add people to and remove them from, and which any member joins or leaves for
-- themselves. Both are readable by the workspace's members.

alter table public.workspaces
  add column broadcast_mentions text not null default 'everyone'
    constraint workspaces_broadcast_mentions check (broadcast_mentions in ('everyone', 'admins'));

create table public.user_activity (
  user_id uuid not null references public.profiles (id) on delete cascade,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  active_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
alter table public.user_activity enable row level security;
revoke all on table public.user_activity from anon, authenticated;
grant select on table public.user_activity to service_role;
-- Nobody reads it through the API: who is active shows through Realtime presence; this is only
-- for @here.

create table public.user_groups (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  handle text not null,
  name text not null,
  description text not null default '',
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint user_groups_handle check (handle ~ '^[a-z0-9][a-z0-9._-]{0,29}$'),
  constraint user_groups_name_length check (char_length(name) between 1 and 80),
  constraint user_groups_description_length check (char_length(description) <= 250),
  constraint user_groups_handle_unique unique (workspace_id, handle),
  constraint user_groups_id_workspace unique (id, workspace_id)
);
alter table public.user_groups enable row level security;

create table public.user_group_members (
  group_id uuid not null,
  workspace_id uuid not null,
  user_id uuid not null,
  added_by uuid references public.profiles (id) on delete set null,
  added_at timestamptz not null default now(),
  primary key (group_id, user_id),
  constraint user_group_members_group foreign key (group_id, workspace_id)
    references public.user_groups (id, workspace_id) on delete cascade,
  constraint user_group_members_member foreign key (workspace_id, user_id)
    references public.workspace_members (workspace_id, user_id) on delete cascade
);
create index user_group_members_user on public.user_group_members (user_id, workspace_id);
alter table public.user_group_members enable row level security;

create policy "user_groups: members read" on public.user_groups
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()));
create policy "user_group_members: members read" on public.user_group_members
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()));

revoke all on table public.user_groups from anon, authenticated;
revoke all on table public.user_group_members from anon, authenticated;
grant select on table public.user_groups to authenticated;
grant select on table public.user_group_members to authenticated;

-- I am active in this workspace now (the app calls it while open and used, about once a minute).
create or replace function public.touch_activity(p_workspace_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  insert into public.user_activity (user_id, workspace_id, active_at)
  values ((select auth.uid()), p_workspace_id, now())
  on conflict (workspace_id, user_id) do update set active_at = excluded.active_at;
end
$$;
revoke all on function public.touch_activity(uuid) from public, anon;
grant execute on function public.touch_activity(uuid) to authenticated;

create or replace function public.set_broadcast_mentions(p_workspace_id uuid, p_who text)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not (select private.is_workspace_owner(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner can choose who may notify everyone.';
  end if;
  if p_who is null or p_who not in ('everyone', 'admins') then
    raise exception using errcode = '22023',
      message = format('%s is not one of everyone, admins.', coalesce(p_who, 'null'));
  end if;
  update public.workspaces set broadcast_mentions = p_who where id = p_workspace_id;
end
$$;
revoke all on function public.set_broadcast_mentions(uuid, text) from public, anon;
grant execute on function public.set_broadcast_mentions(uuid, text) to authenticated;

-- Groups: admins make, change and delete them; members join and leave; admins add and remove.
create or replace function private.clean_handle(p_handle text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v text := lower(btrim(coalesce(p_handle, '')));
begin
  v := regexp_replace(v, '^@', '');
  if v !~ '^[a-z0-9][a-z0-9._-]{0,29}$' then
    raise exception using errcode = '22023',
      message = 'A group handle is 1 to 30 letters, digits, dots, dashes or underscores.',
      detail = format('Got "%s".', left(coalesce(p_handle, ''), 40));
  end if;
  if v in ('channel', 'here', 'everyone') then
    raise exception using errcode = '22023',
      message = format('@%s is taken: it mentions the whole channel or workspace.', v);
  end if;
  return v;
end
$$;

create or replace function private.require_workspace_admin(p_workspace_id uuid)
returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (select private.is_workspace_admin(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage groups.';
  end if;
end
$$;

create or replace function public.create_user_group(
  p_workspace_id uuid,
  p_handle text,
  p_name text,
  p_description text default '',
  p_user_ids uuid[] default '{}'
)
returns public.user_groups
language plpgsql security definer
set search_path = ''
as $$
declare
  v_group public.user_groups;
begin
  perform private.require_workspace_admin(p_workspace_id);
  begin
    insert into public.user_groups (workspace_id, handle, name, description, created_by)
    values (p_workspace_id, private.clean_handle(p_handle), btrim(coalesce(p_name, '')),
      btrim(coalesce(p_description, '')), (select auth.uid()))
    returning * into v_group;
  exception
    when unique_violation then
      raise exception using errcode = '23505',
        message = format('There is already a group @%s.', private.clean_handle(p_handle));
    when check_violation then
      raise exception using errcode = '22023',
        message = 'A group needs a name of 1 to 80 characters and a description of at most 250.';
  end;
  perform public.add_user_group_members(v_group.id, p_user_ids);
  return v_group;
end
$$;

create or replace function public.update_user_group(
  p_group_id uuid,
  p_handle text default null,
  p_name text default null,
  p_description text default null
)
returns public.user_groups
language plpgsql security definer
set search_path = ''
as $$
declare
  v_group public.user_groups;
begin
  select * into v_group from public.user_groups g where g.id = p_group_id;
  if v_group.id is null or v_group.workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.';
  end if;
  perform private.require_workspace_admin(v_group.workspace_id);
  begin
    update public.user_groups g set
      handle = coalesce(private.clean_handle(nullif(p_handle, '')), g.handle),
      name = coalesce(nullif(btrim(p_name), ''), g.name),
      description = coalesce(btrim(p_description), g.description)
    where g.id = p_group_id
    returning * into v_group;
  exception
    when unique_violation then
      raise exception using errcode = '23505',
        message = format('There is already a group @%s.', private.clean_handle(p_handle));
    when check_violation then
      raise exception using errcode = '22023',
        message = 'A group needs a name of 1 to 80 characters and a description of at most 250.';
  end;
  return v_group;
end
$$;

create or replace function public.delete_user_group(p_group_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_workspace uuid;
begin
  select g.workspace_id into v_workspace from public.user_groups g where g.id = p_group_id;
  if v_workspace is null or v_workspace not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.';
  end if;
  perform private.require_workspace_admin(v_workspace);
  delete from public.user_groups where id = p_group_id;
end
$$;

-- Admins add anyone of the workspace; a member may add only themselves (joining).
create or replace function public.add_user_group_members(p_group_id uuid, p_user_ids uuid[])
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_workspace uuid;
  v_me uuid := (select auth.uid());
  v_strangers uuid[];
begin
  select g.workspace_id into v_workspace from public.user_groups g where g.id = p_group_id;
  if v_workspace is null or v_workspace not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.';
  end if;
  if coalesce(array_length(p_user_ids, 1), 0) = 0 then
    return;
  end if;
  if not (select private.is_workspace_admin(v_workspace)) and p_user_ids <> array[v_me] then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can add others to a group.',
      hint = 'You can join a group yourself.';
  end if;
  select array_agg(u) into v_strangers from unnest(p_user_ids) u
  where not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = v_workspace and wm.user_id = u and wm.left_at is null
  );
  if v_strangers is not null then
    raise exception using errcode = '22023',
      message = 'Only people of the workspace can be in its groups.',
      detail = format('Not in the workspace: %s', array_to_string(v_strangers, ', '));
  end if;
  insert into public.user_group_members (group_id, workspace_id, user_id, added_by)
  select p_group_id, v_workspace, u, v_me from unnest(p_user_ids) u
  on conflict (group_id, user_id) do nothing;
end
$$;

create or replace function public.remove_user_group_member(p_group_id uuid, p_user_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_workspace uuid;
begin
  select g.workspace_id into v_workspace from public.user_groups g where g.id = p_group_id;
  if v_workspace is null or v_workspace not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.';
  end if;
  if p_user_id is distinct from (select auth.uid())
    and not (select private.is_workspace_admin(v_workspace)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can remove others from a group.',
      hint = 'You can leave a group yourself.';
  end if;
  delete from public.user_group_members m where m.group_id = p_group_id and m.user_id = p_user_id;
end
$$;

revoke all on function public.create_user_group(uuid, text, text, text, uuid[]) from public, anon;
revoke all on function public.update_user_group(uuid, text, text, text) from public, anon;
revoke all on function public.delete_user_group(uuid) from public, anon;
revoke all on function public.add_user_group_members(uuid, uuid[]) from public, anon;
revoke all on function public.remove_user_group_member(uuid, uuid) from public, anon;
grant execute on function public.create_user_group(uuid, text, text, text, uuid[]) to authenticated;
grant execute on function public.update_user_group(uuid, text, text, text) to authenticated;
grant execute on function public.delete_user_group(uuid) to authenticated;
grant execute on function public.add_user_group_members(uuid, uuid[]) to authenticated;
grant execute on function public.remove_user_group_member(uuid, uuid) to authenticated;

-- Who a body's @channel, @here, @everyone and group mentions reach in a channel (its author
-- left out); refused when the workspace keeps broadcasts to admins, when @everyone is used
-- outside the default channel, or a group is not of the channel's workspace.
create or replace function private.broadcast_mentions(
  p_channel_id uuid,
  p_author_id uuid,
  p_body text
)
returns uuid[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_channel public.channels;
  v_policy text;
  v_words text[];
  v_groups uuid[];
  v_unknown uuid[];
  v_reached uuid[] := '{}';
begin
  if coalesce(p_body, '') !~ '<!(channel|here|everyone|subteam\^[0-9a-fA-F-]{36}(\|[^<>|]{1,40})?)>' then
    return '{}';
  end if;
  select * into v_channel from public.channels c where c.id = p_channel_id;
  select array_agg(distinct m[1]) into v_words
  from regexp_matches(p_body, '<!(channel|here|everyone)>', 'g') as m;
  if v_words is not null and p_author_id is not null then
    select w.broadcast_mentions into v_policy from public.workspaces w where w.id = v_channel.workspace_id;
    if v_policy = 'admins' and not exists (
      select 1 from public.workspace_members wm
      where wm.workspace_id = v_channel.workspace_id and wm.user_id = p_author_id
        and wm.left_at is null and wm.role in ('owner', 'admin')
    ) then
      raise exception using errcode = '42501',
        message = format('Only admins can use @%s in this workspace.', v_words[1]),
        hint = 'Mention the people you mean, or ask an admin.';
    end if;
  end if;
  if 'everyone' = any (coalesce(v_words, '{}')) and not v_channel.is_default then
    raise exception using errcode = '22023',
      message = '@everyone works only in the workspace''s general channel.',
      hint = 'Use @channel to notify everyone in this channel.';
  end if;
  if 'channel' = any (coalesce(v_words, '{}')) or 'everyone' = any (coalesce(v_words, '{}')) then
    select v_reached || coalesce(array_agg(cm.user_id), '{}') into v_reached
    from public.channel_members cm where cm.channel_id = p_channel_id;
  elsif 'here' = any (coalesce(v_words, '{}')) then
    select v_reached || coalesce(array_agg(cm.user_id), '{}') into v_reached
    from public.channel_members cm
    join public.user_activity a on a.user_id = cm.user_id and a.workspace_id = cm.workspace_id
    where cm.channel_id = p_channel_id and a.active_at > now() - interval '2 minutes';
  end if;
  select array_agg(distinct lower(m[1])::uuid) into v_groups
  from regexp_matches(p_body, '<!subteam\^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(\|[^<>|]{1,40})?>', 'g') as m;
  if v_groups is not null then
    select array_agg(g) into v_unknown from unnest(v_groups) g
    where not exists (
      select 1 from public.user_groups ug where ug.id = g and ug.workspace_id = v_channel.workspace_id
    );
    if v_unknown is not null then
      raise exception using errcode = '22023',
        message = 'You mentioned a group that is not in this workspace.',
        detail = format('Unknown group: %s', array_to_string(v_unknown, ', '));
    end if;
    select v_reached || coalesce(array_agg(gm.user_id), '{}') into v_reached
    from public.user_group_members gm
    join public.channel_members cm on cm.user_id = gm.user_id and cm.channel_id = p_channel_id
    where gm.group_id = any (v_groups);
  end if;
  return coalesce((
    select array_agg(distinct u) from unnest(v_reached) u where u is distinct from p_author_id
  ), '{}');
end
$$;
revoke all on function private.broadcast_mentions(uuid, uuid, text) from public;

-- Runs after messages_before_insert/update (triggers fire by name): adds whom the broadcasts
-- reach to the mentions the person mentions made.
create or replace function private.messages_broadcast_mentions()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.body ~ '<!' then
      new.mentions := (
        select coalesce(array_agg(distinct u), '{}')
        from unnest(new.mentions || private.broadcast_mentions(new.channel_id, new.author_id, new.body)) u
      );
    end if;
  elsif new.deleted_at is null and new.body is distinct from old.body
    and new.body ~ '<!(channel|here|everyone|subteam\^)' then
    -- An edit reaches nobody new: it keeps whom the broadcast reached, while still named.
    new.mentions := (
      select coalesce(array_agg(distinct u), '{}') from unnest(new.mentions || old.mentions) u
    );
  end if;
  return new;
end
$$;
create trigger messages_broadcast_mentions before insert or update of body, deleted_at
  on public.messages
  for each row execute function private.messages_broadcast_mentions();

-- The audit log: groups made, changed and deleted; who may notify everyone.
create or replace function private.audit_user_groups()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'group.created', 'group', new.id::text, '@' || new.handle,
      jsonb_build_object('name', new.name));
  elsif tg_op = 'DELETE' then
    if exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
      perform private.audit(old.workspace_id, 'group.deleted', 'group', old.id::text, '@' || old.handle);
    end if;
  elsif new.handle is distinct from old.handle or new.name is distinct from old.name then
    perform private.audit(new.workspace_id, 'group.changed', 'group', new.id::text, '@' || new.handle,
      jsonb_build_object('from', '@' || old.handle, 'to', '@' || new.handle, 'name', new.name));
  end if;
  return null;
end
$$;
create trigger user_groups_audit after insert or update or delete on public.user_groups
  for each row execute function private.audit_user_groups();

create or replace function private.audit_broadcast_mentions()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.audit(new.id, 'workspace.broadcast_mentions_changed', 'workspace', new.id::text,
    new.name, jsonb_build_object('from', old.broadcast_mentions, 'to', new.broadcast_mentions));
  return null;
end
$$;
create trigger workspaces_audit_broadcast after update of broadcast_mentions on public.workspaces
  for each row when (old.broadcast_mentions is distinct from new.broadcast_mentions)
  execute function private.audit_broadcast_mentions();

-- Live: the workspace's topic tells its members a group or its membership changed (the
-- `user_groups` and `user_group_members` tables, as the other live rows of the workspace).
create or replace function private.live_user_groups()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(coalesce(new, old));
begin
  perform private.live_send('live:workspace:' || (v_row ->> 'workspace_id'), tg_table_name, tg_op,
    v_row);
  return null;
end
$$;
create trigger user_groups_live after insert or update or delete on public.user_groups
  for each row execute function private.live_user_groups();
create trigger user_group_members_live after insert or delete on public.user_group_members
  for each row execute function private.live_user_groups();
