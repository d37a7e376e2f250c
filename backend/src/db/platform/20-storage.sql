-- The storage schema as Supabase Storage keeps it: buckets and objects with row-level security
-- on and no policies (so nothing is readable until a project writes policies), and the helpers
-- policies call.

create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role, dashboard_user;
grant all on schema storage to supabase_storage_admin, postgres;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;
set local role supabase_storage_admin;

do $$
begin
  if not exists (select 1 from pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level integer
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $$
begin
  return query
    select sum((metadata ->> 'size')::int)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$$;

-- The operation being authorized ("object.upload", "object.list", …), as set by the service.
create or replace function storage.operation() returns text language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Folder-aware listing as storage-js's list() shows it (storage.search of Storage's migrations):
-- one row per file or folder directly under the prefix (a folder-like prefix gets its "/"), with
-- names relative to it and folders as rows whose id, dates and metadata are null. `search` is a
-- case-insensitive prefix of that name. Sorting by name merges files and folders by
-- lower(name) collate "C"; sorting by a date lists the folders first. SECURITY INVOKER, so the
-- caller's row-level security decides which objects count. `levels` is kept for the signature.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable as $$
declare
  v_prefix text := coalesce(prefix, '');
  v_pattern text;
  v_column text;
  v_desc boolean := lower(coalesce(sortorder, 'asc')) = 'desc';
begin
  if v_prefix <> '' and right(v_prefix, 1) <> '/' then
    v_prefix := v_prefix || '/';
  end if;
  v_pattern := replace(replace(replace(coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_column := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  return query
  with entries as (
    select
      split_part(substr(o.name, length(v_prefix) + 1), '/', 1) as entry,
      strpos(substr(o.name, length(v_prefix) + 1), '/') > 0 as is_folder,
      o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
    from storage.objects o
    where o.bucket_id = bucketname
      and o.name collate "C" >= v_prefix
      and starts_with(o.name, v_prefix)
  ), grouped as (
    select distinct on (e.entry, e.is_folder)
      e.entry, e.is_folder,
      case when e.is_folder then null else e.id end as id,
      case when e.is_folder then null else e.updated_at end as updated_at,
      case when e.is_folder then null else e.created_at end as created_at,
      case when e.is_folder then null else e.last_accessed_at end as last_accessed_at,
      case when e.is_folder then null else e.metadata end as metadata
    from entries e
    where e.entry <> '' and e.entry ilike v_pattern
    order by e.entry, e.is_folder
  ), ordered as (
    select g.*,
      case when v_column = 'name' then 0 when g.is_folder then 0 else 1 end as rank,
      case v_column
        when 'updated_at' then g.updated_at
        when 'created_at' then g.created_at
        when 'last_accessed_at' then g.last_accessed_at
      end as sort_value,
      lower(g.entry) collate "C" as sort_name
    from grouped g
  )
  select o.entry, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
  from ordered o
  order by
    o.rank,
    case when not v_desc then o.sort_value end asc nulls first,
    case when v_desc then o.sort_value end desc nulls last,
    case when not v_desc then o.sort_name end asc,
    case when v_desc then o.sort_name end desc,
    case when not v_desc then o.entry collate "C" end asc,
    case when v_desc then o.entry collate "C" end desc,
    o.is_folder desc
  limit greatest(coalesce(limits, 100), 0) offset greatest(coalesce(offsets, 0), 0);
end
$$;

-- Storage refuses DELETEs on its tables that do not come through the Storage API (which sets
-- storage.allow_delete_query), so files are never orphaned by a stray SQL delete.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant select on storage.migrations to anon, authenticated, service_role, postgres;
alter role supabase_storage_admin set search_path = storage;
alter role supabase_storage_admin bypassrls;
