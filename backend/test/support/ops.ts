// For the crash recovery, backup and upgrade tests: a project folder, the keys a `start` prints,
// supabase-js clients on it, and writers that record which of their writes were acknowledged.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import ws from 'ws'
import type { RunningCli } from './cli.ts'

/** A project folder with config.toml (inbox on a free port) and the given migrations. */
export async function makeOpsProject(
  id: string,
  migrations: Record<string, string>
): Promise<string> {
  const workdir = await mkdtemp(path.join(tmpdir(), `${id}-project-`))
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    `project_id = "${id}"\n[inbucket]\nport = 0\n`
  )
  for (const [name, sql] of Object.entries(migrations)) {
    await writeFile(path.join(workdir, 'supabase', 'migrations', name), sql)
  }
  return workdir
}

/** A field of what `start` printed, e.g. "service_role key". */
export function printed(cli: RunningCli, label: string): string {
  const value = new RegExp(`${label}: (\\S+)`).exec(cli.stdout())?.[1]
  if (!value) throw new Error(`start printed no ${label}:\n${cli.stdout()}`)
  return value
}

export function clientOf(apiUrl: string, key: string): SupabaseClient {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  })
}

export async function withDb<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await fn(sql)
  } finally {
    await sql.end({ timeout: 2 })
  }
}

export { freePort } from '../../src/http/ports.ts'

/**
 * Writers that each call `write(n)` with increasing n until stopped; `acknowledged` holds every n
 * whose write succeeded. Failed writes (the stack going away) are counted, never retried.
 */
export function startWriters(
  count: number,
  write: (n: number) => Promise<boolean>
): { acknowledged: Set<number>; failed(): number; stop(): Promise<void> } {
  const acknowledged = new Set<number>()
  let failures = 0
  let stopping = false
  let next = 1
  const loops = Array.from({ length: count }, async () => {
    while (!stopping) {
      const n = next++
      const ok = await write(n).catch(() => false)
      if (ok) acknowledged.add(n)
      else {
        failures++
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
  })
  return {
    acknowledged,
    failed: () => failures,
    stop: async () => {
      stopping = true
      await Promise.all(loops)
    },
  }
}

/** Waits until `probe` holds, polling; fails after `ms` saying what it waited for. */
export async function until(what: string, probe: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A live process whose command line names a cluster: a postgres server or a child of one. */
export interface ClusterProcess {
  pid: number
  ppid: number
  /** The state letter of /proc/<pid>/stat (R, S, D, T, ...). */
  state: string
  cmdline: string
}

/** The live (not zombie) processes whose command line names `cluster`. */
export async function processesOf(cluster: string): Promise<ClusterProcess[]> {
  const found: ClusterProcess[] = []
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (!cmdline.split('\0').includes(cluster)) continue
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    const [state = '?', ppid = '0'] = stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(/\s+/)
    if (state === 'Z' || state === 'X') continue
    found.push({
      pid: Number(pid),
      ppid: Number(ppid),
      state,
      cmdline: cmdline.replace(/\0/g, ' '),
    })
  }
  return found
}

/**
 * Pids of the postgres servers (postmasters) of `cluster`. A child the server has just forked
 * carries the server's command line until it sets its own title, so a process whose parent is
 * one of them is not counted.
 */
export async function serversOf(cluster: string): Promise<number[]> {
  const processes = await processesOf(cluster)
  const pids = new Set(processes.map((p) => p.pid))
  return processes.filter((p) => !pids.has(p.ppid)).map((p) => p.pid)
}

/**
 * Waits (up to `ms`) until no process names `cluster`: the children of a server that stopped
 * end a moment after it. Fails describing each process left (pid, parent, state, command).
 */
export async function expectNothingRunning(cluster: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  let left = await processesOf(cluster)
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    left = await processesOf(cluster)
  }
  if (left.length === 0) return
  const described = left.map(
    (p) => `pid ${p.pid} (parent ${p.ppid}, state ${p.state}): ${p.cmdline.slice(0, 160)}`
  )
  throw new Error(`processes of ${cluster} still running:\n${described.join('\n')}`)
}
