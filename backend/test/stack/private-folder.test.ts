// The stack started from a private (0700) folder, as a fresh server's root user clones into its
// home: PostgreSQL runs as the "postgres" user, which cannot reach that folder, so the cluster
// and (when needed) the binaries go where it can, and the user's folders keep their modes. As
// another user nothing moves: those assertions run instead.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, chmod, cp, lstat, mkdir, mkdtemp, readlink, rm, stat } from 'node:fs/promises'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { nativeDir, postgresBinaries, postgresUser, varDir } from '../../src/db/postgres-home.ts'
import { createLogger } from '../../src/logger.ts'
import { runCli, startCli, stopStartedClis } from '../support/cli.ts'

const isRoot = process.getuid?.() === 0
const made: string[] = []

async function privateDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix))
  made.push(dir)
  expect((await stat(dir)).mode & 0o777).toBe(0o700)
  return dir
}

afterAll(async () => {
  await stopStartedClis()
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

describe('a project in a private folder', () => {
  it(
    isRoot
      ? 'as root: the cluster lives under /var/lib/chorus, owned by postgres, the folder keeps its mode'
      : 'as a user: the cluster lives in the data folder itself',
    async () => {
      const base = await privateDir('private-project-')
      const workdir = path.join(base, 'project')
      await mkdir(path.join(workdir, 'supabase'), { recursive: true })
      await writeFile(
        path.join(workdir, 'supabase', 'config.toml'),
        'project_id = "private"\n[inbucket]\nport = 0\n'
      )
      const pgdata = path.join(workdir, 'supabase', '.temp', 'local-stack', 'pgdata')

      const running = await startCli(['--workdir', workdir])
      const sql = postgres(running.dbUrl, { max: 1, onnotice: () => {} })
      const [row] = await sql<{ data_directory: string }[]>`show data_directory`
      await sql.end()
      const link = await lstat(pgdata)
      let cluster = pgdata
      if (isRoot) {
        expect(link.isSymbolicLink()).toBe(true)
        cluster = await readlink(pgdata)
        expect(cluster.startsWith(path.join(varDir(), 'clusters', 'private-'))).toBe(true)
        const postgresUid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString())
        const owner = await stat(cluster)
        expect(owner.uid).toBe(postgresUid)
        expect(owner.mode & 0o777).toBe(0o700)
        expect(running.stderr()).toContain(`The database cluster is in ${cluster}`)
      } else {
        expect(link.isDirectory()).toBe(true)
      }
      expect(row?.data_directory).toBe(cluster)
      expect((await stat(base)).mode & 0o777).toBe(0o700)
      expect((await fetch(`${running.apiUrl}/rest/v1/`)).status).toBeLessThan(500)
      expect(await running.stop()).toBe(0)

      // The next start finds the same cluster; stop --no-backup deletes it wherever it is.
      const again = await startCli(['--workdir', workdir])
      expect(again.stderr()).not.toContain('Creating a new PostgreSQL')
      expect(await again.stop()).toBe(0)
      const deleted = await runCli(['stop', '--no-backup', '--workdir', workdir])
      expect(deleted.code).toBe(0)
      expect(existsSync(cluster)).toBe(false)
      expect(existsSync(pgdata)).toBe(false)
    },
    // Two starts and a stop --no-backup: well within this on an idle machine, not on a busy one.
    120_000
  )

  it(
    isRoot
      ? 'as root: binaries the postgres user cannot reach are copied once, verified, and copied again when altered'
      : 'as a user: the binaries run from node_modules',
    async () => {
      const log = createLogger('error')
      const runAs = await postgresUser()
      if (!isRoot) {
        expect(runAs).toBeNull()
        const own = await postgresBinaries(runAs, log)
        expect(own.postgres).toBe(path.join(nativeDir(), 'bin', 'postgres'))
        expect(own.version).toMatch(/^postgres \(PostgreSQL\) 17\./)
        return
      }
      const source = path.join(await privateDir('private-binaries-'), 'native')
      await cp(nativeDir(), source, { recursive: true, verbatimSymlinks: true })
      const shared = await mkdtemp(path.join(tmpdir(), 'chorus-var-'))
      made.push(shared)
      await chmod(shared, 0o755)
      process.env.CHORUS_VAR_DIR = shared
      try {
        const first = await postgresBinaries(runAs, log, source)
        expect(first.postgres.startsWith(path.join(shared, 'postgres', '17.'))).toBe(true)
        expect(first.version).toMatch(/^postgres \(PostgreSQL\) 17\./)
        const asPostgres = spawnSync(first.postgres, ['--version'], { ...runAs!, cwd: '/' })
        expect(asPostgres.stdout.toString().trim()).toBe(first.version)
        const copied = (await stat(first.postgres)).mtimeMs

        const second = await postgresBinaries(runAs, log, source)
        expect(second.postgres).toBe(first.postgres)
        expect((await stat(second.postgres)).mtimeMs).toBe(copied)

        await appendFile(first.postgres, 'altered')
        const third = await postgresBinaries(runAs, log, source)
        expect(third.postgres).toBe(first.postgres)
        expect((await stat(third.postgres)).size).toBe(
          (await stat(path.join(source, 'bin', 'postgres'))).size
        )
      } finally {
        delete process.env.CHORUS_VAR_DIR
      }
    },
    // Three copies and checksums of PostgreSQL's binaries: 6 s on an idle machine, past 30 s in
    // a fresh clone's run (2026-11-28) with two cores shared by three test files and a build.
    120_000
  )
})
