// Project migrations and the seed run as `postgres` without superuser, with the grants hosted
// Supabase gives it; what supautils lets it do there (privileged extensions, policies on the
// platform's tables) works, and what hosted refuses fails here with PostgreSQL's own error and
// the migration's file and line.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

/** The one-line message a start fails with, for a single migration. */
async function failure(sql: string): Promise<string> {
  const error = await startTestStack({
    migrations: { '20240101000000_hosted.sql': sql },
  }).then(
    async (stack) => {
      await stack.stop()
      return null
    },
    (e: unknown) => e as Error
  )
  expect(error?.name).toBe('MigrationError')
  return error!.message
}

/** The migrations of the project that does what hosted allows. */
const ALLOWED_MIGRATIONS = {
  '20240101000000_app.sql': `
          create extension if not exists dblink with schema extensions;
          create extension if not exists pg_cron with schema pg_catalog;
          create extension if not exists pg_net with schema extensions;
          create table public.notes (id bigint generated always as identity primary key, body text);
          alter table public.notes enable row level security;
          create function public.whoami() returns text language sql as $$ select current_user::text $$;
          alter publication supabase_realtime add table public.notes;
          create policy "own files" on storage.objects for select to authenticated
            using (owner_id = auth.uid()::text);
          create policy "members" on realtime.messages for select to authenticated using (true);
          create table public.ran_as as select current_user::text as role,
            current_setting('is_superuser') as superuser;
          select cron.schedule('tidy', '0 3 * * *', 'delete from public.notes');
        `,
  '20240101120000_supautils.sql': `
          alter database postgres set "pgrst.db_plan_enabled" to true;
          alter role authenticator in database postgres set pgrst.db_schemas = 'public, graphql_public';
          set session_replication_role = replica;
          create table public.ddl_log (tag text, object text, role text);
          create function public.on_ddl() returns event_trigger language plpgsql as $$
          begin
            insert into public.ddl_log select command_tag, object_identity, current_user::text
            from pg_event_trigger_ddl_commands();
          end $$;
          create event trigger on_ddl on ddl_command_end execute function public.on_ddl();
          create publication app_changes for table public.notes;
          reset session_replication_role;
          create foreign data wrapper app_fdw;
          comment on extension dblink is 'for the app';
        `,
  '20240102000000_later.sql': `
          create table public.after_trigger (id int);
          drop policy "members" on realtime.messages;
          create function public.on_signup() returns trigger language plpgsql security definer
            as $$ begin return new; end $$;
          create trigger on_signup after insert on auth.users
            for each row execute function public.on_signup();
          drop trigger on_signup on auth.users;
        `,
}

const ALLOWED_SEED = 'insert into public.notes (body) select current_user::text;'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

describe('migrations refused as on hosted Supabase', () => {
  it('alter role … superuser: permission denied, with the file and line', async () => {
    const message = await failure(
      'create table public.a (id int);\n\nalter role postgres superuser;\n'
    )
    expect(message).toMatch(
      /^supabase\/migrations\/20240101000000_hosted\.sql:3: ERROR: permission denied to alter role \(SQLSTATE 42501\)/
    )
  })

  it('an event trigger on a function a superuser owns, as supautils refuses it', async () => {
    const message = await failure(
      [
        'select 1;',
        '-- then the trigger',
        'create event trigger on_ddl on ddl_command_end',
        '  execute function extensions.pgrst_ddl_watch();',
      ].join('\n')
    )
    expect(message).toBe(
      'supabase/migrations/20240101000000_hosted.sql:3: ERROR: Non-superuser owned event ' +
        'trigger must execute a non-superuser owned function (SQLSTATE XX000). DETAIL: The ' +
        'current user "postgres" is not a superuser and the function ' +
        '"extensions.pgrst_ddl_watch" is owned by a superuser'
    )
  })

  it('a reserved role: altered, its settings changed, created or dropped', async () => {
    const altered = await failure('select 1;\nalter role authenticator nologin;\n')
    expect(altered).toBe(
      'supabase/migrations/20240101000000_hosted.sql:2: ERROR: "authenticator" is a reserved ' +
        'role, only superusers can modify it (SQLSTATE 42501)'
    )
    const settings = await failure(
      "select 1;\n\nalter role supabase_auth_admin set pgrst.db_schemas = 'public';\n"
    )
    expect(settings).toBe(
      'supabase/migrations/20240101000000_hosted.sql:3: ERROR: "supabase_auth_admin" is a ' +
        'reserved role, only superusers can modify it (SQLSTATE 42501)'
    )
    const created = await failure('create role supabase_etl_admin login;\n')
    expect(created).toBe(
      'supabase/migrations/20240101000000_hosted.sql:1: ERROR: "supabase_etl_admin" is a ' +
        'reserved role, only superusers can modify it (SQLSTATE 42501)'
    )
    const dropped = await failure('select 1;\ndrop role if exists app_reader, pgbouncer;\n')
    expect(dropped).toBe(
      'supabase/migrations/20240101000000_hosted.sql:2: ERROR: "pgbouncer" is a reserved role, ' +
        'only superusers can modify it (SQLSTATE 42501)'
    )
  })

  it('a reserved membership', async () => {
    const message = await failure(
      'create role app_reader;\ngrant pg_read_server_files to app_reader;\n'
    )
    expect(message).toBe(
      'supabase/migrations/20240101000000_hosted.sql:2: ERROR: "pg_read_server_files" role ' +
        'memberships are reserved, only superusers can grant them (SQLSTATE 42501)'
    )
  })

  it('a setting not on privileged_role_allowed_configs', async () => {
    const message = await failure(
      'select 1;\nalter role postgres set "app.settings.key" to \'x\';\n'
    )
    expect(message).toMatch(
      /^supabase\/migrations\/20240101000000_hosted\.sql:2: ERROR: permission denied to set parameter "app\.settings\.key" \(SQLSTATE 42501\)/
    )
  })

  it("writing a platform table postgres may only read (auth's migration history)", async () => {
    const message = await failure(
      "select 1;\ninsert into auth.schema_migrations (version) values ('x');\n"
    )
    expect(message).toMatch(
      /^supabase\/migrations\/20240101000000_hosted\.sql:2: ERROR: permission denied for table schema_migrations \(SQLSTATE 42501\)/
    )
  })

  it('an extension hosted does not let projects create, and a VERSION', async () => {
    const untrusted = await failure('\ncreate extension file_fdw with schema extensions;\n')
    expect(untrusted).toMatch(
      /^supabase\/migrations\/20240101000000_hosted\.sql:2: ERROR: permission denied to create extension "file_fdw" \(SQLSTATE 42501\)/
    )
    const version = await failure(
      "select 1;\n\ncreate extension dblink with schema extensions version '1.2';\n"
    )
    expect(version).toBe(
      'supabase/migrations/20240101000000_hosted.sql:3: ERROR: Only administrators can specify ' +
        'VERSION when creating extensions. Please use: CREATE EXTENSION dblink WITH SCHEMA ' +
        'extensions; (SQLSTATE P0001)'
    )
  })
})

describe('migrations allowed as on hosted Supabase', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack({
      migrations: ALLOWED_MIGRATIONS,
      seed: ALLOWED_SEED,
    })
  })
  afterAll(async () => {
    // The shared test cluster's own database, which the migration set as a project's would (the
    // CLI test sets other pgrst.* names, so that neither resets what the other checks).
    if (stack) {
      await stack.sql`alter database postgres reset "pgrst.db_plan_enabled"`
      await stack.sql`alter role authenticator in database postgres reset pgrst.db_schemas`
    }
    await stack?.stop()
  })

  it('runs them as postgres, not a superuser', async () => {
    expect(await stack.sql`select role, superuser from public.ran_as`).toEqual([
      { role: 'postgres', superuser: 'off' },
    ])
    expect(await stack.sql`select body from public.notes`).toEqual([{ body: 'postgres' }])
    const [role] = await stack.sql`
      select rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, rolcanlogin
      from pg_roles where rolname = 'postgres'
    `
    expect(role).toEqual({
      rolsuper: false,
      rolcreaterole: true,
      rolcreatedb: true,
      rolreplication: true,
      rolbypassrls: true,
      rolcanlogin: true,
    })
  })

  it('objects end up owned by postgres', async () => {
    const owners = await stack.sql`
      select 'table' as kind, pg_get_userbyid(relowner) as owner from pg_class
      where oid = 'public.notes'::regclass
      union all
      select 'function', pg_get_userbyid(proowner) from pg_proc
      where oid = 'public.whoami()'::regprocedure
      union all
      select 'history', pg_get_userbyid(relowner) from pg_class
      where oid = 'supabase_migrations.schema_migrations'::regclass
    `
    expect(owners).toEqual([
      { kind: 'table', owner: 'postgres' },
      { kind: 'function', owner: 'postgres' },
      { kind: 'history', owner: 'postgres' },
    ])
  })

  it('privileged extensions are created by the superuser, as supautils does', async () => {
    const rows = await stack.sql`
      select extname, pg_get_userbyid(extowner) as owner from pg_extension
      where extname in ('dblink', 'pg_cron', 'pg_net') order by extname
    `
    expect(rows.map((r) => r.extname)).toEqual(['dblink', 'pg_cron', 'pg_net'])
    expect(new Set(rows.map((r) => r.owner))).not.toContain('postgres')
    expect(await stack.sql`select jobname, username from cron.job`).toEqual([
      { jobname: 'tidy', username: 'postgres' },
    ])
  })

  it('policies on platform tables and the publication are the project’s to manage', async () => {
    const policies = await stack.sql`
      select schemaname || '.' || tablename as "table", policyname from pg_policies
      where schemaname in ('storage', 'realtime') and policyname in ('own files', 'members')
    `
    expect(policies).toEqual([{ table: 'storage.objects', policyname: 'own files' }])
    expect(
      await stack.sql`select tablename from pg_publication_tables where pubname = 'supabase_realtime'`
    ).toEqual([{ tablename: 'notes' }])
    expect(
      await stack.sql`select count(*)::int as n from pg_trigger where tgname = 'on_signup'`
    ).toEqual([{ n: 0 }])
  })

  it('pgrst.* and the other allowed configs, at database and role level', async () => {
    const settings = await stack.sql`
      select coalesce(d.datname, '') as database, coalesce(r.rolname, '') as role,
        array_to_string(s.setconfig, ',') as config
      from pg_db_role_setting s
      left join pg_database d on d.oid = s.setdatabase
      left join pg_roles r on r.oid = s.setrole
      where array_to_string(s.setconfig, ',') like '%pgrst.%'
      order by 1, 2
    `
    expect(settings).toContainEqual({
      database: 'postgres',
      role: '',
      config: expect.stringContaining('pgrst.db_plan_enabled=true'),
    })
    expect(settings).toContainEqual(
      expect.objectContaining({
        role: 'authenticator',
        config: expect.stringContaining('pgrst.db_schemas=public, graphql_public'),
      })
    )
  })

  it('an event trigger, owned by postgres, that fires and that postgres manages', async () => {
    expect(
      await stack.sql`select pg_get_userbyid(evtowner) as owner from pg_event_trigger where evtname = 'on_ddl'`
    ).toEqual([{ owner: 'postgres' }])
    const log = await stack.sql`select tag, object, role from public.ddl_log`
    expect(log).toContainEqual({
      tag: 'CREATE TABLE',
      object: 'public.after_trigger',
      role: 'postgres',
    })
    // Not while session_replication_role = replica, which postgres may set.
    expect(log.filter((row) => row.object === 'app_changes')).toEqual([])
    await stack.sql.begin(async (tx) => {
      await tx`set local role postgres`
      await tx`alter event trigger on_ddl disable`
      await tx`drop event trigger on_ddl`
    })
    expect(
      await stack.sql`select count(*)::int as n from pg_event_trigger where evtname = 'on_ddl'`
    ).toEqual([{ n: 0 }])
    const owner =
      await stack.sql`select pg_get_userbyid(pubowner) as owner from pg_publication where pubname = 'app_changes'`
    expect(owner).toEqual([{ owner: 'postgres' }])
    expect(
      await stack.sql`select pg_get_userbyid(fdwowner) as owner from pg_foreign_data_wrapper where fdwname = 'app_fdw'`
    ).toEqual([{ owner: 'postgres' }])
    expect(
      await stack.sql`select obj_description(oid, 'pg_extension') as comment from pg_extension where extname = 'dblink'`
    ).toEqual([{ comment: 'for the app' }])
  })
})

describe("Chorus's own migrations and seed", () => {
  it('apply as postgres without superuser', async () => {
    const stack = await startTestStack({ workdir: REPO })
    try {
      const [counts] = await stack.sql`
        select
          (select count(*)::int from supabase_migrations.schema_migrations) as migrations,
          (select count(*)::int from auth.users) as users,
          (select count(distinct pg_get_userbyid(relowner))::int from pg_class
            where relnamespace = 'public'::regnamespace and relkind = 'r') as owners,
          (select pg_get_userbyid(relowner) from pg_class
            where relnamespace = 'public'::regnamespace and relkind = 'r' limit 1) as owner
      `
      expect(counts!.migrations).toBeGreaterThan(10)
      expect(counts!.users).toBe(5)
      expect(counts).toMatchObject({ owners: 1, owner: 'postgres' })
    } finally {
      await stack.stop()
    }
  })
})
