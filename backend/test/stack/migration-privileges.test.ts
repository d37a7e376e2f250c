// Project migrations and the seed run as `postgres` without superuser, with the grants hosted
// Supabase gives it; what supautils lets it do there (privileged extensions, policies on the
// platform's tables) works, and what hosted refuses fails here with PostgreSQL's own error and
// the migration's file and line.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

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

describe('migrations refused as on hosted Supabase', () => {
  it('alter role … superuser: permission denied, with the file and line', async () => {
    const message = await failure(
      'create table public.a (id int);\n\nalter role postgres superuser;\n'
    )
    expect(message).toMatch(
      /^supabase\/migrations\/20240101000000_hosted\.sql:3: ERROR: permission denied to alter role \(SQLSTATE 42501\)/
    )
  })

  it('create event trigger: superuser only', async () => {
    const message = await failure(
      [
        'create function public.on_ddl() returns event_trigger language plpgsql',
        'as $$ begin null; end $$;',
        '-- then the trigger',
        'create event trigger on_ddl on ddl_command_end execute function public.on_ddl();',
      ].join('\n')
    )
    expect(message).toMatch(
      /^supabase\/migrations\/20240101000000_hosted\.sql:4: ERROR: permission denied to create event trigger "on_ddl" \(SQLSTATE 42501\)/
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
      migrations: {
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
        '20240102000000_later.sql': `
          drop policy "members" on realtime.messages;
          create function public.on_signup() returns trigger language plpgsql security definer
            as $$ begin return new; end $$;
          create trigger on_signup after insert on auth.users
            for each row execute function public.on_signup();
          drop trigger on_signup on auth.users;
        `,
      },
      seed: 'insert into public.notes (body) select current_user::text;',
    })
  })
  afterAll(async () => {
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
