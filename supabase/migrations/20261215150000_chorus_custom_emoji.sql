-- Custom emoji (issue 71, item 1): a workspace's own emoji, each an image under a `:name:` with
-- aliases, as every Slack workspace has.
--
-- public.custom_emoji holds them: the name and aliases (lowercase letters, digits, - and _, at
-- most 30 characters, as a reaction's shortcode: private.clean_emoji), unique in the workspace
-- across names and aliases, never one of the standard emoji's names (private.slack_emoji), and
-- the image's path in the private bucket `custom-emoji` (<workspace>/<file>; PNG, GIF or WebP, at
-- most 1 MB; the app shows it through Storage's image transformation at 128 px, animation kept).
-- Its members read them (guests too: they read messages that use them), and so do the objects;
-- outsiders read neither. Who may add one is the workspace's `custom_emoji_by`: 'members' (as
-- Slack, the default: everyone but guests) or 'admins' (owners and admins), set by admins with
-- public.set_custom_emoji_by. The uploader or an admin removes one (the row, then the app removes
-- the file); messages and reactions keep their `:name:` text, shown as text from then on. Every
-- change is broadcast on the workspace's live topic, so a new emoji shows to others at once.

alter table public.workspaces add column custom_emoji_by text not null default 'members'
  constraint workspaces_custom_emoji_by check (custom_emoji_by in ('members', 'admins'));

create table public.custom_emoji (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  name text not null,
  aliases text[] not null default '{}',
  image_path text not null,
  created_by uuid references public.profiles(id) on delete set null,
  created_at timestamptz not null default now(),
  constraint custom_emoji_name_key unique (workspace_id, name)
);
create index custom_emoji_created_by on public.custom_emoji (created_by);

alter table public.custom_emoji enable row level security;
grant select, insert, delete on public.custom_emoji to authenticated;
grant all on public.custom_emoji to service_role;
select private.join_app_gate('public.custom_emoji');

-- Whether I may add custom emoji to the workspace now (its setting, my role).
create function private.may_add_custom_emoji(p_workspace_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case w.custom_emoji_by
      when 'admins' then r in ('owner', 'admin')
      else r in ('owner', 'admin', 'member')
    end
    from public.workspaces w, private.workspace_role(p_workspace_id) r
    where w.id = p_workspace_id
  ), false)
$$;
revoke all on function private.may_add_custom_emoji(uuid) from public, anon;
grant execute on function private.may_add_custom_emoji(uuid) to authenticated, service_role;

-- A name as stored, or an error naming what is wrong with it.
create function private.clean_custom_emoji_name(p_name text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := lower(btrim(coalesce(p_name, ''), ' :'));
begin
  if v !~ '^[a-z0-9_-]{1,30}$' then
    raise exception using errcode = '22023',
      message = format('“%s” cannot be an emoji name: use lowercase letters, digits, - and _ (at most 30).',
        left(coalesce(p_name, ''), 40)),
      detail = 'custom_emoji_name_invalid';
  end if;
  return v;
end
$$;
grant execute on function private.clean_custom_emoji_name(text) to authenticated, service_role;

create function private.custom_emoji_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_names text[];
  v_taken text;
begin
  if auth.uid() is not null then
    new.created_by := auth.uid();
    if not private.may_add_custom_emoji(new.workspace_id) then
      raise exception using errcode = '42501',
        message = 'Only the workspace''s admins may add custom emoji here.',
        detail = 'custom_emoji_not_allowed';
    end if;
  end if;
  new.created_at := now();
  new.name := private.clean_custom_emoji_name(new.name);
  new.aliases := coalesce((
    select array_agg(distinct private.clean_custom_emoji_name(a))
    from unnest(coalesce(new.aliases, '{}')) a
    where btrim(a, ' :') <> ''
  ), '{}');
  new.aliases := array_remove(new.aliases, new.name);
  if cardinality(new.aliases) > 10 then
    raise exception using errcode = '22023', message = 'An emoji has at most 10 aliases.',
      detail = 'custom_emoji_too_many_aliases';
  end if;
  v_names := new.name || new.aliases;
  select n into v_taken from unnest(v_names) n
  where exists (select 1 from private.slack_emoji s where s.name = n) limit 1;
  if v_taken is not null then
    raise exception using errcode = '23505',
      message = format(':%s: is a standard emoji''s name.', v_taken),
      detail = 'custom_emoji_standard_name';
  end if;
  -- one at a time per workspace, so two uploads cannot take one name between them
  perform pg_advisory_xact_lock(hashtextextended('custom_emoji:' || new.workspace_id::text, 0));
  select n into v_taken from unnest(v_names) n
  where exists (
    select 1 from public.custom_emoji e
    where e.workspace_id = new.workspace_id and (e.name = n or n = any (e.aliases))
  ) limit 1;
  if v_taken is not null then
    raise exception using errcode = '23505',
      message = format('This workspace already has an emoji called :%s:.', v_taken),
      detail = 'custom_emoji_name_taken';
  end if;
  if split_part(new.image_path, '/', 1) <> new.workspace_id::text
    or not exists (
      select 1 from storage.objects o
      where o.bucket_id = 'custom-emoji' and o.name = new.image_path
    ) then
    raise exception using errcode = '22023',
      message = 'Upload the emoji''s image into the workspace''s folder first.',
      detail = 'custom_emoji_image_missing';
  end if;
  return new;
end
$$;
revoke all on function private.custom_emoji_before_insert() from public, anon;
grant execute on function private.custom_emoji_before_insert() to authenticated, service_role;

create trigger custom_emoji_before_insert before insert on public.custom_emoji
  for each row execute function private.custom_emoji_before_insert();

create policy "custom_emoji: members read" on public.custom_emoji
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()));
create policy "custom_emoji: who may add adds" on public.custom_emoji
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and (select private.may_add_custom_emoji(workspace_id))
  );
create policy "custom_emoji: the uploader or an admin removes" on public.custom_emoji
  for delete to authenticated
  using (
    (created_by = (select auth.uid()) and workspace_id in (select private.workspace_ids()))
    or workspace_id in (select private.admin_workspace_ids())
  );

-- Live: added and removed, on the workspace's topic.
create function private.live_custom_emoji()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.custom_emoji := coalesce(new, old);
begin
  perform private.live_send('live:workspace:' || v_row.workspace_id::text, 'custom_emoji', tg_op,
    jsonb_build_object('id', v_row.id, 'workspace_id', v_row.workspace_id, 'name', v_row.name));
  return null;
end
$$;
revoke all on function private.live_custom_emoji() from public, anon;
grant execute on function private.live_custom_emoji() to authenticated, service_role;

create trigger custom_emoji_live after insert or delete on public.custom_emoji
  for each row execute function private.live_custom_emoji();

-- Who may add custom emoji: 'members' or 'admins', set by the workspace's admins.
create function public.set_custom_emoji_by(p_workspace_id uuid, p_who text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select private.is_workspace_admin(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can do that.',
      detail = 'workspace_admin_only';
  end if;
  if p_who is null or p_who not in ('members', 'admins') then
    raise exception using errcode = '22023',
      message = format('%s is not one of members, admins.', coalesce(p_who, 'null')),
      detail = 'invalid_argument';
  end if;
  update public.workspaces set custom_emoji_by = p_who where id = p_workspace_id;
end
$$;
revoke all on function public.set_custom_emoji_by(uuid, text) from public, anon;
grant execute on function public.set_custom_emoji_by(uuid, text) to authenticated, service_role;

-- The images: a private bucket, the workspace's folder read by its members; uploaded by those who
-- may add custom emoji there; removed by the uploader or an admin.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('custom-emoji', 'custom-emoji', false, 1048576,
  array['image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- The workspace a file of the bucket is in, when its path is <workspace id>/<file>.
create function private.custom_emoji_folder(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9._-]{1,100}$'
    then split_part(p_name, '/', 1)::uuid
  end
$$;
grant execute on function private.custom_emoji_folder(text) to authenticated, service_role;

create policy "custom emoji: members read images" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'custom-emoji'
    and private.custom_emoji_folder(name) in (select private.workspace_ids())
  );
create policy "custom emoji: who may add uploads images" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'custom-emoji'
    and private.custom_emoji_folder(name) is not null
    and (select private.may_add_custom_emoji(private.custom_emoji_folder(name)))
  );
create policy "custom emoji: the uploader or an admin removes images" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'custom-emoji'
    and (
      (owner_id = (select auth.uid())::text
        and private.custom_emoji_folder(name) in (select private.workspace_ids()))
      or private.custom_emoji_folder(name) in (select private.admin_workspace_ids())
    )
  );
