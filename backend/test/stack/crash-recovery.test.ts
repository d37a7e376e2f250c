// Crash recovery: the stack's process killed with SIGKILL under write load leaves its PostgreSQL
// running on the [db] port; the next start on the same port recognizes that server as its own
// (postmaster.pid, the process's -D), stops it cleanly and starts, with every acknowledged write
// kept. The stack and its PostgreSQL both killed (the whole machine): the next start at once waits
// for the killed server's processes still exiting, or ends them, and starts (issue 45, item 8).
// A PostgreSQL of another data folder on that port is still refused. SIGHUP (the terminal
// closed) and SIGTERM stop the stack as Ctrl-C does. Runs in a private (0700) folder: as root
// the cluster then lives under /var/lib/chorus, reached through the data folder's link.
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeCluster, startEmbeddedPostgres } from '../../src/db/embedded.ts'
import { postgresBinaries, postgresUser } from '../../src/db/postgres-home.ts'
import { createLogger } from '../../src/logger.ts'
import { runCli, startCli, stopStartedClis } from '../support/cli.ts'
import type { StartedCli } from '../support/cli.ts'
import {
  clientOf,
  expectNothingRunning,
  freePort,
  makeOpsProject,
  printed,
  serversOf,
} from '../support/ops.ts'
import { startWriters, until, withDb } from '../support/ops.ts'

let workdir: string
let base: string
let dataDir: string
let dbPort: number

/** The state letter of /proc/<pid>/stat (R, S, Z, ...); '' when there is no such process. */
async function stateOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  return (
    stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(/\s+/)[0] ?? ''
  )
}

/** The live processes whose parent is `pid`. */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = []
  for (const name of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '')
    const [state, parent] = stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(/\s+/)
    if (Number(parent) === pid && state !== 'Z') children.push(Number(name))
  }
  return children
}

const args = () => ['--workdir', workdir, '--data-dir', dataDir, '--db-port', String(dbPort)]

/** A second cluster (not the stack's), made once for the tests that run a server of their own. */
let spare: { base: string; pgdata: string } | null = null
const spareOptions = (pgdata: string, port: number) => ({
  pgdata,
  port,
  password: 'postgres',
  log: createLogger('error'),
  name: 'crash-spare',
  fast: true,
})

async function spareCluster(): Promise<string> {
  if (!spare) {
    const spareBase = await mkdtemp(path.join(tmpdir(), 'crash-spare-'))
    spare = { base: spareBase, pgdata: path.join(spareBase, 'pgdata') }
    const made = await startEmbeddedPostgres(spareOptions(spare.pgdata, await freePort()))
    await made.stop()
  }
  return spare.pgdata
}

beforeAll(async () => {
  workdir = await makeOpsProject('crash', {
    '20240101000000_writes.sql':
      'create table public.writes (id bigint primary key, at timestamptz default now());',
  })
  base = await mkdtemp(path.join(tmpdir(), 'crash-data-'))
  dataDir = path.join(base, 'data')
  dbPort = await freePort()
})

afterAll(async () => {
  await stopStartedClis()
  if (spare) {
    await removeCluster(spare.pgdata)
    await rm(spare.base, { recursive: true, force: true })
  }
  await removeCluster(path.join(dataDir, 'pgdata'))
  await rm(base, { recursive: true, force: true })
  await rm(workdir, { recursive: true, force: true })
})

describe('crash recovery', () => {
  it('after a SIGKILL under write load the next start on the same port takes over and every acknowledged insert is there', async () => {
    const first = await startCli(args())
    const cluster = await realpath(path.join(dataDir, 'pgdata'))

    const supabase = clientOf(first.apiUrl, printed(first, 'service_role key'))
    const writers = startWriters(4, async (n) => {
      const { error } = await supabase.from('writes').insert({ id: n })
      return !error
    })
    await until('100 acknowledged inserts', () => writers.acknowledged.size >= 100)
    const exited = new Promise((resolve) => first.process.on('exit', resolve))
    first.process.kill('SIGKILL')
    await exited
    // Writes in flight at the kill fail; wait until the writers see it, then stop them.
    await until('a failed write', () => writers.failed() > 0)
    await writers.stop()
    const acknowledged = [...writers.acknowledged].sort((a, b) => a - b)

    // The killed stack's PostgreSQL is still running on its own, on the [db] port.
    expect(await serversOf(cluster)).toHaveLength(1)

    const second = await startCli(args())
    expect(second.stderr()).toContain(`left by an earlier run is still using ${cluster}`)
    expect(second.dbUrl).toContain(`:${dbPort}/`)
    const rows = await withDb(
      second.dbUrl,
      (sql) => sql<{ id: string }[]>`select id from public.writes`
    )
    const stored = new Set(rows.map((row) => Number(row.id)))
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length)
    expect(await second.stop()).toBe(0)
    await expectNothingRunning(cluster)
  }, 120_000) // a new cluster and two starts: 20-60 s each under a load average of 20-30

  it('after the stack and its PostgreSQL are both killed (SIGKILL, the whole machine), a start at once waits for or ends what is left of the server and works, every acknowledged insert kept', async () => {
    const first = await startCli(args())
    const cluster = await realpath(path.join(dataDir, 'pgdata'))
    const supabase = clientOf(first.apiUrl, printed(first, 'service_role key'))
    const writers = startWriters(4, async (n) => {
      const { error } = await supabase.from('writes').insert({ id: 1_000_000 + n })
      return !error
    })
    await until('50 acknowledged inserts', () => writers.acknowledged.size >= 50)
    const [postmaster] = await serversOf(cluster)
    expect(postmaster).toBeDefined()
    // The killed server's processes take a moment to exit (more on a loaded machine): one of
    // them is held stopped here, so that it is certainly still there when the next start runs.
    const [slow] = await childrenOf(postmaster!)
    expect(slow).toBeDefined()
    process.kill(slow!, 'SIGSTOP')
    try {
      const exited = new Promise((resolve) => first.process.on('exit', resolve))
      first.process.kill('SIGKILL')
      process.kill(postmaster!, 'SIGKILL')
      await exited
      const starting = startCli(args())
      await until('a failed write', () => writers.failed() > 0)
      await writers.stop()
      const acknowledged = [...writers.acknowledged].map((n) => 1_000_000 + n)

      const second = await starting
      expect(second.stderr()).toContain(`(pid ${postmaster}) of ${cluster} is gone`)
      expect(second.stderr()).toContain(`Ending the processes of ${cluster} that did not exit`)
      expect(second.dbUrl).toContain(`:${dbPort}/`)
      const rows = await withDb(
        second.dbUrl,
        (sql) => sql<{ id: string }[]>`select id from public.writes where id >= 1000000`
      )
      const stored = new Set(rows.map((row) => Number(row.id)))
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
      expect(await second.stop()).toBe(0)
      await expectNothingRunning(cluster)
    } finally {
      try {
        process.kill(slow!, 'SIGKILL')
      } catch {
        // ended by the start
      }
    }
  }, 120_000) // two starts: 20-60 s each under a load average of 20-30

  it('a killed server that is not reaped yet (a zombie, still named in postmaster.pid) does not refuse the next start', async () => {
    const options = spareOptions(await spareCluster(), await freePort())
    // Where the cluster really is (as root, where the data folder's link leads).
    const pgdata = await realpath(options.pgdata)
    // The server again, as the child of a process that never reaps it (sh, then sleep): killed,
    // it stays a zombie whose pid is alive to kill(pid, 0), as it is until init reaps it.
    const runAs = await postgresUser()
    const { postgres: binary } = await postgresBinaries(runAs, options.log)
    const holder = spawn(
      'sh',
      [
        '-c',
        '"$0" "$@" & echo "server $!"; exec sleep 300',
        binary,
        ...['-D', pgdata, '-p', String(options.port)],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ],
      {
        ...(runAs ?? {}),
        cwd: path.dirname(pgdata),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }
    )
    let output = ''
    holder.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    holder.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    try {
      await until('the server is ready', () => output.includes('ready to accept connections'))
      const server = Number(/server (\d+)/.exec(output)?.[1])
      process.kill(server, 'SIGKILL')
      await until('the server is a zombie', async () => (await stateOf(server)) === 'Z')

      const again = await startEmbeddedPostgres(options)
      expect(await stateOf(server)).toBe('Z') // still not reaped: the start did not wait for it
      await withDb(again.url, (sql) => sql`select 1`)
      await again.stop()
    } finally {
      holder.kill('SIGKILL')
    }
  }, 90_000) // the second cluster (made once, initdb) and two starts

  it('a PostgreSQL of another data folder on the db port is still refused, and left running', async () => {
    const other = await startEmbeddedPostgres(spareOptions(await spareCluster(), dbPort))
    try {
      const result = await runCli(['start', '--api-port', '0', ...args()])
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(
        `Error: Port ${dbPort} for the database ([db] port) is already in use by pid ${other.pid}: `
      )
      expect(result.stderr).toContain('/postgres -D ')
      expect(result.stderr).not.toContain('left by an earlier run')
      expect(await serversOf(other.pgdata)).toEqual([other.pid])
    } finally {
      await other.stop()
    }
  }, 90_000) // the second cluster (made here when the test runs alone) and a CLI run

  for (const signal of ['SIGHUP', 'SIGTERM'] as const) {
    it(`${signal} stops the stack as Ctrl-C does: "Stopped.", exit 0, no PostgreSQL left`, async () => {
      const running: StartedCli = await startCli(args())
      const cluster = await realpath(path.join(dataDir, 'pgdata'))
      if (signal === 'SIGHUP') {
        // A second start on the folder of a live stack leaves that stack's PostgreSQL alone.
        const twice = await runCli(['start', '--api-port', '0', ...args()])
        expect(twice.code).toBe(1)
        expect(twice.stderr).toContain(
          `Error: The database in ${cluster} is in use by a running stack (pid ${running.process.pid})`
        )
        expect(await serversOf(cluster)).toHaveLength(1)
      }
      const exited = new Promise<number | null>((resolve) => running.process.on('exit', resolve))
      running.process.kill(signal)
      expect(await exited).toBe(0)
      expect(running.stdout()).toContain(`Stopping (${signal})...`)
      expect(running.stdout()).toMatch(/Stopped\.\n$/)
      await expectNothingRunning(cluster)
      await running.stop() // forgets it in stopStartedClis
    }, 90_000) // a start, and for SIGHUP a second CLI run: 10-40 s each on a loaded machine
  }
})
