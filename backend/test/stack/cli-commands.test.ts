// The everyday Supabase CLI commands against a running stack started by the real command line:
// migration new/list/up, db reset (while the stack keeps its ports and serves again after it),
// gen types typescript and test db.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, startCli, tempDir } from '../support/cli.ts'
import type { StartedCli } from '../support/cli.ts'

let workdir: string
let dataDir: string
let running: StartedCli | null = null

const args = () => ['--workdir', workdir, '--data-dir', dataDir]
const migrationsDir = () => path.join(workdir, 'supabase', 'migrations')
const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

async function query<T extends readonly object[]>(
  fn: (sql: postgres.Sql) => Promise<T>
): Promise<T> {
  const sql = postgres(running!.dbUrl, { max: 1, onnotice: () => {} })
  try {
    return await fn(sql)
  } finally {
    await sql.end({ timeout: 2 })
  }
}

async function restRows(table: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${running!.apiUrl}/rest/v1/${table}?select=*`, {
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
  })
  return { status: response.status, body: await response.json() }
}

/** The answer once it is a 200, or the last one after about ten seconds. */
async function eventually(
  ask: () => Promise<{ status: number; body: unknown }>
): Promise<{ status: number; body: unknown }> {
  let answer = await ask()
  for (let i = 0; i < 100 && answer.status !== 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    answer = await ask()
  }
  return answer
}

beforeAll(async () => {
  workdir = await tempDir('cli-commands-')
  dataDir = path.join(await tempDir('cli-commands-data-'), 'data')
  await mkdir(migrationsDir(), { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    'project_id = "cli-commands"\n[inbucket]\nport = 0\n'
  )
  await writeFile(
    path.join(migrationsDir(), '20240101000000_notes.sql'),
    `create type public.mood as enum ('happy', 'sad');
     create table public.notes (id bigint generated always as identity primary key,
       body text not null, mood public.mood, created_at timestamptz not null default now());
     grant select on public.notes to anon, authenticated, service_role;`
  )
  await writeFile(
    path.join(workdir, 'supabase', 'seed.sql'),
    `insert into public.notes (body) values ('seeded');`
  )
  running = await startCli(args())
}, 120_000)

afterAll(async () => {
  if (running) await running.stop()
  await rm(workdir, { recursive: true, force: true })
  await rm(path.dirname(dataDir), { recursive: true, force: true })
})

describe('migration new, list and up', () => {
  it('creates a timestamped file and says where, as the CLI does', async () => {
    const before = Date.now()
    const result = await runCli(['migration', 'new', 'add_tags', ...args()])
    expect(result.code).toBe(0)
    const created = (await readdir(migrationsDir())).filter((f) => f.endsWith('_add_tags.sql'))
    expect(created).toHaveLength(1)
    const version = created[0]!.slice(0, 14)
    expect(result.stdout).toBe(`Created new migration at supabase/migrations/${created[0]}.\n`)
    const stamp = Date.UTC(
      Number(version.slice(0, 4)),
      Number(version.slice(4, 6)) - 1,
      Number(version.slice(6, 8)),
      Number(version.slice(8, 10)),
      Number(version.slice(10, 12)),
      Number(version.slice(12, 14))
    )
    // The version is the time of the call, to the second (UTC).
    expect(stamp).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(stamp).toBeLessThanOrEqual(Date.now())
    expect(await readFile(path.join(migrationsDir(), created[0]!), 'utf8')).toBe('')
    await writeFile(
      path.join(migrationsDir(), created[0]!),
      'create table public.tags (name text primary key);\ngrant select on public.tags to service_role;\n'
    )
  })

  it('lists local and applied versions side by side, then applies the pending one', async () => {
    const [pendingFile] = (await readdir(migrationsDir())).filter((f) =>
      f.endsWith('_add_tags.sql')
    )
    const pending = pendingFile!.slice(0, 14)
    const list = await runCli(['migration', 'list', '--local', ...args()])
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/Local\s+\|\s+Remote\s+\|\s+Time \(UTC\)/)
    expect(list.stdout).toMatch(/20240101000000 \| 20240101000000 \| 2024-01-01 00:00:00/)
    expect(list.stdout).toMatch(new RegExp(`${pending} \\| {16}\\| \\d{4}-\\d{2}-\\d{2}`))

    const up = await runCli(['migration', 'up', '--local', ...args()])
    expect(up.code).toBe(0)
    expect(up.stderr).toContain(`Applying migration ${pendingFile}...`)
    expect(up.stdout).toBe('Local database is up to date.\n')
    const versions = await query(
      (sql) => sql<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations order by version`
    )
    expect(versions.map((v) => v.version)).toEqual(['20240101000000', pending])
    // REST sees the new table without a restart: its schema cache reloads on DDL, a moment
    // after the migration commits (as PostgREST's does).
    expect(await eventually(() => restRows('tags'))).toEqual({ status: 200, body: [] })

    const again = await runCli(['migration', 'list', ...args()])
    expect(again.stdout).toMatch(new RegExp(`${pending} \\| ${pending} \\|`))
  })

  it('refuses a migration older than the last applied one unless --include-all', async () => {
    const late = '20240101000001_late.sql'
    await writeFile(path.join(migrationsDir(), late), 'create table public.late (x int);')
    const refused = await runCli(['migration', 'up', ...args()])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'Found local migration files to be inserted before the last migration on remote database.'
    )
    expect(refused.stderr).toContain(`supabase/migrations/${late}`)
    const applied = await runCli(['migration', 'up', '--include-all', ...args()])
    expect(applied.code).toBe(0)
    const [late_] = await query(
      (sql) => sql`select to_regclass('public.late') is not null as found`
    )
    expect(late_).toEqual({ found: true })
  })
})

describe('db reset', () => {
  it('recreates the database with migrations and seed, and the stack serves again on its ports', async () => {
    await query((sql) => sql`insert into public.notes (body) values ('written before the reset')`)
    await query((sql) => sql`create table public.stray (x int)`)
    const status = await runCli(['status', '-o', 'json', ...args()])
    const before = JSON.parse(status.stdout) as Record<string, string>

    const reset = await runCli(['db', 'reset', ...args()])
    expect(reset.code, reset.stderr).toBe(0)
    const lines = reset.stderr.trim().split('\n')
    expect(lines[0]).toBe('Resetting local database...')
    expect(lines).toContain('Applying migration 20240101000000_notes.sql...')
    expect(lines).toContain('Seeding data from supabase/seed.sql...')
    expect(lines.at(-1)).toMatch(/^Finished supabase db reset on branch \S+\.$/)

    const after = JSON.parse((await runCli(['status', '-o', 'json', ...args()])).stdout) as Record<
      string,
      string
    >
    expect(after.API_URL).toBe(before.API_URL)
    expect(after.DB_URL).toBe(before.DB_URL)
    expect(await query((sql) => sql`select body from public.notes`)).toEqual([{ body: 'seeded' }])
    expect(await query((sql) => sql`select to_regclass('public.stray') as t`)).toEqual([
      { t: null },
    ])
    // The API answers from the new database; every migration is applied again.
    expect(await restRows('notes')).toMatchObject({ status: 200, body: [{ body: 'seeded' }] })
    expect(await restRows('tags')).toEqual({ status: 200, body: [] })
  }, 120_000)

  it('skips the seed with --no-seed', async () => {
    const reset = await runCli(['db', 'reset', '--no-seed', ...args()])
    expect(reset.code, reset.stderr).toBe(0)
    expect(reset.stderr).not.toContain('Seeding data')
    expect(await query((sql) => sql`select body from public.notes`)).toEqual([])
  }, 120_000)

  it('says so when no stack is running', async () => {
    const elsewhere = await tempDir('cli-commands-none-')
    const result = await runCli(['db', 'reset', '--workdir', elsewhere])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `No local stack is running for ${elsewhere}. Start one with: npm run backend -- start\n`
    )
    await rm(elsewhere, { recursive: true, force: true })
  })
})

describe('gen types typescript', () => {
  it('prints the Database type of the running stack', async () => {
    const result = await runCli(['gen', 'types', 'typescript', '--local', ...args()])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(/^Connecting to 127\.0\.0\.1 \d+\n$/)
    expect(result.stdout).toContain('export type Database = {')
    expect(result.stdout).toContain('mood: Database["public"]["Enums"]["mood"] | null')
    expect(result.stdout).toContain('Insert: {\n          body: string\n')
    expect(result.stdout).toContain('id?: never')
    expect(result.stdout).toContain('tags: {')
  })

  it('takes --schema and --lang', async () => {
    const result = await runCli([
      'gen',
      'types',
      '--lang',
      'typescript',
      '--schema',
      'storage',
      ...args(),
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('  storage: {')
    expect(result.stdout).not.toContain('  public: {')
    const go = await runCli(['gen', 'types', 'go', ...args()])
    expect(go.code).toBe(1)
    expect(go.stderr).toBe('Unsupported language go: this stack generates typescript only.\n')
  })
})

describe('test db', () => {
  it('runs only the .sql files of supabase/tests, or says what installs pgTAP', async () => {
    const tests = path.join(workdir, 'supabase', 'tests')
    await mkdir(tests, { recursive: true })
    await writeFile(path.join(tests, 'ignored.test.ts'), 'this is not SQL')
    await writeFile(
      path.join(tests, 'notes.test.sql'),
      `begin;
       select plan(2);
       select has_table('public', 'notes', 'notes exists');
       select is((select count(*)::int from public.notes), 0, 'no notes after --no-seed');
       select * from finish();
       rollback;`
    )
    const [available] = await query(
      (sql) => sql<{ found: boolean }[]>`
        select exists (select 1 from pg_available_extensions where name = 'pgtap') as found`
    )
    const result = await runCli(['test', 'db', ...args()])
    if (!available?.found) {
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(
        /^Error: pgTAP is not installed on this PostgreSQL \d+ server, so test db cannot run\. Install it \(on Debian: apt-get install postgresql-\d+-pgtap\)/
      )
      return
    }
    expect(result.stdout).toContain('supabase/tests/notes.test.sql .. ok')
    expect(result.stdout).toContain('Result: PASS')
    expect(result.code).toBe(0)
    await writeFile(
      path.join(tests, 'failing.test.sql'),
      `select plan(1); select ok(false, 'bound to fail'); select * from finish();`
    )
    const failing = await runCli(['test', 'db', ...args()])
    expect(failing.code).toBe(1)
    expect(failing.stdout).toContain('not ok 1 - bound to fail')
    expect(failing.stdout).toContain('Result: FAIL')
  })
})
