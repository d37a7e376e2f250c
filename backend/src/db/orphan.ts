// Crash recovery: a stack whose process died without cleaning up (kill -9, the OOM killer) leaves
// its PostgreSQL running, since that server runs in a session of its own. The next start finds it
// through the cluster's postmaster.pid (pid, data folder, port), makes sure that process really is
// the postgres of that very folder, and stops it cleanly (fast shutdown) before it starts as usual.
// A server of any other folder is never touched: its port stays "already in use".
//
// When the whole machine's processes were killed (the stack and its PostgreSQL alike, SIGKILL),
// the server is gone but its children (backends, checkpointer, walsender, ...) may still be
// exiting, holding the cluster's shared memory, and the killed server may not be reaped yet (a
// zombie whose pid PostgreSQL takes for a live server): PostgreSQL then refuses to start ("lock
// file already exists", "pre-existing shared memory block is still in use"). The start waits for
// those processes (found by their working directory, the cluster, which PostgreSQL changes to),
// ends the ones that do not exit by themselves, and then removes the stale postmaster.pid of a
// zombie server.
import { readFileSync } from 'node:fs'
import { readdir, readFile, readlink, realpath, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../logger.ts'
import { DatabaseStartError } from './postgres-home.ts'

/** How long a fast shutdown may take before it is made an immediate one (SIGQUIT). */
const FAST_SHUTDOWN_MS = 20_000
const IMMEDIATE_SHUTDOWN_MS = 10_000
/** How long a dead server's processes may take to exit by themselves before they are ended. */
const LEFTOVERS_EXIT_MS = 5_000
/** How long ended processes may take to go. */
const LEFTOVERS_KILLED_MS = 10_000

export interface PostmasterPid {
  pid: number
  /** The data folder the server was started on (line 2 of postmaster.pid). */
  dataDir: string
  port: number
}

/** Reads a cluster's postmaster.pid; null when there is none or it is not one. */
export async function readPostmasterPid(cluster: string): Promise<PostmasterPid | null> {
  let text: string
  try {
    text = await readFile(path.join(cluster, 'postmaster.pid'), 'utf8')
  } catch {
    return null
  }
  const [pid, dataDir, , port] = text.split('\n')
  const parsed = { pid: Number(pid), dataDir: dataDir ?? '', port: Number(port) }
  if (!Number.isInteger(parsed.pid) || parsed.pid <= 0 || !parsed.dataDir) return null
  return parsed
}

/** Stops what an earlier run left running on any of the data folder's clusters (pgdata*). */
export async function stopOrphanedServers(dataDir: string, log: Logger): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[])
  for (const name of names.sort()) {
    if (/^pgdata(-[a-z0-9-]+)?$/.test(name)) await stopOrphanedServer(path.join(dataDir, name), log)
  }
}

/**
 * Stops the PostgreSQL server an earlier run left on `pgdata` (the cluster, or a link to it):
 * fast shutdown (SIGINT), an immediate one (SIGQUIT) only if that does not end in time. A stale
 * postmaster.pid of a dead process, or one whose pid now belongs to another program, is left to
 * PostgreSQL, which replaces it.
 */
export async function stopOrphanedServer(pgdata: string, log: Logger): Promise<void> {
  const cluster = await realpath(pgdata).catch(() => null)
  if (!cluster) return
  const owner = await readPostmasterPid(cluster)
  if (!owner) return
  if ((await realpath(owner.dataDir).catch(() => owner.dataDir)) !== cluster) return
  if (!(await isPostgresOf(owner.pid, cluster))) {
    await clearDeadServer(cluster, owner, log)
    return
  }
  // Left over only once the process that started it is gone (it is then a child of init, or of
  // a subreaper): a server whose starter still runs belongs to a live stack (or backup).
  const parent = parentOf(owner.pid)
  if (parent !== null && parent > 1 && parent !== process.pid && isRunning(parent)) {
    const command = await readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '')
    if (/\bnode\b|main\.ts/.test(command.replace(/\0/g, ' '))) {
      throw new DatabaseStartError(
        `The database in ${cluster} is in use by a running stack (pid ${parent}); stop it ` +
          `first (npm run backend -- stop), or start with another --data-dir.`
      )
    }
  }
  log.warn(
    `A PostgreSQL server left by an earlier run is still using ${cluster} (pid ${owner.pid}, ` +
      `port ${owner.port}); stopping it cleanly.`
  )
  signal(owner.pid, 'SIGINT')
  if (await exits(owner.pid, FAST_SHUTDOWN_MS)) return
  log.warn(`PostgreSQL (pid ${owner.pid}) did not stop in time; stopping it immediately.`)
  signal(owner.pid, 'SIGQUIT')
  if (await exits(owner.pid, IMMEDIATE_SHUTDOWN_MS)) return
  throw new DatabaseStartError(
    `PostgreSQL (pid ${owner.pid}) of ${cluster} did not stop; stop it by hand and start again.`
  )
}

/**
 * The server named by postmaster.pid is not running (killed): waits for its processes still
 * exiting (ending them after LEFTOVERS_EXIT_MS) and clears the lock of its zombie not yet reaped,
 * so that PostgreSQL finds the cluster free. Nothing is done when nothing of it is left.
 */
async function clearDeadServer(cluster: string, owner: PostmasterPid, log: Logger): Promise<void> {
  let left = await leftoversOf(cluster)
  if (left.length > 0) {
    log.warn(
      `The PostgreSQL server of an earlier run (pid ${owner.pid}) of ${cluster} is gone, but ` +
        `${left.length} of its processes (${left.join(', ')}) are still exiting; waiting for them.`
    )
    left = await leftoversGone(cluster, LEFTOVERS_EXIT_MS)
    if (left.length > 0) {
      log.warn(`Ending the processes of ${cluster} that did not exit: ${left.join(', ')}.`)
      for (const pid of left) signal(pid, 'SIGKILL')
      left = await leftoversGone(cluster, LEFTOVERS_KILLED_MS)
    }
    if (left.length > 0) {
      throw new DatabaseStartError(
        `Processes of the PostgreSQL server of an earlier run still use ${cluster} ` +
          `(${left.join(', ')}); end them by hand and start again.`
      )
    }
  }
  if (isZombiePostgres(owner.pid)) {
    // Killed but not reaped yet (its new parent, init or a subreaper, does so in a moment, or
    // never): PostgreSQL would take the pid for a live server. Nothing of the server runs any
    // more, so its postmaster.pid is stale: removed, as PostgreSQL replaces one of a dead pid.
    log.warn(
      `The PostgreSQL server of an earlier run (pid ${owner.pid}) of ${cluster} was killed and ` +
        `is not reaped yet; removing its stale postmaster.pid.`
    )
    await rm(path.join(cluster, 'postmaster.pid'), { force: true })
  }
}

/**
 * Live postgres processes working in `cluster` (PostgreSQL changes to its data folder, and its
 * children inherit that) whose parent is not a running server of it: what a killed server left.
 */
async function leftoversOf(cluster: string): Promise<number[]> {
  const found: number[] = []
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue
    const pid = Number(name)
    if (pid === process.pid || commandOf(pid) !== 'postgres' || !isRunning(pid)) continue
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null)
    if (cwd === null) continue
    if (cwd !== cluster && (await realpath(cwd).catch(() => cwd)) !== cluster) continue
    // A running server of the cluster (started since) and its children are not leftovers.
    if (await isPostgresOf(pid, cluster)) continue
    const parent = parentOf(pid)
    if (parent !== null && parent > 1 && (await isPostgresOf(parent, cluster))) continue
    found.push(pid)
  }
  return found.sort((a, b) => a - b)
}

/** Waits up to `ms` until no leftover of `cluster` runs; returns those still running. */
async function leftoversGone(cluster: string, ms: number): Promise<number[]> {
  const deadline = Date.now() + ms
  let left = await leftoversOf(cluster)
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    left = await leftoversOf(cluster)
  }
  return left
}

/** The executable's name as the kernel keeps it (/proc/<pid>/stat's comm); null if unreadable. */
function commandOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
  } catch {
    return null
  }
}

/** A postgres process that has exited but is not reaped yet. */
function isZombiePostgres(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return (
      stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres' &&
      /^\s*Z/.test(stat.slice(stat.lastIndexOf(')') + 1))
    )
  } catch {
    return false
  }
}

/** The process is a running postgres server whose -D is `cluster`. */
async function isPostgresOf(pid: number, cluster: string): Promise<boolean> {
  if (!isRunning(pid)) return false
  let argv: string[]
  try {
    argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')
  } catch {
    return false
  }
  if (path.basename(argv[0] ?? '') !== 'postgres') return false
  const flag = argv.indexOf('-D')
  const given = flag >= 0 ? argv[flag + 1] : undefined
  if (!given) return false
  return (await realpath(given).catch(() => given)) === cluster
}

/** Alive and not a zombie (an orphan's parent may be an init that does not reap). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return true
  }
  // "pid (comm) S ...": the state follows the last ")" (comm may hold spaces and parentheses).
  return !/^\s*[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 1))
}

/** The parent pid from /proc/<pid>/stat; null when it cannot be read. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const parent = Number(
      stat
        .slice(stat.lastIndexOf(')') + 1)
        .trim()
        .split(/\s+/)[1]
    )
    return Number.isInteger(parent) ? parent : null
  } catch {
    return null
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name)
  } catch {
    // already gone
  }
}

async function exits(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}
