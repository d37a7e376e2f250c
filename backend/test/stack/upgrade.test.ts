// Upgrades: a data folder made by an earlier commit of this repository (its backend run from a
// `git archive` of that commit, with this checkout's node_modules) is started by the current
// code: the new platform files and the project's new migrations are applied once each, the data
// is intact and people sign in. A folder newer than the code (a platform change or a migration
// version the code does not know) is refused with one line, and left as it was.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeClusters, startEmbeddedPostgres } from '../../src/db/embedded.ts'
import { createLogger } from '../../src/logger.ts'
import { REPO_ROOT, runCli, startCli, stopStartedClis, tempDir } from '../support/cli.ts'
import type { RunningCli } from '../support/cli.ts'
import { clientOf, freePort, makeOpsProject, printed, until, withDb } from '../support/ops.ts'

/** The commit before db/platform/50-webhooks.sql was added. */
const OLD_COMMIT = 'c669dfd2be7a52319207bed56712db506214e75e'
const PASSWORD = 'a long passphrase 2'

let oldRoot: string
let workdir: string
let dataDir: string

beforeAll(async () => {
  oldRoot = await mkdtemp(path.join(tmpdir(), 'upgrade-old-'))
  await chmod(oldRoot, 0o755)
  const archive = spawnSync(
    'sh',
    [
      '-c',
      `git -C "${REPO_ROOT}" archive ${OLD_COMMIT} backend package.json | tar -x -C "${oldRoot}"`,
    ],
    { encoding: 'utf8' }
  )
  expect(archive.status, archive.stderr).toBe(0)
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(oldRoot, 'node_modules'))
  if (existsSync(path.join(REPO_ROOT, 'backend/node_modules'))) {
    await symlink(
      path.join(REPO_ROOT, 'backend/node_modules'),
      path.join(oldRoot, 'backend/node_modules')
    )
  }
  workdir = await makeOpsProject('upgrade', {
    '20240101000000_notes.sql':
      'create table public.notes (id bigint primary key, user_id uuid default auth.uid(), body text);\n' +
      'alter table public.notes enable row level security;\n' +
      'create policy "own notes" on public.notes for all to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));\n',
  })
  dataDir = path.join(await tempDir('upgrade-data-'), 'data')
})

afterAll(async () => {
  await stopStartedClis()
  await removeClusters(dataDir)
  for (const dir of [oldRoot, workdir, path.dirname(dataDir)]) {
    await rm(dir, { recursive: true, force: true })
  }
})

const args = () => ['--workdir', workdir, '--data-dir', dataDir]

function platformFiles(): Promise<string[]> {
  return readdir(path.join(REPO_ROOT, 'backend/src/db/platform')).then((names) =>
    names.filter((name) => name.endsWith('.sql')).sort()
  )
}

describe('upgrades', () => {
  it('the current code on a data folder of an earlier commit applies the new platform files and migrations once; data and sign-ins intact', async () => {
    // The earlier commit's stack makes the data: a user and a note.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(oldRoot, 'backend/src/cli/main.ts'),
        'start',
        '--api-port',
        '0',
        '--db-port',
        '0',
        ...args(),
      ],
      {
        cwd: oldRoot,
        env: { ...process.env, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    const old: RunningCli = { process: child, stdout: () => stdout, stderr: () => stderr }
    await until(
      'the earlier commit to start',
      () => {
        if (child.exitCode !== null) throw new Error(`it exited:\n${stdout}\n${stderr}`)
        return stdout.includes('Press Ctrl-C to stop.')
      },
      90_000
    )
    const oldApi = printed(old, 'API URL')
    const client = clientOf(oldApi, printed(old, 'anon key'))
    const { data, error } = await client.auth.signUp({
      email: 'old@example.com',
      password: PASSWORD,
    })
    expect(error).toBeNull()
    const userId = data.user!.id
    expect(
      (await client.from('notes').insert({ id: 1, body: 'written before the upgrade' })).error
    ).toBeNull()
    const before = await withDb(
      printed(old, 'DB URL'),
      (sql) =>
        sql<{ name: string }[]>`select name from _supabase_local.platform_versions order by name`
    )
    expect(before.map((r) => r.name)).not.toContain('50-webhooks.sql')
    child.kill('SIGINT')
    expect(await exited).toBe(0)

    // The newer project has a migration more.
    await writeFile(
      path.join(workdir, 'supabase/migrations/20240102000000_note_tags.sql'),
      "alter table public.notes add column tags text[] not null default '{}';\n"
    )
    const current = await startCli(args())
    expect(current.stderr()).toContain('Applying migration 20240102000000_note_tags.sql...')
    expect(current.stderr()).not.toContain('Applying migration 20240101000000_notes.sql')
    expect(current.stderr()).not.toContain('Creating a new PostgreSQL')
    const state = await withDb(current.dbUrl, async (sql) => ({
      platform: (
        await sql<
          { name: string }[]
        >`select name from _supabase_local.platform_versions order by name`
      ).map((r) => r.name),
      migrations: (
        await sql<
          { version: string }[]
        >`select version from supabase_migrations.schema_migrations order by version`
      ).map((r) => r.version),
      notes: await sql`select id::int, user_id, body, tags from public.notes`,
      hooks: (await sql`select to_regclass('supabase_functions.hooks') is not null as exists`)[0]!
        .exists,
    }))
    expect(state.platform).toEqual(await platformFiles())
    expect(state.migrations).toEqual(['20240101000000', '20240102000000'])
    expect(state.notes).toEqual([
      { id: 1, user_id: userId, body: 'written before the upgrade', tags: [] },
    ])
    expect(state.hooks).toBe(true)

    const signedIn = clientOf(current.apiUrl, printed(current, 'anon key'))
    const login = await signedIn.auth.signInWithPassword({
      email: 'old@example.com',
      password: PASSWORD,
    })
    expect(login.error).toBeNull()
    const { data: notes } = await signedIn.from('notes').select('body, tags')
    expect(notes).toEqual([{ body: 'written before the upgrade', tags: [] }])
    expect(await current.stop()).toBe(0)

    // Applied once: the next start applies nothing.
    const again = await startCli(args())
    expect(again.stderr()).not.toContain('Applying migration')
    expect(await again.stop()).toBe(0)
  }, 180_000)

  it('refuses a folder newer than the code (a platform change, then a migration it lacks), changing nothing', async () => {
    /** Runs `fn` on the data folder's cluster, started for it alone. */
    const onCluster = async <T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
      const server = await startEmbeddedPostgres({
        pgdata: path.join(dataDir, 'pgdata'),
        port: await freePort(),
        password: 'postgres',
        log: createLogger('error'),
        name: 'upgrade',
      })
      try {
        return await withDb(server.url, fn)
      } finally {
        await server.stop()
      }
    }
    await onCluster(
      (sql) =>
        sql`insert into _supabase_local.platform_versions (name, hash) values ('99-from-the-future.sql', 'x')`
    )
    const platform = await runCli(['start', '--api-port', '0', '--db-port', '0', ...args()])
    expect(platform.code).toBe(1)
    expect(platform.stderr).toContain(
      'Error: This database was set up by a newer version of the stack: it records the platform change 99-from-the-future.sql'
    )
    expect(platform.stderr).toContain('Nothing was changed')

    await onCluster(async (sql) => {
      await sql`delete from _supabase_local.platform_versions where name = '99-from-the-future.sql'`
      await sql`insert into supabase_migrations.schema_migrations (version, name) values ('20990101000000', 'future')`
    })
    const migration = await runCli(['start', '--api-port', '0', '--db-port', '0', ...args()])
    expect(migration.code).toBe(1)
    expect(migration.stderr).toContain(
      "Error: This database is newer than this project's migrations: it records version 20990101000000"
    )
    const [row] = await onCluster(
      (sql) => sql`select (select count(*)::int from public.notes) as notes,
                          (select count(*)::int from supabase_migrations.schema_migrations) as versions`
    )
    expect(row).toEqual({ notes: 1, versions: 3 })
  }, 120_000)
})
