-- Sidebar sections (issue 71, item 3): each person's own arrangement of a workspace's sidebar, as
-- Slack's custom sections, kept on their account so that every device of theirs shows the same.
--
-- public.sidebar_sections: a person's sections in a workspace. `kind` 'custom' is one they made
-- (a name of their own); 'starred', 'channels' and 'dms' are the built-in ones (Starred, Channels,
-- Direct messages), whose rows exist only once the person changed them (collapsed one, moved one):
-- until then the app shows them with their defaults. `position` orders the sections (Starred is
-- always first), `collapsed` is remembered.
--
-- public.sidebar_placements: where a person put a channel or DM of theirs: a custom section or
-- Starred, at `position` within it. A channel without a row is in its default place (Channels or
-- Direct messages, by name); deleting a section deletes its rows, so its channels go back there.
--
-- Each person reads only their own rows (and only in workspaces they are a member of now); every
-- change goes through the RPCs below, which check the names, the limits and that a placed channel
-- is one of the person's. Each change is sent on the person's user topic (live:user:<id>), so their
-- other devices follow at once.

create table public.sidebar_sections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles(id) on delete cascade,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  kind text not null default 'custom',
  name text,
  position double precision not null default 0,
  collapsed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sidebar_sections_kind check (kind in ('custom', 'starred', 'channels', 'dms')),
  constraint sidebar_sections_name check (
    (kind = 'custom') = (name is not null)
    and (name is null or char_length(name) between 1 and 80)
  )
);
alter table public.sidebar_sections enable row level security;
create index sidebar_sections_user on public.sidebar_sections (user_id, workspace_id, position);
create index sidebar_sections_workspace on public.sidebar_sections (workspace_id);
-- One of each built-in per person and workspace; custom names unique whatever their case.
create unique index sidebar_sections_builtin on public.sidebar_sections (user_id, workspace_id, kind)
  where kind <> 'custom';
create unique index sidebar_sections_name_unique
  on public.sidebar_sections (user_id, workspace_id, lower(name)) where kind = 'custom';

create table public.sidebar_placements (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles(id) on delete cascade,
  channel_id uuid not null references public.channels(id) on delete cascade,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  section_id uuid not null references public.sidebar_sections(id) on delete cascade,
  position double precision not null default 0,
  updated_at timestamptz not null default now(),
  unique (user_id, channel_id)
);
alter table public.sidebar_placements enable row level security;
create index sidebar_placements_section on public.sidebar_placements (section_id);
create index sidebar_placements_channel on public.sidebar_placements (channel_id);
create index sidebar_placements_workspace on public.sidebar_placements (workspace_id);

create policy "sidebar_sections: your own" on public.sidebar_sections
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
create policy "sidebar_placements: your own" on public.sidebar_placements
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
revoke all on public.sidebar_sections from anon, authenticated;
revoke all on public.sidebar_placements from anon, authenticated;
grant select on public.sidebar_sections to authenticated;
grant select on public.sidebar_placements to authenticated;
grant all on public.sidebar_sections to service_role;
grant all on public.sidebar_placements to service_role;
select private.join_app_gate('public.sidebar_sections');
select private.join_app_gate('public.sidebar_placements');

-- Each change on its person's topic: the row's table, operation and the row (its workspace says
-- which sidebar follows).
create function private.sidebar_changed()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  r jsonb;
begin
  if tg_op = 'DELETE' then r := to_jsonb(old); else r := to_jsonb(new); end if;
  perform private.live_send('live:user:' || (r ->> 'user_id'), tg_table_name, tg_op,
    jsonb_build_object('workspace_id', r -> 'workspace_id'));
  return null;
end
$function$;
revoke all on function private.sidebar_changed() from public;
create trigger sidebar_sections_changed after insert or update or delete
  on public.sidebar_sections for each row execute function private.sidebar_changed();
create trigger sidebar_placements_changed after insert or update or delete
  on public.sidebar_placements for each row execute function private.sidebar_changed();

-- A section's name as kept: one line, trimmed, 1 to 80 characters.
create function private.sidebar_section_name(p_name text)
 returns text
 language plpgsql
 immutable
 set search_path to ''
as $function$
declare
  n text := btrim(regexp_replace(coalesce(p_name, ''), '\s+', ' ', 'g'));
begin
  if n = '' then
    raise exception using errcode = '22023', message = 'A section needs a name.', detail = 'section_name_invalid';
  end if;
  if char_length(n) > 80 then
    raise exception using errcode = '22023', message = 'A section''s name can be at most 80 characters long.', detail = 'section_name_invalid';
  end if;
  return n;
end
$function$;
revoke all on function private.sidebar_section_name(text) from public;

-- The caller's section of that workspace, locked: `p_section` is a custom section's id, or
-- 'starred', 'channels' or 'dms' (the built-in's row made when it is first needed, at its default
-- place). Refused outside the caller's workspaces and for a section not theirs.
create function private.sidebar_section_of(p_workspace_id uuid, p_section text)
 returns public.sidebar_sections
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
  s public.sidebar_sections;
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Workspace not found.', detail = 'workspace_not_found';
  end if;
  if p_section in ('starred', 'channels', 'dms') then
    insert into public.sidebar_sections as x (user_id, workspace_id, kind, position)
    values (uid, p_workspace_id, p_section,
      case p_section when 'starred' then -1 when 'channels' then 1000000 else 2000000 end)
    on conflict (user_id, workspace_id, kind) where kind <> 'custom' do nothing;
    select * into s from public.sidebar_sections x
    where x.user_id = uid and x.workspace_id = p_workspace_id and x.kind = p_section
    for update;
    return s;
  end if;
  if p_section !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception using errcode = '22023', message = 'Section not found.', detail = 'section_not_found';
  end if;
  select * into s from public.sidebar_sections x
  where x.id = p_section::uuid and x.user_id = uid and x.workspace_id = p_workspace_id
  for update;
  if not found then
    raise exception using errcode = '22023', message = 'Section not found.', detail = 'section_not_found';
  end if;
  return s;
end
$function$;
revoke all on function private.sidebar_section_of(uuid, text) from public;

-- A new section of mine, after my other custom sections (or at `p_position`); with
-- `p_channel_id`, that channel moved into it (the channel menu's "New section…").
create function public.create_sidebar_section(
  p_workspace_id uuid, p_name text, p_channel_id uuid default null,
  p_position double precision default null
)
 returns public.sidebar_sections
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
  n text := private.sidebar_section_name(p_name);
  s public.sidebar_sections;
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Workspace not found.', detail = 'workspace_not_found';
  end if;
  -- One at a time per person and workspace: the count and the name are checked under this lock.
  perform pg_advisory_xact_lock(hashtextextended('sidebar:' || uid::text || p_workspace_id::text, 0));
  if (select count(*) from public.sidebar_sections x
      where x.user_id = uid and x.workspace_id = p_workspace_id and x.kind = 'custom') >= 100 then
    raise exception using errcode = '22023', message = 'You can have at most 100 sections in a workspace.', detail = 'too_many_sections';
  end if;
  if exists (select 1 from public.sidebar_sections x
      where x.user_id = uid and x.workspace_id = p_workspace_id and x.kind = 'custom'
        and lower(x.name) = lower(n)) then
    raise exception using errcode = '22023', message = 'You already have a section of that name.', detail = 'section_name_taken';
  end if;
  insert into public.sidebar_sections (user_id, workspace_id, kind, name, position)
  values (uid, p_workspace_id, 'custom', n, coalesce(p_position, (
    select coalesce(max(x.position), 0) + 1 from public.sidebar_sections x
    where x.user_id = uid and x.workspace_id = p_workspace_id and x.kind = 'custom')))
  returning * into s;
  if p_channel_id is not null then
    perform public.place_in_sidebar(p_channel_id, s.id::text, null);
  end if;
  return s;
end
$function$;
revoke all on function public.create_sidebar_section(uuid, text, uuid, double precision) from public;
grant execute on function public.create_sidebar_section(uuid, text, uuid, double precision)
  to authenticated, service_role;

-- Renames a custom section of mine, collapses or expands any of mine, or moves it (`position`):
-- what is null stays.
create function public.update_sidebar_section(
  p_workspace_id uuid, p_section text, p_name text default null,
  p_collapsed boolean default null, p_position double precision default null
)
 returns public.sidebar_sections
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  s public.sidebar_sections := private.sidebar_section_of(p_workspace_id, p_section);
  n text;
begin
  if p_name is not null then
    if s.kind <> 'custom' then
      raise exception using errcode = '22023', message = 'A built-in section cannot be renamed or deleted.', detail = 'section_builtin';
    end if;
    n := private.sidebar_section_name(p_name);
    if exists (select 1 from public.sidebar_sections x
        where x.user_id = s.user_id and x.workspace_id = s.workspace_id and x.kind = 'custom'
          and lower(x.name) = lower(n) and x.id <> s.id) then
      raise exception using errcode = '22023', message = 'You already have a section of that name.', detail = 'section_name_taken';
    end if;
  end if;
  if p_position is not null and (p_position = 'NaN' or p_position in ('Infinity', '-Infinity')) then
    raise exception using errcode = '22023', message = 'A value is not valid.', detail = 'invalid_argument';
  end if;
  update public.sidebar_sections x
  set name = coalesce(n, x.name), collapsed = coalesce(p_collapsed, x.collapsed),
    position = coalesce(p_position, x.position), updated_at = now()
  where x.id = s.id
  returning * into s;
  return s;
end
$function$;
revoke all on function public.update_sidebar_section(uuid, text, text, boolean, double precision) from public;
grant execute on function public.update_sidebar_section(uuid, text, text, boolean, double precision)
  to authenticated, service_role;

-- Deletes a custom section of mine; its channels go back to Channels and Direct messages.
create function public.delete_sidebar_section(p_workspace_id uuid, p_section text)
 returns boolean
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  s public.sidebar_sections := private.sidebar_section_of(p_workspace_id, p_section);
begin
  if s.kind <> 'custom' then
    raise exception using errcode = '22023', message = 'A built-in section cannot be renamed or deleted.', detail = 'section_builtin';
  end if;
  delete from public.sidebar_sections x where x.id = s.id;
  return true;
end
$function$;
revoke all on function public.delete_sidebar_section(uuid, text) from public;
grant execute on function public.delete_sidebar_section(uuid, text) to authenticated, service_role;

-- Puts a channel or DM of mine in a section of mine ('starred' stars it), at `p_position` within
-- it (null: last); 'channels' or 'dms' puts it back in its default place (unstars it).
create function public.place_in_sidebar(
  p_channel_id uuid, p_section text, p_position double precision default null
)
 returns boolean
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
  c public.channels;
  s public.sidebar_sections;
begin
  select * into c from public.channels x
  where x.id = p_channel_id and x.id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.', detail = 'channel_not_found';
  end if;
  if p_position is not null and (p_position = 'NaN' or p_position in ('Infinity', '-Infinity')) then
    raise exception using errcode = '22023', message = 'A value is not valid.', detail = 'invalid_argument';
  end if;
  if p_section in ('channels', 'dms') then
    delete from public.sidebar_placements x where x.user_id = uid and x.channel_id = c.id;
    return true;
  end if;
  s := private.sidebar_section_of(c.workspace_id, p_section);
  if s.kind in ('channels', 'dms') then
    delete from public.sidebar_placements x where x.user_id = uid and x.channel_id = c.id;
    return true;
  end if;
  insert into public.sidebar_placements as x (user_id, channel_id, workspace_id, section_id, position)
  values (uid, c.id, c.workspace_id, s.id, coalesce(p_position, (
    select coalesce(max(y.position), 0) + 1 from public.sidebar_placements y
    where y.section_id = s.id)))
  on conflict (user_id, channel_id) do update
    set section_id = excluded.section_id, position = excluded.position, updated_at = now();
  return true;
end
$function$;
revoke all on function public.place_in_sidebar(uuid, text, double precision) from public;
grant execute on function public.place_in_sidebar(uuid, text, double precision)
  to authenticated, service_role;
