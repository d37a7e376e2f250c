-- supautils.privileged_role of hosted Supabase (supabase/postgres' supautils.conf.j2): the role
-- through which supautils lets `postgres` do what only a superuser could (hosted-privileges.ts,
-- supautils-config.ts). `postgres` is a member of it, as on hosted, so that
-- pg_has_role('postgres', 'supabase_privileged_role', 'usage') holds here as there.

do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_privileged_role') then
    create role supabase_privileged_role nologin noinherit;
  end if;
end
$$;

grant supabase_privileged_role to postgres;
