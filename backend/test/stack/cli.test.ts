// The command line against a real embedded cluster in its own data folder: start, migrate,
// restart with data kept, --reset, a failing migration, kill -9, and the start-up refusals.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, startCli, tempDir } from '../support/cli.ts'
import type { StartedCli } from '../support/cli.ts'
import { withDb } from '../support/ops.ts'
import { HOSTED_STYLE_MIGRATION, SEED } from './cli-project.ts'

let workdir: string
let dataDir: string
let running: StartedCli | null = null

async function writeMigration(name: string, sql: string) {
  await writeFile(path.join(workdir, 'supabase', 'migrations', name), sql)
}

beforeAll(async () => {
  workdir = await tempDir('cli-project-')
  dataDir = path.join(await tempDir('cli-data-'), 'data')
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  // [inbucket] port = 0: the mail inbox on a free port of its own, as --api-port 0 does for the API.
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    'project_id = "cli-test"\n[inbucket]\nport = 0\n'
  )
  await writeFile(path.join(workdir, 'supabase', 'seed.sql'), SEED)
  await writeMigration('20240101000000_hosted_style.sql', HOSTED_STYLE_MIGRATION)
  await writeMigration('20240102000000_seeded.sql', 'create table public.seeded (note text);')
  // A function in TypeScript with a shared module: the CLI the tests run is built without tsx
  // (support/prebuilt-cli.ts), and gets its loader for the functions.
  await mkdir(path.join(workdir, 'supabase', 'functions', 'hello'), { recursive: true })
  await mkdir(path.join(workdir, 'supabase', 'functions', '_shared'), { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'functions', '_shared', 'greeting.ts'),
    'export const greeting = (name: string): string => `Hello, ${name}`\n'
  )
  await writeFile(
    path.join(workdir, 'supabase', 'functions', 'hello', 'index.ts'),
    [
      "import { greeting } from '../_shared/greeting.ts'",
      'interface Answer { text: string }',
      'Deno.serve((request: Request): Response => {',
      "  const answer: Answer = { text: greeting(new URL(request.url).searchParams.get('name') ?? 'you') }",
      '  return Response.json(answer)',
      '})',
    ].join('\n')
  )
})

afterAll(async () => {
  if (running) await running.stop()
  await rm(workdir, { recursive: true, force: true })
  await rm(path.dirname(dataDir), { recursive: true, force: true })
})

const args = () => ['--workdir', workdir, '--data-dir', dataDir]

// Each test starts a whole stack (a cluster made, migrated and seeded: 15-20 s on an idle 2-core
// machine, past 30 s on a loaded one), hence 90 s a test.
describe('npm run backend -- start', { timeout: 90_000 }, () => {
  it('creates the cluster, applies the platform, the migrations and the seed', async () => {
    running = await startCli(args())
    expect(running.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(running.stdout()).toContain(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24i'
    )

    const status = await runCli(['status', '-o', 'json', ...args()])
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({
      API_URL: running.apiUrl,
      DB_URL: running.dbUrl,
      ANON_KEY: expect.stringMatching(/^eyJ/),
      SERVICE_ROLE_KEY: expect.stringMatching(/^eyJ/),
      PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      JWT_SECRET: 'super-secret-jwt-token-with-at-least-32-characters-long',
    })
    // The inbox has a port of its own on the loopback interface, printed as the CLI prints it.
    const { MAILPIT_URL, INBUCKET_URL } = JSON.parse(status.stdout) as Record<string, string>
    expect(MAILPIT_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(INBUCKET_URL).toBe(MAILPIT_URL)
    expect(MAILPIT_URL).not.toBe(running.apiUrl)
    expect(running.stdout()).toContain(`Mailpit URL: ${MAILPIT_URL}`)
    expect((await fetch(`${MAILPIT_URL}/api/v1/messages`)).status).toBe(200)
    expect((await fetch(`${running.apiUrl}/inbox/api/v1/messages`)).status).toBe(404)
    const { ANON_KEY } = JSON.parse(status.stdout) as Record<string, string>
    const hello = await fetch(`${running.apiUrl}/functions/v1/hello?name=Ada`, {
      headers: { Authorization: `Bearer ${ANON_KEY}` },
    })
    expect(hello.status).toBe(200)
    expect(await hello.json()).toEqual({ text: 'Hello, Ada' })

    await withDb(running.dbUrl, async (sql) => {
      const history = await sql<{ version: string; name: string; statements: string[] }[]>`
        select version, name, statements from supabase_migrations.schema_migrations order by version
      `
      expect(history.map((h) => [h.version, h.name])).toEqual([
        ['20240101000000', 'hosted_style'],
        ['20240102000000', 'seeded'],
      ])
      expect(history[0]?.statements.length).toBe(11)
      expect(await sql`select note from public.seeded`).toEqual([{ note: 'from seed' }])
      const [pgVersion] = await sql<{ server_version_num: string }[]>`show server_version_num`
      expect(Number(pgVersion?.server_version_num)).toBeGreaterThanOrEqual(170000)
      const [wal] = await sql<{ wal_level: string }[]>`show wal_level`
      expect(wal?.wal_level).toBe('logical')
    })
  })

  it('applies a hosted-style migration: the auth.users trigger fires and RLS sees auth.uid()', async () => {
    await withDb(running!.dbUrl, async (sql) => {
      const userA = '11111111-1111-1111-1111-111111111111'
      const userB = '22222222-2222-2222-2222-222222222222'
      await sql.begin(async (tx) => {
        await tx`set local role supabase_auth_admin`
        for (const [id, name] of [
          [userA, 'Ada'],
          [userB, 'Bob'],
        ] as const) {
          await tx`insert into auth.users (id, email, raw_user_meta_data, aud, role)
                   values (${id}, ${name + '@example.com'}, ${sql.json({ full_name: name })}, 'authenticated', 'authenticated')`
        }
      })
      expect(await sql`select full_name from public.profiles order by full_name`).toEqual([
        { full_name: 'Ada' },
        { full_name: 'Bob' },
      ])
      const asUser = async (id: string) =>
        sql.begin(async (tx) => {
          await tx`select set_config('role', 'authenticated', true),
                          set_config('request.jwt.claims', ${JSON.stringify({ sub: id, role: 'authenticated' })}, true)`
          await tx`insert into public.todos (task) values (${'task of ' + id})`
          return tx<{ task: string }[]>`select task from public.todos`
        })
      await asUser(userA)
      expect(await asUser(userB)).toEqual([{ task: `task of ${userB}` }])
      const published =
        await sql`select tablename from pg_publication_tables where pubname = 'supabase_realtime'`
      expect(published).toEqual([{ tablename: 'todos' }])
    })
  })

  // One stopped stack serves both: the failing start (which applies the pending migrations before
  // the broken one) and then a start that applies only the migration written after it.
  it('stops cleanly on Ctrl-C; a failing migration is named by file and error, the earlier ones stay', async () => {
    const firstDbUrl = running!.dbUrl
    expect(await running!.stop()).toBe(0)
    running = null
    await expect(withDb(firstDbUrl, (sql) => sql`select 1`)).rejects.toThrow()

    await writeMigration(
      '20240103000000_later.sql',
      'alter table public.seeded add column later int default 3;'
    )
    await writeMigration(
      '20240104000000_broken.sql',
      'create table public.half_done (id int);\ninsert into public.missing_table values (1);\n'
    )
    const result = await runCli(['start', '--api-port', '0', '--db-port', '0', ...args()])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      '20240104000000_broken.sql:2: ERROR: relation "public.missing_table" does not exist'
    )
    expect(result.stderr).toContain('Applying migration 20240103000000_later.sql')
    expect(result.stderr).not.toContain('20240101000000_hosted_style.sql')
    expect(result.stderr).not.toContain('Seeding')
    await rm(path.join(workdir, 'supabase', 'migrations', '20240104000000_broken.sql'))
  })

  it('a restart keeps the data and applies only new migrations; the failed one left nothing', async () => {
    await writeMigration(
      '20240105000000_newest.sql',
      'alter table public.seeded add column newest int default 5;'
    )
    running = await startCli(args())
    const log = running.stderr()
    expect(log).toContain('Applying migration 20240105000000_newest.sql')
    expect(log).not.toContain('20240103000000_later.sql')
    expect(log).not.toContain('20240101000000_hosted_style.sql')
    expect(log).not.toContain('Seeding')
    await withDb(running.dbUrl, async (sql) => {
      expect(await sql`select note, later, newest from public.seeded`).toEqual([
        { note: 'from seed', later: 3, newest: 5 },
      ])
      expect((await sql`select count(*)::int as n from public.todos`)[0]).toEqual({ n: 2 })
      const [row] = await sql`select to_regclass('public.half_done') as half`
      expect(row).toEqual({ half: null })
      const history = await sql<{ version: string }[]>`
        select version from supabase_migrations.schema_migrations order by version`
      expect(history.map((h) => h.version)).toEqual([
        '20240101000000',
        '20240102000000',
        '20240103000000',
        '20240105000000',
      ])
    })
  })

  it('recovers the data after the stack is killed with SIGKILL', async () => {
    await withDb(
      running!.dbUrl,
      (sql) => sql`insert into public.seeded (note) values ('before kill')`
    )
    running!.process.kill('SIGKILL')
    await new Promise((resolve) => running!.process.on('exit', resolve))
    running = null

    running = await startCli(args())
    // The killed stack's PostgreSQL kept running; the new start stops it cleanly and takes over.
    expect(running.stderr()).toContain('left by an earlier run is still using')
    await withDb(running.dbUrl, async (sql) => {
      expect(await sql`select note from public.seeded order by note`).toEqual([
        { note: 'before kill' },
        { note: 'from seed' },
      ])
    })
  })

  it('--reset starts from an empty database and seeds it again', async () => {
    expect(await running!.stop()).toBe(0)
    running = await startCli(['--reset', ...args()])
    await withDb(running.dbUrl, async (sql) => {
      expect(await sql`select note from public.seeded`).toEqual([{ note: 'from seed' }])
      expect((await sql`select count(*)::int as n from auth.users`)[0]).toEqual({ n: 0 })
    })
    expect(await running.stop()).toBe(0)
    running = null
  })
})

describe('start-up refusals', { timeout: 90_000 }, () => {
  it('refuses a port that is in use, and changes nothing', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()))
    const port = (blocker.address() as AddressInfo).port
    const before = await readdir(dataDir)
    const result = await runCli(['start', '--api-port', String(port), '--db-port', '0', ...args()])
    blocker.close()
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`Port ${port} for the API ([api] port) is already in use`)
    expect(await readdir(dataDir)).toEqual(before)
  })

  it('refuses a malformed or missing config.toml, naming the line', async () => {
    const broken = await tempDir('cli-broken-')
    await mkdir(path.join(broken, 'supabase'))
    await writeFile(
      path.join(broken, 'supabase', 'config.toml'),
      '[api]\nport = 54321\n[auth\nsite_url = "x"\n'
    )
    const malformed = await runCli(['start', '--workdir', broken])
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toMatch(/config\.toml:3: invalid TOML/)

    const empty = await tempDir('cli-empty-')
    const missing = await runCli(['start', '--workdir', empty])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('config.toml: file not found')
    await rm(broken, { recursive: true, force: true })
    await rm(empty, { recursive: true, force: true })
  })

  it('refuses a data folder of another PostgreSQL major version and leaves it as it was', async () => {
    const foreign = path.join(await tempDir('cli-pg16-'), 'data')
    await mkdir(path.join(foreign, 'pgdata'), { recursive: true })
    await writeFile(path.join(foreign, 'pgdata', 'PG_VERSION'), '16\n')
    await writeFile(path.join(foreign, 'pgdata', 'keep-me'), 'data')
    const result = await runCli([
      'start',
      '--workdir',
      workdir,
      '--data-dir',
      foreign,
      '--api-port',
      '0',
      '--db-port',
      '0',
    ])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'holds a PostgreSQL 16 cluster, but this stack runs PostgreSQL 17'
    )
    expect(await readFile(path.join(foreign, 'pgdata', 'keep-me'), 'utf8')).toBe('data')
    await rm(path.dirname(foreign), { recursive: true, force: true })
  })

  it('status says so when no stack is running', async () => {
    const result = await runCli(['status', ...args()])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('No local stack is running')
  })
})
