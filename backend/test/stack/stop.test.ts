// Ctrl-C as a terminal sends it: SIGINT to the whole foreground process group. The stack must
// stop with "Stopped.", leave no PostgreSQL process and no pid file behind, and start again.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { removeCluster } from '../../src/db/embedded.ts'
import { readPostmasterPid } from '../../src/db/orphan.ts'
import { REPO_ROOT } from '../support/cli.ts'
import { expectNothingRunning, serversOf } from '../support/ops.ts'

let base: string
let workdir: string
let dataDir: string
const children: ChildProcess[] = []

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'stop-'))
  workdir = path.join(base, 'project')
  dataDir = path.join(base, 'data')
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    'project_id = "stop"\n[inbucket]\nport = 0\n'
  )
  await writeFile(
    path.join(workdir, 'supabase', 'migrations', '20240101000000_notes.sql'),
    'create table public.notes (id int primary key);\nalter publication supabase_realtime add table public.notes;\n' +
      // Keeps a request in flight for as long as a test needs the stack busy while it stops.
      "create function public.slow() returns void language sql as 'select pg_sleep(30)';\n"
  )
})

afterAll(async () => {
  // A test that failed half-way leaves its stack running: stop it (and its PostgreSQL) first.
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  const cluster = await realpath(path.join(dataDir, 'pgdata')).catch(() => null)
  for (const pid of cluster ? await serversOf(cluster) : []) process.kill(pid, 'SIGQUIT')
  await removeCluster(path.join(dataDir, 'pgdata'))
  await rm(base, { recursive: true, force: true })
})

interface Started {
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
}

/** The CLI in a process group of its own, as a shell runs a foreground job. */
function startDetached(): Started {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'backend/src/cli/main.ts'),
      'start',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '--api-port',
      '0',
      '--db-port',
      '0',
    ],
    { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/**
 * A started stack for a test that needs one running: the one the test before left running (its
 * start was that test's "starts again"), else a new one.
 */
let kept: Started | null = null

async function runningStack(): Promise<Started> {
  const left = kept
  kept = null
  if (left && left.child.exitCode === null && left.child.signalCode === null) return left
  const started = startDetached()
  await until(started, 'Press Ctrl-C to stop.')
  return started
}

async function until(started: Started, text: string): Promise<void> {
  while (!started.output().includes(text)) {
    const done = await Promise.race([
      started.exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 50)),
    ])
    if (done && !started.output().includes(text)) {
      throw new Error(`the stack exited before printing ${text}:\n${started.output()}`)
    }
  }
}

// Each test starts the CLI once or twice (a tsx start-up, a cluster made or started, migrated):
// 50 s seen for two starts on a loaded 2-core machine, past the 30 s default.
describe('Ctrl-C', { timeout: 120_000 }, () => {
  it('to the process group stops the stack: "Stopped.", no process or pid file left, and it starts again', async () => {
    const first = startDetached()
    await until(first, 'Press Ctrl-C to stop.')
    const cluster = await realpath(path.join(dataDir, 'pgdata'))
    expect(await serversOf(cluster)).toHaveLength(1)
    expect(existsSync(path.join(dataDir, 'stack.json'))).toBe(true)

    process.kill(-first.child.pid!, 'SIGINT')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('Stopping (SIGINT)...')
    expect(first.output()).toMatch(/Stopped\.\n$/)
    expect(first.output()).not.toContain('Received SIGINT again')
    await expectNothingRunning(cluster)
    expect(existsSync(path.join(dataDir, 'stack.json'))).toBe(false)
    expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false)

    const second = startDetached()
    await until(second, 'Press Ctrl-C to stop.')
    expect(second.output()).not.toContain('left by an earlier run')
    process.kill(-second.child.pid!, 'SIGINT')
    expect(await second.exited).toBe(0)
    expect(second.output()).toMatch(/Stopped\.\n$/)
    await expectNothingRunning(cluster)
  })

  it('while the stack is starting stops it as well, leaving nothing running', async () => {
    await removeCluster(path.join(dataDir, 'pgdata'))
    const starting = startDetached()
    await until(starting, 'Creating a new PostgreSQL')
    process.kill(-starting.child.pid!, 'SIGINT')
    expect(await starting.exited).toBe(0)
    expect(starting.output()).toMatch(/Stopped\.\n$/)
    expect(starting.output()).not.toContain('Error')
    const cluster = await realpath(path.join(dataDir, 'pgdata')).catch(() => null)
    if (cluster) await expectNothingRunning(cluster)
    expect(existsSync(path.join(dataDir, 'stack.json'))).toBe(false)

    // It starts again (a new cluster), and stays running for the next test.
    const next = startDetached()
    await until(next, 'Press Ctrl-C to stop.')
    kept = next
  })

  it('a second Ctrl-C, later than the same keypress echoed by npm, forces the stop', async () => {
    const started = await runningStack()
    const api = /API URL: (\S+)/.exec(started.output())![1]!
    const anon = /anon key: (\S+)/.exec(started.output())![1]!
    const db = /DB URL: (\S+)/.exec(started.output())![1]!
    const cluster = await realpath(path.join(dataDir, 'pgdata'))
    // A request the orderly stop waits for, seen running in the database.
    const inFlight = fetch(`${api}/rest/v1/rpc/slow`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null)
    const watcher = postgres(db, { max: 1, onnotice: () => {} })
    try {
      await vi.waitFor(
        async () => {
          const [running] = await watcher`
            select 1 from pg_stat_activity where wait_event = 'PgSleep'`
          expect(running, 'the slow request is not running yet').toBeDefined()
        },
        { timeout: 30_000, interval: 25 }
      )
    } finally {
      await watcher.end({ timeout: 2 })
    }
    process.kill(-started.child.pid!, 'SIGINT')
    await until(started, 'Stopping (SIGINT)...')
    // The scenario, not a wait for something: a keypress later than npm's echo of the first
    // (the stopper's SAME_KEYPRESS_MS, 500 ms) is a second Ctrl-C.
    await new Promise((resolve) => setTimeout(resolve, 700))
    process.kill(-started.child.pid!, 'SIGINT')
    expect(await started.exited).toBe(130)
    expect(started.output()).toContain('Received SIGINT again; stopping now.')
    await inFlight
    // The forced stop ends PostgreSQL too (immediate shutdown), and the next start works.
    await expectNothingRunning(cluster)
    // The next start works; it stays running for the next test.
    const next = startDetached()
    await until(next, 'Press Ctrl-C to stop.')
    kept = next
  })

  it('a PostgreSQL that goes away stops the stack with one line and a non-zero exit', async () => {
    const started = await runningStack()
    const cluster = await realpath(path.join(dataDir, 'pgdata'))
    // The server's own pid, from its lock file.
    const postmaster = (await readPostmasterPid(cluster))!.pid
    expect(await serversOf(cluster)).toEqual([postmaster])
    process.kill(postmaster, 'SIGQUIT')
    expect(await started.exited).toBe(1)
    expect(started.output()).toContain(
      'Error: PostgreSQL stopped unexpectedly; stopping the stack.'
    )
    expect(started.output()).toMatch(/Stopped\.\n$/)
    expect(existsSync(path.join(dataDir, 'stack.json'))).toBe(false)
  })
})
