// Crash recovery: a stack whose process died without cleaning up (kill -9, the OOM killer) leaves
// its PostgreSQL running, since that server runs in a session of its own. The next start finds it
// through the cluster's postmaster.pid (pid, data folder, port), makes sure that process really is
// the postgres of that very folder, and stops it cleanly (fast shutdown) before it starts as usual.
// A server of any other folder is never touched: its port stays "already in use".
import { readFileSync } from 'node:fs'
import { readdir, readFile, realpath } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../logger.ts'
import { DatabaseStartError } from './postgres-home.ts'

/** How long a fast shutdown may take before it is made an immediate one (SIGQUIT). */
const FAST_SHUTDOWN_MS = 20_000
const IMMEDIATE_SHUTDOWN_MS = 10_000

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
  if (!owner || !(await isPostgresOf(owner.pid, cluster))) return
  if ((await realpath(owner.dataDir).catch(() => owner.dataDir)) !== cluster) return
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
