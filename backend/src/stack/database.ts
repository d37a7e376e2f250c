// The database step: DATABASE_URL's database (recreated with --reset), or the project's own
// PostgreSQL on the engine chosen for its migrations (its clusters and stored files deleted
// first with --reset), stopped by the cleanup.
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { ProjectConfig } from '../config/project-config.ts'
import { removeClusters, startEmbeddedPostgres } from '../db/embedded.ts'
import type { EmbeddedServer } from '../db/embedded.ts'
import { chooseEngine } from '../db/engine.ts'
import type { Engine } from '../db/engine.ts'
import { recreateExternalDatabase } from '../db/external.ts'
import { freePort } from '../http/ports.ts'
import { adoptPassword, LOCAL_DB_PASSWORD } from './db-password.ts'
import type { Logger } from '../logger.ts'
import type { Cleanups } from './cleanups.ts'
import type { StackOptions } from './types.ts'

export { LOCAL_DB_PASSWORD } from './db-password.ts'

export interface StartedDatabase {
  dbUrl: string
  /** The cluster was created by this start. */
  created: boolean
  engine: Engine | null
  embedded: EmbeddedServer | null
}

export async function startDatabase(args: {
  options: StackOptions
  config: ProjectConfig
  dataDir: string
  dbPort: number
  migrationsDir: string
  log: Logger
  cleanups: Cleanups
  /** Called as soon as the embedded server runs (a Ctrl-C during migrations stops it). */
  started: (server: EmbeddedServer) => void
}): Promise<StartedDatabase> {
  const { options, config, dataDir, log } = args
  if (options.databaseUrl) {
    if (options.reset) await recreateExternalDatabase(options.databaseUrl, log)
    return { dbUrl: options.databaseUrl, created: false, engine: null, embedded: null }
  }
  const engine = await chooseEngine({
    migrationsDir: args.migrationsDir,
    postgresBin: options.postgresBin,
    log,
  })
  const pgdata = path.join(dataDir, engine.folder)
  if (options.reset) {
    log.info(`Resetting: deleting the database clusters and stored files in ${dataDir}`)
    await removeClusters(dataDir)
    await rm(path.join(dataDir, 'storage'), { recursive: true, force: true })
  }
  const port = args.dbPort === 0 ? await freePort() : args.dbPort
  const password = options.dbPassword ?? LOCAL_DB_PASSWORD
  const embedded = await startEmbeddedPostgres({
    pgdata,
    port,
    password,
    log,
    name: config.projectId,
    fast: options.fastDb,
    signal: options.signal,
    engine,
  })
  args.started(embedded)
  args.cleanups.push(() => embedded.stop())
  if (!embedded.created && password !== LOCAL_DB_PASSWORD) {
    await adoptPassword(embedded.url, password, log)
  }
  const others = (await readdir(dataDir)).filter(
    (name) => /^pgdata(-|$)/.test(name) && name !== engine.folder
  )
  if (embedded.created && others.length > 0) {
    log.warn(
      `This is a new, empty database on ${engine.label}; the data of ${others.join(', ')} ` +
        `(another engine's cluster in ${dataDir}) is not carried over and stays as it was.`
    )
  }
  return { dbUrl: embedded.url, created: embedded.created, engine, embedded }
}
