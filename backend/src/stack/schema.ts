// The schema step: the platform contract, the project's migrations, on a fresh database the seed,
// then Vault's endpoint of the Edge Functions for the background jobs (function-endpoint.ts), on
// one connection of its own that is closed before the services connect.
import postgres from 'postgres'
import type { ProjectConfig } from '../config/project-config.ts'
import { applyMigrations, applyPlatform, applySeed, seedSettings } from '../db/migrate.ts'
import type { JwtKeys } from '../jwt/jwt-keys.ts'
import type { Logger } from '../logger.ts'
import { setRolePasswords } from './db-password.ts'
import { endpointUrl, storeFunctionEndpoint } from './function-endpoint.ts'

/** Applies what the database lacks; true when it was empty (so the seed ran, if enabled). */
export async function migrateDatabase(args: {
  dbUrl: string
  password: string
  config: ProjectConfig
  migrationsDir: string
  created: boolean
  keys: JwtKeys
  /** The API's port, for the seed's settings (seedSettings) and Vault's project_url. */
  listenPort: number
  /** The interface the API listens on (default 127.0.0.1). */
  host?: string
  log: Logger
  signal?: AbortSignal
  /** serve on its own cluster: the service roles take `password` on every start (db-password.ts). */
  setPasswords?: boolean
}): Promise<boolean> {
  const { config, log } = args
  const migrator = postgres(args.dbUrl, { max: 1, onnotice: () => {} })
  let fresh = args.created
  try {
    await applyPlatform(migrator, args.password, log)
    if (args.setPasswords) await setRolePasswords(migrator, args.password)
    const run = await applyMigrations(migrator, args.migrationsDir, log)
    fresh = fresh || run.fresh
    if (fresh && config.db.seed.enabled) {
      const settings = seedSettings(`http://127.0.0.1:${args.listenPort}`, args.keys)
      await applySeed(migrator, config.db.seed.sqlPaths, log, settings)
    }
    const projectUrl = endpointUrl(args.host ?? '127.0.0.1', args.listenPort)
    // A database role that may not write Vault (DATABASE_URL) still gets a stack; the jobs then
    // say what they miss at each run.
    await storeFunctionEndpoint(
      migrator,
      { projectUrl, publishableKey: args.keys.publishableKey },
      log
    ).catch((error: unknown) =>
      log.warn(
        `Vault: could not store project_url and publishable_key for the background jobs: ` +
          `${(error as Error).message}`
      )
    )
  } finally {
    await migrator.end({ timeout: args.signal?.aborted ? 0 : 2 })
  }
  return fresh
}
