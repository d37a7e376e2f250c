// The whole local stack for one project folder: the database (embedded or external), the
// platform contract and the project's migrations, the API server with every service, and the
// optional app server for a built web app.
import { EventEmitter } from 'node:events'
import { rmSync } from 'node:fs'
import { access, constants, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import postgres from 'postgres'
import type { FastifyInstance } from 'fastify'
import { startInbox } from './auth/index.ts'
import { ConfigError, loadProjectConfig } from './config/project-config.ts'
import type { ProjectConfig } from './config/project-config.ts'
import type { StackContext, StackEvents } from './context.ts'
import { Database } from './db/database.ts'
import { DatabaseStartError, removeClusters, startEmbeddedPostgres } from './db/embedded.ts'
import type { EmbeddedServer } from './db/embedded.ts'
import { chooseEngine } from './db/engine.ts'
import type { Engine } from './db/engine.ts'
import { recreateExternalDatabase } from './db/external.ts'
import { stopOrphanedServers } from './db/orphan.ts'
import { applyMigrations, applyPlatform, applySeed, seedSettings } from './db/migrate.ts'
import { startCronScheduler } from './cron/scheduler.ts'
import { startNetWorker } from './net/worker.ts'
import { buildAppServer } from './http/app-server.ts'
import { Gateway } from './http/gateway.ts'
import { assertPortFree, PortInUseError } from './http/ports.ts'
import { freePort, listenAlsoOnIpv6, localHost } from './http/listen.ts'
import { buildApiServer } from './http/server.ts'
import type { FrontDoorOptions } from './http/server.ts'
import { JwtKeys } from './jwt/jwt-keys.ts'
import { createLogger } from './logger.ts'
import type { Logger } from './logger.ts'
import { describePortInUse } from './port-owner.ts'
import { servicesFor, servicesReady } from './services.ts'

/** The password of the embedded cluster's superuser, as the Supabase CLI's local database has it. */
export const LOCAL_DB_PASSWORD = 'postgres'

export interface StackOptions {
  /** The project folder (holding supabase/config.toml). */
  workdir: string
  /** An already parsed configuration (else read from workdir). */
  config?: ProjectConfig
  /** Where the cluster, files and inbox live; default <workdir>/supabase/.temp/local-stack. */
  dataDir?: string
  /** An external PostgreSQL instead of the embedded one. */
  databaseUrl?: string
  /**
   * The bin/ folder of an installed PostgreSQL server to run the cluster on (--postgres-bin);
   * by default the embedded one, or an installed one that has the extensions the migrations
   * create when the embedded one lacks them.
   */
  postgresBin?: string
  /** Start from an empty database (deletes the data folder's clusters and stored files). */
  reset?: boolean
  /** Behave like the hosted gateway: requests without a valid key get 401. */
  strictKeys?: boolean
  /** Override [api] port; 0 picks a free port. */
  apiPort?: number
  /** Override [db] port for the embedded cluster; 0 picks a free port. */
  dbPort?: number
  /** Override [inbucket] port of the mail inbox; 0 picks a free port. */
  inboxPort?: number
  /**
   * Override [inbucket] smtp_port, the inbox's SMTP port (127.0.0.1 only); 0 picks a free port.
   * Unset with inboxPort 0: a free port too.
   */
  inboxSmtpPort?: number
  /**
   * The interface the mail inbox listens on; default 127.0.0.1 (loopback only). Whoever can read
   * the inbox can follow any recovery or invitation link in it, so widen this with care.
   */
  inboxHost?: string
  /** `serve`: production mode (cli/serve.ts sets the options below); default start. */
  mode?: 'start' | 'serve'
  /** The interface the API listens on; default 127.0.0.1 (and [::1] too when there is one). */
  host?: string
  /** The project's own keys instead of those of config.toml (`serve`, serve/secrets.ts). */
  keys?: JwtKeys
  /**
   * The URL browsers and emails reach the API at (`serve`'s --public-url); default the API URL.
   * With ownOriginOnly, CORS allows its origin only.
   */
  publicUrl?: string
  ownOriginOnly?: boolean
  /** What `serve` adds to the API server: trusted proxies, the app on its port, /health. */
  front?: FrontDoorOptions
  /** Serve a built web app from this folder. */
  appDist?: string
  appPort?: number
  /** Durability off for speed (tests). */
  fastDb?: boolean
  log?: Logger
  /** Aborts the start (Ctrl-C while starting): what was started is stopped and the start throws. */
  signal?: AbortSignal
}

/** The data folder cannot be created or written. */
export class DataFolderError extends Error {
  override name = 'DataFolderError'
}

export interface Stack {
  config: ProjectConfig
  context: StackContext
  api: FastifyInstance
  apiUrl: string
  appUrl: string | null
  mode: 'start' | 'serve'
  /** The mail inbox (web page and Mailpit API), on a port of its own; null when disabled. */
  inboxUrl: string | null
  /** The inbox's SMTP port on 127.0.0.1; null when the inbox is disabled. */
  inboxSmtpPort: number | null
  dbUrl: string
  keys: JwtKeys
  /** The database was created by this start (so the seed ran). */
  fresh: boolean
  /** The project's own PostgreSQL server (null with DATABASE_URL). */
  embedded: EmbeddedServer | null
  /** What that server runs on: the embedded PostgreSQL or an installed one (null with DATABASE_URL). */
  engine: Engine | null
  /** Resolves once every service has finished the work it goes on with after answering. */
  settled(): Promise<void>
  stop(): Promise<void>
  /** For a forced exit: stops the embedded server at once and forgets the running state. */
  kill(): void
}

export function defaultDataDir(workdir: string): string {
  return path.join(path.resolve(workdir), 'supabase', '.temp', 'local-stack')
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? createLogger()
  const config = options.config ?? (await loadProjectConfig(options.workdir))
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir(config.workdir))
  const apiPort = options.apiPort ?? config.api.port
  const dbPort = options.dbPort ?? config.db.port
  const cleanups: (() => Promise<void>)[] = []
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch((e) => log.warn('cleanup failed', e))
  }

  const signal = options.signal
  let embedded: EmbeddedServer | null = null
  // Ctrl-C while migrations run: stopping the server ends them at once. Once they are done, the
  // start ends at its next step and the cleanup stops the services before the server: stopping
  // the server under pools at work crashed postgres.js (a write scheduled on a closed socket).
  let migrating = true
  const onAbort = () => void (migrating ? embedded?.stop() : undefined)
  signal?.addEventListener('abort', onAbort)

  try {
    if (apiPort !== 0) await checkPort(apiPort, 'the API ([api] port)', '--api-port')
    const inboxPort = options.inboxPort ?? config.inbucket.port
    if (config.inbucket.enabled && inboxPort !== 0) {
      await checkPort(inboxPort, 'the mail inbox ([inbucket] port)', '--inbox-port')
    }
    const smtpPort =
      options.inboxSmtpPort ?? (options.inboxPort === 0 ? 0 : config.inbucket.smtpPort)
    if (config.inbucket.enabled && smtpPort !== 0) {
      const what = "the mail inbox's SMTP ([inbucket] smtp_port)"
      await checkPort(smtpPort, what, '--inbox-smtp-port')
    }
    if (options.appDist && options.appPort !== 0) {
      await checkPort(options.appPort ?? appPortOf(config), 'the app', '--app-port')
    }
    if (!options.databaseUrl) await stopOrphanedServers(dataDir, log) // left by a killed stack
    if (!options.databaseUrl && dbPort !== 0) {
      await checkPort(dbPort, 'the database ([db] port)', '--db-port')
    }
    if (options.databaseUrl && options.postgresBin) {
      throw new DatabaseStartError(
        '--postgres-bin picks the PostgreSQL the stack runs itself; with DATABASE_URL set it ' +
          'runs none. Unset DATABASE_URL or leave out --postgres-bin.'
      )
    }
    await prepareDataFolder(dataDir)
    const migrationsDir = path.join(config.supabaseDir, 'migrations')

    // The database.
    let dbUrl: string
    let created = false
    let engine: Engine | null = null
    if (options.databaseUrl) {
      dbUrl = options.databaseUrl
      if (options.reset) await recreateExternalDatabase(dbUrl, log)
    } else {
      engine = await chooseEngine({ migrationsDir, postgresBin: options.postgresBin, log })
      const pgdata = path.join(dataDir, engine.folder)
      if (options.reset) {
        log.info(`Resetting: deleting the database clusters and stored files in ${dataDir}`)
        await removeClusters(dataDir)
        await rm(path.join(dataDir, 'storage'), { recursive: true, force: true })
      }
      const port = dbPort === 0 ? await freePort() : dbPort
      embedded = await startEmbeddedPostgres({
        pgdata,
        port,
        password: LOCAL_DB_PASSWORD,
        log,
        name: config.projectId,
        fast: options.fastDb,
        signal,
        engine,
      })
      const server = embedded
      cleanups.push(() => server.stop())
      dbUrl = embedded.url
      created = embedded.created
      const others = (await readdir(dataDir)).filter(
        (name) => /^pgdata(-|$)/.test(name) && name !== engine?.folder
      )
      if (created && others.length > 0) {
        log.warn(
          `This is a new, empty database on ${engine.label}; the data of ${others.join(', ')} ` +
            `(another engine's cluster in ${dataDir}) is not carried over and stays as it was.`
        )
      }
    }
    const password = decodeURIComponent(new URL(dbUrl).password) || LOCAL_DB_PASSWORD
    const keys = options.keys ?? (await loadKeys(config))
    // The seed may need the API's URL (seedSettings): a free port is chosen now, as for the DB.
    const listenPort = apiPort === 0 ? await freePort() : apiPort

    // The schema: platform contract, migrations, seed.
    const migrator = postgres(dbUrl, { max: 1, onnotice: () => {} })
    let fresh = created
    try {
      await applyPlatform(migrator, password, log)
      const run = await applyMigrations(migrator, migrationsDir, log)
      fresh = fresh || run.fresh
      if (fresh && config.db.seed.enabled) {
        const settings = seedSettings(`http://127.0.0.1:${listenPort}`, keys)
        await applySeed(migrator, config.db.seed.sqlPaths, log, settings)
      }
    } finally {
      await migrator.end({ timeout: signal?.aborted ? 0 : 2 })
    }
    migrating = false
    signal?.throwIfAborted()

    const db = await Database.connect({ url: dbUrl, authenticatorPassword: password })
    cleanups.push(() => db.close())
    const events = new EventEmitter<StackEvents>()
    const context: StackContext = {
      config,
      db,
      keys,
      gateway: new Gateway(keys, options.strictKeys ?? false),
      log,
      dataDir,
      apiUrl: '',
      publicUrl: options.publicUrl ?? '',
      mode: options.mode ?? 'start',
      corsOrigin:
        options.ownOriginOnly && options.publicUrl ? new URL(options.publicUrl).origin : '*',
      inboxSmtpPort: null,
      events,
    }

    const services = servicesFor(config)
    const api = await buildApiServer(context, services, options.front)
    const host = options.host ?? '127.0.0.1'
    await api.listen({ host, port: listenPort })
    cleanups.push(() => api.close())
    const port = (api.server.address() as AddressInfo).port
    if (host === '127.0.0.1') {
      const ipv6 = await listenAlsoOnIpv6(api, port, log)
      if (ipv6) cleanups.push(() => new Promise((resolve) => ipv6.close(() => resolve())))
    }
    context.apiUrl = `http://${localHost(host)}:${port}`
    context.publicUrl ||= context.apiUrl

    let inboxUrl: string | null = null
    let inboxSmtpPort: number | null = null
    if (config.inbucket.enabled) {
      const inbox = await startInbox({
        dataDir,
        port: inboxPort,
        host: options.inboxHost,
        smtpPort,
        log,
      })
      cleanups.push(() => inbox.close())
      inboxUrl = inbox.url
      inboxSmtpPort = inbox.smtpPort
      context.inboxSmtpPort = inbox.smtpPort
    }

    for (const service of services) {
      signal?.throwIfAborted()
      await service.start?.(context, api)
      // Stopped (in reverse order) by a Ctrl-C during the rest of the start, too.
      if (service.stop) cleanups.push(() => service.stop!())
    }
    await servicesReady(services, log, signal)
    events.emit('migrated')

    // Supabase Cron and pg_net: the stack runs the jobs and performs the requests itself.
    const cron = startCronScheduler({ dbUrl, log })
    cleanups.push(() => cron.stop())
    const net = startNetWorker({ dbUrl, log })
    cleanups.push(() => net.stop())

    let appUrl: string | null = null
    if (options.appDist) {
      const app = await buildAppServer({
        distDir: path.resolve(options.appDist),
        runtimeConfig: { supabaseUrl: context.apiUrl, supabaseKey: keys.publishableKey },
      })
      await app.listen({ host: '127.0.0.1', port: options.appPort ?? appPortOf(config) })
      cleanups.push(() => app.close())
      appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    }

    const stack: Stack = {
      config,
      context,
      api,
      apiUrl: context.apiUrl,
      appUrl,
      mode: context.mode,
      inboxUrl,
      inboxSmtpPort,
      dbUrl,
      keys,
      fresh,
      embedded,
      engine,
      settled: async () => {
        await Promise.all([...services.map((service) => service.settled?.()), net.settled()])
      },
      stop: async () => {
        await cleanup()
        cleanups.length = 0
      },
      kill: () => {
        embedded?.kill()
        rmSync(path.join(dataDir, 'stack.json'), { force: true })
      },
    }
    signal?.throwIfAborted()
    await writeState(dataDir, stack)
    cleanups.unshift(() => rm(path.join(dataDir, 'stack.json'), { force: true }))
    return stack
  } catch (error) {
    await cleanup()
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
}

async function checkPort(port: number, what: string, flag: string): Promise<void> {
  try {
    await assertPortFree(port, what)
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error
    throw new PortInUseError(await describePortInUse(port, what, flag))
  }
}

/** Creates the data folder and makes sure it can be written, before anything is started. */
async function prepareDataFolder(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true })
    await access(dataDir, constants.W_OK | constants.X_OK)
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    const reason =
      e.code === 'ENOTDIR' || e.code === 'EEXIST'
        ? 'a file is in the way'
        : `${e.code ?? 'error'}: ${(e.message.split(', ')[0] ?? e.message).replace(/^E[A-Z]+: /, '')}`
    throw new DataFolderError(
      `The data folder ${dataDir} cannot be created or written (${reason}). ` +
        `Choose another with --data-dir DIR.`
    )
  }
}

async function loadKeys(config: ProjectConfig): Promise<JwtKeys> {
  try {
    return await JwtKeys.create(config.auth.jwtSecret, config.auth.signingKeysPath)
  } catch (error) {
    const message = (error as Error).message.replace(/\s*\n\s*/g, ' ').trim()
    const file = config.auth.signingKeysPath
    if (file) throw new ConfigError(`[auth] signing_keys_path: ${message}`, file)
    throw new ConfigError(
      `[auth] jwt_secret: ${message}`,
      path.join(config.supabaseDir, 'config.toml')
    )
  }
}

/** The port of the app server: the one in [auth] site_url when it is local, else 3000. */
export function appPortOf(config: ProjectConfig): number {
  try {
    const url = new URL(config.auth.siteUrl)
    if (['127.0.0.1', 'localhost'].includes(url.hostname) && url.port) return Number(url.port)
  } catch {
    // fall through to the default
  }
  return 3000
}

export interface StackState {
  pid: number
  workdir: string
  /** `serve` (production mode) or `start`; absent in the state of older versions: start. */
  mode?: 'start' | 'serve'
  apiUrl: string
  /** The URL browsers use (serve's --public-url; the API URL otherwise). */
  publicUrl?: string
  appUrl: string | null
  inboxUrl: string | null
  dbUrl: string
  startedAt: string
}

async function writeState(dataDir: string, stack: Stack): Promise<void> {
  const state: StackState = {
    pid: process.pid,
    workdir: stack.config.workdir,
    mode: stack.mode,
    apiUrl: stack.apiUrl,
    publicUrl: stack.context.publicUrl,
    appUrl: stack.appUrl,
    inboxUrl: stack.inboxUrl,
    dbUrl: stack.dbUrl,
    startedAt: new Date().toISOString(),
  }
  await writeFile(path.join(dataDir, 'stack.json'), JSON.stringify(state, null, 2))
}
