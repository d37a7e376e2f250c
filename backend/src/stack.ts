// The whole local stack for one project folder: the database (embedded or external), the
// platform contract and the project's migrations, the API server with every service, and the
// optional app server for a built web app. startStack() is a list of steps (stack/), each
// registering the cleanup of what it started: a failure at one step undoes the earlier ones in
// reverse, and stop() undoes them all.
import { rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { loadProjectConfig } from './config/project-config.ts'
import type { EmbeddedServer } from './db/embedded.ts'
import { freePort } from './http/ports.ts'
import { createLogger } from './logger.ts'
import { checkPorts } from './stack/check-ports.ts'
import { Cleanups } from './stack/cleanups.ts'
import { defaultDataDir, prepareDataFolder, STATE_FILE, writeState } from './stack/data-folder.ts'
import { LOCAL_DB_PASSWORD, startDatabase } from './stack/database.ts'
import { loadKeys } from './stack/keys.ts'
import { migrateDatabase } from './stack/schema.ts'
import { startSupautilsPort, supautilsOnDbPort } from './stack/supautils.ts'
import type { Stack, StackOptions } from './stack/types.ts'

export { appPortOf } from './stack/check-ports.ts'
export { DataFolderError, defaultDataDir } from './stack/data-folder.ts'
export type { StackState } from './stack/data-folder.ts'
export { LOCAL_DB_PASSWORD } from './stack/database.ts'
export type { Stack, StackOptions } from './stack/types.ts'

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? createLogger()
  const config = options.config ?? (await loadProjectConfig(options.workdir))
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir(config.workdir))
  const cleanups = new Cleanups(log)

  const signal = options.signal
  let embedded: EmbeddedServer | null = null
  // Ctrl-C while migrations run: stopping the server ends them at once. Once they are done, the
  // start ends at its next step and the cleanup stops the services before the server: stopping
  // the server under pools at work crashed postgres.js (a write scheduled on a closed socket).
  let migrating = true
  const onAbort = () => void (migrating ? embedded?.stop() : undefined)
  signal?.addEventListener('abort', onAbort)

  try {
    const ports = await checkPorts(options, config, dataDir, log)
    await prepareDataFolder(dataDir)
    const migrationsDir = path.join(config.supabaseDir, 'migrations')
    // serve: supautils on [db] port, PostgreSQL itself behind it on a free one (stack/supautils.ts).
    const supautils = supautilsOnDbPort(options)
    const database = await startDatabase({
      options,
      config,
      dataDir,
      dbPort: supautils ? 0 : ports.dbPort,
      migrationsDir,
      log,
      cleanups,
      started: (server) => {
        embedded = server
      },
    })
    const { dbUrl } = database
    const password = decodeURIComponent(new URL(dbUrl).password) || LOCAL_DB_PASSWORD
    const keys = options.keys ?? (await loadKeys(config))
    // The seed may need the API's URL (seedSettings): a free port is chosen now, as for the DB.
    const listenPort = ports.apiPort === 0 ? await freePort() : ports.apiPort
    const fresh = await migrateDatabase({
      dbUrl,
      password,
      config,
      migrationsDir,
      created: database.created,
      keys,
      listenPort,
      host: options.host,
      log,
      signal,
      setPasswords: options.dbPassword !== undefined && !options.databaseUrl,
    })
    migrating = false
    signal?.throwIfAborted()
    const supautilsPort = supautils
      ? await startSupautilsPort({ dbUrl, port: ports.dbPort, cleanups })
      : null

    // The services' modules (Fastify and every API) load only now: a start that fails before
    // (ports, config, the database, a migration) ends without them, a CPU-second sooner.
    const [{ startApi }, { startAppServer }, { startMailInbox, startRunners, startServices }] =
      await Promise.all([
        import('./stack/api.ts'),
        import('./stack/app.ts'),
        import('./stack/services.ts'),
      ])
    const { context, services, api } = await startApi({
      options,
      config,
      dbUrl,
      password,
      keys,
      dataDir,
      listenPort,
      log,
      cleanups,
    })
    const inbox = await startMailInbox({ options, config, context, ...ports, cleanups })
    await startServices({ context, api, services, cleanups, signal })
    const { net } = startRunners({ dbUrl, log, cleanups, events: context.events })
    const appUrl = await startAppServer({ options, config, apiUrl: context.apiUrl, keys, cleanups })

    const stack: Stack = {
      config,
      context,
      api,
      apiUrl: context.apiUrl,
      appUrl,
      mode: context.mode,
      ...inbox,
      dbUrl,
      supautilsPort,
      keys,
      fresh,
      embedded: database.embedded,
      engine: database.engine,
      settled: async () => {
        await Promise.all([...services.map((service) => service.settled?.()), net.settled()])
      },
      stop: () => cleanups.run(),
      kill: () => {
        database.embedded?.kill()
        rmSync(path.join(dataDir, STATE_FILE), { force: true })
      },
    }
    signal?.throwIfAborted()
    await writeState(dataDir, {
      workdir: config.workdir,
      mode: stack.mode,
      apiUrl: stack.apiUrl,
      publicUrl: context.publicUrl,
      appUrl,
      inboxUrl: stack.inboxUrl,
      dbUrl,
      ...(options.settingsFile ? { settingsFile: options.settingsFile } : {}),
    })
    cleanups.unshift(() => rm(path.join(dataDir, STATE_FILE), { force: true }))
    return stack
  } catch (error) {
    await cleanups.run()
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
}
