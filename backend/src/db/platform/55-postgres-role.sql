-- What `postgres` may do, as supabase/postgres leaves it: an ordinary role (the cluster's
-- superuser is supabase_admin) with createdb, createrole, replication and bypassrls
-- (10000000000000_demote-postgres), all on the database, the `extensions` schema and the tables
-- of auth and storage, but no longer a member of the services' admin roles and without CREATE on
-- auth, storage and realtime (20250421084701_revoke_admin_roles_from_postgres), their migration
-- tables read-only (20240319072844). Project migrations and the seed run as this role
-- (migrate.ts); what hosted lets it do beyond its grants through supautils (privileged
-- extensions, policies on auth/storage/realtime tables) the migration runner does for it
-- (hosted-privileges.ts). A server whose `postgres` is itself a superuser (DATABASE_URL) keeps it.

do $$
begin
  if not (select rolsuper from pg_roles where rolname = 'postgres') then
    alter role postgres nosuperuser createdb createrole login replication bypassrls;
  end if;
  execute format('grant all on database %I to postgres', current_database());
end
$$;

-- What postgres creates in public (and extensions, storage) is granted to the API roles, as on
-- hosted: row-level security is the guard (00-roles.sql set these for the superuser's objects).
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema extensions
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema extensions
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema extensions
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage
  grant all on sequences to postgres, anon, authenticated, service_role;

grant all on schema extensions to postgres;
grant all on all tables in schema extensions to postgres;
grant all on all sequences in schema extensions to postgres;
grant all on all routines in schema extensions to postgres;

grant usage on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
revoke all on auth.schema_migrations from postgres;
grant select on auth.schema_migrations to postgres;

grant usage on schema storage to postgres with grant option;
grant all on all tables in schema storage to postgres;
grant all on all sequences in schema storage to postgres;
grant all on all routines in schema storage to postgres;
revoke all on storage.migrations from postgres;

grant usage on schema realtime to postgres with grant option;

revoke supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin from postgres;
revoke create on schema auth, storage, realtime from postgres;

-- Apps add their tables to Realtime's publication (`alter publication supabase_realtime add
-- table …`), which hosted allows postgres through supautils: here postgres owns it.
alter publication supabase_realtime owner to postgres;

-- Where the migration runner records what it applied; the Supabase CLI creates them as postgres.
create schema if not exists supabase_migrations authorization postgres;
