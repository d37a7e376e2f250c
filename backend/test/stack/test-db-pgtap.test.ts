// `test db` with pgTAP installed: the stack on Debian's PostgreSQL 15 (--postgres-bin), which has
// the postgresql-15-pgtap package, runs supabase/tests/*.sql and judges their TAP as pg_prove does.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, startCli, tempDir } from '../support/cli.ts'
import type { StartedCli } from '../support/cli.ts'

const POSTGRES_15 = '/usr/lib/postgresql/15/bin'

let workdir: string
let dataDir: string
let running: StartedCli | null = null
const args = () => ['--workdir', workdir, '--data-dir', dataDir]
const tests = () => path.join(workdir, 'supabase', 'tests')

beforeAll(async () => {
  workdir = await tempDir('test-db-')
  dataDir = path.join(await tempDir('test-db-data-'), 'data')
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  await mkdir(tests(), { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    'project_id = "test-db"\n[inbucket]\nport = 0\n'
  )
  await writeFile(
    path.join(workdir, 'supabase', 'migrations', '20240101000000_notes.sql'),
    'create table public.notes (id bigint primary key, body text not null);'
  )
  running = await startCli([...args(), '--postgres-bin', POSTGRES_15])
}, 120_000)

afterAll(async () => {
  if (running) await running.stop()
  await rm(workdir, { recursive: true, force: true })
  await rm(path.dirname(dataDir), { recursive: true, force: true })
})

describe('test db with pgTAP', () => {
  it('passes the files whose plan is met, fails the others, and leaves no pgTAP behind', async () => {
    await writeFile(path.join(tests(), 'vitest-file.test.ts'), 'not SQL: test db skips it')
    await mkdir(path.join(tests(), 'nested'), { recursive: true })
    await writeFile(
      path.join(tests(), 'nested', 'notes.test.sql'),
      `begin;
       select plan(3);
       select has_table('public', 'notes', 'notes exists');
       select col_not_null('public', 'notes', 'body', 'body is required');
       insert into public.notes values (1, 'one');
       select is((select count(*)::int from public.notes), 1, 'one note inside the test');
       select * from finish();
       rollback;`
    )
    const passing = await runCli(['test', 'db', ...args()])
    expect(passing.stdout).toBe(
      'supabase/tests/nested/notes.test.sql .. ok\nAll tests successful.\nFiles=1, Tests=3\nResult: PASS\n'
    )
    expect(passing.code).toBe(0)

    await writeFile(
      path.join(tests(), 'wrong.test.sql'),
      `select plan(2);
       select ok(true, 'fine');
       select is(1 + 1, 3, 'arithmetic');
       select * from finish();`
    )
    await writeFile(
      path.join(tests(), 'short.test.sql'),
      `select plan(2); select pass('only one');`
    )
    const failing = await runCli(['test', 'db', ...args()])
    expect(failing.code).toBe(1)
    expect(failing.stdout).toContain('supabase/tests/nested/notes.test.sql .. ok\n')
    expect(failing.stdout).toContain('supabase/tests/wrong.test.sql .. \nnot ok 2 - arithmetic\n')
    expect(failing.stdout).toContain('#         have: 2\n#         want: 3\n')
    expect(failing.stdout).toContain(
      'supabase/tests/short.test.sql .. \n# Planned 2 tests but ran 1.'
    )
    expect(failing.stdout).toContain(
      'supabase/tests/wrong.test.sql (Tests: 2 Failed: 1)\n  Failed tests:  2\n'
    )
    expect(failing.stdout).toMatch(/Files=3, Tests=6\nResult: FAIL\n$/)

    const status = JSON.parse((await runCli(['status', '-o', 'json', ...args()])).stdout) as {
      DB_URL: string
    }
    const sql = postgres(status.DB_URL, { max: 1, onnotice: () => {} })
    try {
      expect(await sql`select extname from pg_extension where extname = 'pgtap'`).toEqual([])
      expect(await sql`select count(*)::int as n from public.notes`).toEqual([{ n: 0 }])
    } finally {
      await sql.end()
    }
  })
})
