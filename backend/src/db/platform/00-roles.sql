-- The roles, grants and schemas every Supabase project assumes (supabase/postgres init scripts).
-- Roles are cluster-wide, so each one is created only when missing.

do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit'),
      ('supabase_admin', 'login superuser createdb createrole replication bypassrls'),
      ('supabase_auth_admin', 'login noinherit'),
      ('supabase_storage_admin', 'login noinherit'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('supabase_replication_admin', 'login replication'),
      ('supabase_read_only_user', 'login bypassrls'),
      ('dashboard_user', 'nologin createdb createrole replication'),
      ('pgbouncer', 'login')
    ) as roles(name, attributes)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      execute format('create role %I %s', r.name, r.attributes);
    end if;
  end loop;
end
$$;

-- Supabase made the API roles inherit in 2023 (20230529180330_alter_api_roles_for_inherit).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

grant anon, authenticated, service_role to authenticator;
grant supabase_admin to authenticator;
grant pg_read_all_data to supabase_read_only_user;
grant anon, authenticated, service_role to postgres with admin option;
grant supabase_auth_admin, supabase_storage_admin to postgres;

alter role postgres set search_path = "$user", public, extensions;
alter role supabase_admin set search_path = "$user", public, extensions;

-- public: fully granted to the API roles, so row-level security is the only guard.
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- extensions: where Supabase installs extensions; on the search path of postgres and the API.
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to postgres, anon, authenticated, service_role;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- graphql_public is exposed by the CLI's API settings; pg_graphql itself is not shipped here.
create schema if not exists graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

-- The publication Realtime reads; apps add their tables to it.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
