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

-- Folder-aware listing as storage-js's list() shows it: one row per file or folder directly
-- under the prefix, folders first with null id and metadata.
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
  v_order text;
  v_column text;
begin
  v_column := case lower(sortcolumn)
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_order := case lower(sortorder) when 'desc' then 'desc' else 'asc' end;
  return query execute format(
    $q$
    with entries as (
      select
        split_part(substr(o.name, length($1) + 1), '/', 1) as entry,
        position('/' in substr(o.name, length($1) + 1)) > 0 as is_folder,
        o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from storage.objects o
      where o.bucket_id = $2
        and o.name collate "C" like ($1 || '%%')
        and o.name ilike ($1 || $5 || '%%')
    ), grouped as (
      select distinct on (entry)
        entry as name,
        case when is_folder then null else id end as id,
        case when is_folder then null else updated_at end as updated_at,
        case when is_folder then null else created_at end as created_at,
        case when is_folder then null else last_accessed_at end as last_accessed_at,
        case when is_folder then null else metadata end as metadata,
        is_folder
      from entries
      where entry <> ''
      order by entry, is_folder desc
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata
    from grouped
    order by is_folder desc, %I %s nulls last, name asc
    limit $3 offset $4
    $q$, v_column, v_order)
  using prefix, bucketname, limits, offsets, search;
end
$$;

reset role;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant select on storage.migrations to anon, authenticated, service_role, postgres;
alter role supabase_storage_admin set search_path = storage;
alter role supabase_storage_admin bypassrls;
