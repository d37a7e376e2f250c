-- Profiles, workspaces and their members: who someone is, which workspaces they are in and with
-- what role, and their avatars (the public bucket `avatars`).

create type public.workspace_role as enum ('owner', 'admin', 'member');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  -- A path in the public bucket `avatars`, always under the user's own folder.
  avatar_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_length check (char_length(display_name) between 1 and 64),
  constraint profiles_avatar_path_own check (
    avatar_path is null or (avatar_path like id::text || '/_%' and avatar_path not like '%..%')
  )
);

create table public.workspaces (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null unique,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint workspaces_name_length check (char_length(name) between 1 and 80),
  constraint workspaces_slug_format check (slug ~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$')
);

-- Removing someone keeps their row with left_at set, so their name still shows on what they
-- wrote; every permission looks at current members (left_at is null) only.
create table public.workspace_members (
  -- A surrogate key: Realtime sends only the primary key of deleted rows to every subscriber.
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.workspace_role not null default 'member',
  joined_at timestamptz not null default now(),
  left_at timestamptz,
  constraint workspace_members_unique unique (workspace_id, user_id)
);

create index workspace_members_user on public.workspace_members (user_id, workspace_id)
  where left_at is null;

alter table public.profiles enable row level security;
alter table public.workspaces enable row level security;
alter table public.workspace_members enable row level security;

-- Workspaces the caller is a current member of.
create function private.workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

-- Workspaces where the caller is an owner or admin.
create function private.admin_workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  where wm.user_id = (select auth.uid()) and wm.left_at is null and wm.role in ('owner', 'admin')
$$;

-- The caller's role in a workspace (null when not a current member).
create function private.workspace_role(p_workspace_id uuid) returns public.workspace_role
language sql stable security definer set search_path = '' as $$
  select wm.role
  from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = (select auth.uid()) and wm.left_at is null
$$;

-- Whether the caller is a current owner or admin of a workspace.
create function private.is_workspace_admin(p_workspace_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.user_id = (select auth.uid())
      and wm.left_at is null and wm.role in ('owner', 'admin')
  )
$$;

-- People whose profiles the caller sees: themselves and everyone who is or was a member of one
-- of their workspaces (so names stay on what former members wrote).
create function private.visible_user_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select (select auth.uid())
  union
  select other.user_id
  from public.workspace_members mine
  join public.workspace_members other on other.workspace_id = mine.workspace_id
  where mine.user_id = (select auth.uid()) and mine.left_at is null
$$;

-- The display name of a new account: the name given at sign-up (display_name, full_name or name
-- in the user metadata), else the email's local part, else "New user". Never fails.
create function private.display_name_for(p_meta jsonb, p_email text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  wanted text := coalesce(p_meta ->> 'display_name', p_meta ->> 'full_name', p_meta ->> 'name', '');
  fallback text := left(coalesce(nullif(split_part(coalesce(p_email, ''), '@', 1), ''), 'New user'), 64);
begin
  begin
    return private.clean_line(wanted, 'Display name', 64);
  exception when others then
    begin
      return private.clean_line(fallback, 'Display name', 64);
    exception when others then
      return 'New user';
    end;
  end;
end
$$;

-- Every new account gets a profile (sign-up must never fail because of it).
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, display_name)
  values (new.id, private.display_name_for(new.raw_user_meta_data, new.email))
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Accounts made before this migration (a hosted project where someone signed up first).
insert into public.profiles (id, display_name)
select u.id, private.display_name_for(u.raw_user_meta_data, u.email) from auth.users u
on conflict (id) do nothing;

create function private.profiles_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.display_name := private.clean_line(new.display_name, 'Display name', 64);
  new.avatar_path := nullif(btrim(coalesce(new.avatar_path, '')), '');
  if new.avatar_path is not null and (
    split_part(new.avatar_path, '/', 1) <> new.id::text
    or new.avatar_path !~ '^[^/]+/[^/]' or new.avatar_path like '%..%' or new.avatar_path like '%//%'
    or char_length(new.avatar_path) > 512
  ) then
    raise exception using errcode = '22023',
      message = 'Avatar must be a file in your own folder of the avatars bucket.',
      detail = format('Expected a path starting with %s/', new.id);
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger profiles_before_write
  before insert or update on public.profiles
  for each row execute function private.profiles_before_write();

create function private.workspaces_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := private.clean_line(new.name, 'Workspace name', 80);
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := lower(btrim(coalesce(new.slug, '')));
    if new.slug !~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$' then
      raise exception using errcode = '22023',
        message = 'Workspace address may use only a-z, 0-9 and dashes (1 to 48 characters).',
        hint = 'It must start and end with a letter or digit.';
    end if;
  end if;
  return new;
end
$$;

create trigger workspaces_before_write
  before insert or update of name, slug on public.workspaces
  for each row execute function private.workspaces_before_write();

-- At least one owner always. The membership RPCs refuse first with a clear message; this
-- catches everything else. Locking the workspace row orders concurrent demotions, so two
-- owners demoting each other cannot both succeed.
create function private.workspace_keeps_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ws uuid := old.workspace_id;
  heir uuid;
begin
  perform 1 from public.workspaces w where w.id = ws for no key update;
  if not found then
    return null; -- the workspace itself is being deleted
  end if;
  if exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = ws and wm.role = 'owner' and wm.left_at is null
  ) then
    return null;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from public.profiles p where p.id = old.user_id) then
    -- The last owner's account was deleted: the longest-standing admin, else member, takes over.
    select wm.id into heir
    from public.workspace_members wm
    where wm.workspace_id = ws and wm.left_at is null
    order by (wm.role = 'admin') desc, wm.joined_at
    limit 1;
    if heir is not null then
      update public.workspace_members set role = 'owner' where id = heir;
    end if;
    return null;
  end if;
  raise exception using errcode = '23514',
    message = 'A workspace needs at least one owner.',
    hint = 'Make someone else an owner first.';
end
$$;

create trigger workspace_members_keep_owner
  after update of role, left_at or delete on public.workspace_members
  for each row execute function private.workspace_keeps_owner();

-- Someone who leaves or is removed leaves every channel of the workspace with them.
create function private.workspace_members_after_leave() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.left_at is not null and old.left_at is null then
    delete from public.channel_members cm
    where cm.workspace_id = new.workspace_id and cm.user_id = new.user_id;
  end if;
  return null;
end
$$;

create trigger workspace_members_after_leave
  after update of left_at on public.workspace_members
  for each row execute function private.workspace_members_after_leave();

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

-- Privileges (see the foundation): anon only reads (no rows, under the policies);
-- authenticated updates only the columns a client may change.
revoke all on public.profiles, public.workspaces, public.workspace_members from anon;
grant select on public.profiles, public.workspaces, public.workspace_members to anon;
revoke truncate, references, trigger, update on public.profiles, public.workspaces,
  public.workspace_members from authenticated;
grant update (display_name, avatar_path) on public.profiles to authenticated;
grant update (name) on public.workspaces to authenticated;

-- Avatars: public for reading by URL; each user writes only under <user_id>/. Size and type
-- rules are the bucket's own, so Storage refuses a file before any byte is kept.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- Avatars of the people you share a workspace with, through the API (everyone can fetch a
-- known avatar by its public URL).
create policy "avatars: read co-workers" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'avatars'
    and split_part(name, '/', 1) in (select id::text from private.visible_user_ids() as id)
  );

create policy "avatars: upload own" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text
    and strpos(name, '/') > 0
  );

create policy "avatars: replace own" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text);

create policy "avatars: remove own" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text);
