// The real Supabase CLI (the root's `supabase` devDependency, the official binary from the npm
// registry) run on this repository: it loads the committed supabase/config.toml with no error and
// no warning, and its `db push --db-url` applies Chorus's migrations to a stack, with its own
// statement splitter and its own history table, where `migration list` then finds them. Nothing
// here needs Docker or the cloud: `start` reads and checks the whole config.toml before it looks
// for Docker, which DOCKER_HOST points at a socket that does not exist.
// The push logs in as supabase_admin, and the CLI steps down with SET SESSION ROLE postgres, as it
// does on a hosted project: through supautils-proxy.ts, which gives those statements what hosted's
// supautils gives `postgres` (privileged extensions, policies on storage.objects, …), Chorus's
// migrations apply as they do on hosted, owned by postgres. On a `serve` stack's own database
// port, where a team's push logs in as postgres itself: supabase-cli-serve.test.ts.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSupautilsKey, startSupautilsProxy } from '../../backend/src/db/supautils-proxy.ts'
import type { SupautilsProxy } from '../../backend/src/db/supautils-proxy.ts'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { projectCopy, ROOT, supabaseCli, troubleIn } from './support/supabase-cli.ts'

let home: string
const supabase = (args: string[]) => supabaseCli(home, args)

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'chorus-cli-home-'))
})

afterAll(async () => {
  await rm(home, { recursive: true, force: true })
})

describe('the Supabase CLI', () => {
  it('is the pinned release', { timeout: 60_000 }, async () => {
    const pinned = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'))
      .devDependencies.supabase as string
    const { code, output } = await supabase(['--version'])
    expect(code).toBe(0)
    expect(output.trim()).toBe(pinned)
  })

  it(
    'loads the committed config.toml with no error and no warning',
    { timeout: 120_000 },
    async () => {
      const workdir = await projectCopy()
      try {
        const { output } = await supabase(['--workdir', workdir, 'start'])
        // Past the config: the next thing `start` does is look for Docker.
        expect(output).toContain('Cannot connect to the Docker daemon')
        expect(output).not.toMatch(/WARN|failed to (read|load) config/i)

        // …and `start` does check it: a value of the wrong type is refused before Docker.
        const config = path.join(workdir, 'supabase', 'config.toml')
        const text = await readFile(config, 'utf8')
        await writeFile(config, text.replace(/^smtp_port = \d+$/m, 'smtp_port = "x"'))
        const broken = await supabase(['--workdir', workdir, 'start'])
        expect(broken.output).toContain('failed to read config')
        expect(broken.output).not.toContain('Docker daemon')
      } finally {
        await rm(workdir, { recursive: true, force: true })
      }
    }
  )
})

describe('supabase db push --db-url onto the stack', () => {
  let stack: TestStack
  let workdir: string
  let dbUrl: string

  let proxy: SupautilsProxy

  beforeAll(async () => {
    stack = await startTestStack()
    workdir = await projectCopy()
    const url = new URL(stack.dbUrl)
    proxy = await startSupautilsProxy({
      host: url.hostname,
      port: Number(url.port),
      key: await readSupautilsKey(stack.sql),
    })
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    // The stack's PostgreSQL speaks no TLS, which the CLI tries first.
    url.searchParams.set('sslmode', 'disable')
    dbUrl = url.href
  })

  afterAll(async () => {
    await proxy?.close()
    await stack?.stop()
    if (workdir) await rm(workdir, { recursive: true, force: true })
  })

  it(
    "applies Chorus's migrations and records them as on a hosted project",
    { timeout: 180_000 },
    async () => {
      const local = (await readdir(path.join(workdir, 'supabase', 'migrations')))
        .filter((name) => name.endsWith('.sql'))
        .map((name) => name.split('_')[0])
        .sort()
      const push = await supabase([
        '--workdir',
        workdir,
        'db',
        'push',
        '--db-url',
        dbUrl,
        '--include-all',
        '--yes',
      ])
      expect(troubleIn(push.output)).toEqual([])
      expect(push.code).toBe(0)
      const applied = await stack.sql<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations order by version
    `
      expect(applied.map((row) => row.version)).toEqual(local)
      const [tables] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from pg_tables where schemaname = 'public'
    `
      expect(tables!.n).toBeGreaterThan(10)
      // As on hosted: what the migrations create is postgres's, the privileged extensions the
      // superuser's, and the policies on storage.objects are there.
      const owners = await stack.sql<{ owner: string }[]>`
      select distinct pg_get_userbyid(relowner) as owner from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r'
    `
      expect(owners).toEqual([{ owner: 'postgres' }])
      const [cron] = await stack.sql<{ owner: string }[]>`
      select pg_get_userbyid(extowner) as owner from pg_extension where extname = 'pg_cron'
    `
      expect(cron?.owner).not.toBe('postgres')
      const [policies] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from pg_policies where schemaname = 'storage' and tablename = 'objects'
    `
      expect(policies!.n).toBeGreaterThan(0)

      const list = await supabase(['--workdir', workdir, 'migration', 'list', '--db-url', dbUrl])
      expect(list.code).toBe(0)
      // Each local version is on the remote too: "`v` | `v` | time".
      for (const version of local) {
        expect(list.output).toMatch(new RegExp(`\`${version}\`\\s*\\|\\s*\`${version}\``))
      }

      const again = await supabase([
        '--workdir',
        workdir,
        'db',
        'push',
        '--db-url',
        dbUrl,
        '--include-all',
        '--yes',
      ])
      expect(again.code).toBe(0)
      expect(again.output).toContain('Remote database is up to date')
    }
  )
})

describe('supabase db push of a project that uses what supautils allows, and what it refuses', () => {
  let stack: TestStack
  let workdir: string
  let proxy: SupautilsProxy
  let dbUrl: string

  beforeAll(async () => {
    stack = await startTestStack()
    workdir = await mkdtemp(path.join(tmpdir(), 'chorus-cli-'))
    await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
    await writeFile(path.join(workdir, 'supabase', 'config.toml'), 'project_id = "supautils"\n')
    const url = new URL(stack.dbUrl)
    proxy = await startSupautilsProxy({
      host: url.hostname,
      port: Number(url.port),
      key: await readSupautilsKey(stack.sql),
    })
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    url.searchParams.set('sslmode', 'disable')
    dbUrl = url.href
  })

  afterAll(async () => {
    if (stack) {
      // The shared test cluster's own database, which the migration set as a project's would (other
      // pgrst.* names than migration-privileges.test.ts sets, so that neither resets the other's).
      await stack.sql`alter database postgres reset "pgrst.db_tx_end"`
      await stack.sql`alter role authenticator in database postgres reset pgrst.db_max_rows`
    }
    await proxy?.close()
    await stack?.stop()
    if (workdir) await rm(workdir, { recursive: true, force: true })
  })

  const push = () =>
    supabase(['--workdir', workdir, 'db', 'push', '--db-url', dbUrl, '--include-all', '--yes'])

  it('pgrst.* settings and an event trigger, as postgres', { timeout: 120_000 }, async () => {
    await writeFile(
      path.join(workdir, 'supabase', 'migrations', '20240101000000_supautils.sql'),
      [
        'alter database postgres set "pgrst.db_tx_end" to \'commit-allow-override\';',
        "alter role authenticator in database postgres set pgrst.db_max_rows = '500';",
        'create table public.ddl_log (tag text, role text);',
        'create function public.on_ddl() returns event_trigger language plpgsql as $$',
        'begin',
        '  insert into public.ddl_log select command_tag, current_user::text',
        '  from pg_event_trigger_ddl_commands();',
        'end $$;',
        'create event trigger on_ddl on ddl_command_end execute function public.on_ddl();',
        'create table public.after_trigger (id int);',
      ].join('\n')
    )
    const result = await push()
    expect(result.output).not.toMatch(/ERROR|failed/)
    expect(result.code).toBe(0)
    expect(
      await stack.sql`select pg_get_userbyid(evtowner) as owner from pg_event_trigger where evtname = 'on_ddl'`
    ).toEqual([{ owner: 'postgres' }])
    expect(await stack.sql`select tag, role from public.ddl_log`).toContainEqual({
      tag: 'CREATE TABLE',
      role: 'postgres',
    })
    const [setting] = await stack.sql<{ config: string[] }[]>`
      select setconfig as config from pg_db_role_setting
      where setdatabase = (select oid from pg_database where datname = 'postgres') and setrole = 0
    `
    expect(setting?.config).toContain('pgrst.db_tx_end=commit-allow-override')
  })

  it('a reserved role, refused with supautils message', { timeout: 120_000 }, async () => {
    await writeFile(
      path.join(workdir, 'supabase', 'migrations', '20240102000000_reserved.sql'),
      'alter role authenticator nologin;\n'
    )
    const result = await push()
    expect(result.code).not.toBe(0)
    expect(result.output).toContain(
      '"authenticator" is a reserved role, only superusers can modify it (SQLSTATE 42501)'
    )
    expect(
      await stack.sql`select rolcanlogin from pg_roles where rolname = 'authenticator'`
    ).toEqual([{ rolcanlogin: true }])
  })
})
