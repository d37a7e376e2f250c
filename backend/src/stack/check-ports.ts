// The first step: every port the stack will listen on is checked before anything starts (a
// clash is one clear error naming who holds the port), after a killed stack's PostgreSQL is
// stopped; 0 means a free port, chosen when its server starts.
import type { ProjectConfig } from '../config/project-config.ts'
import { DatabaseStartError } from '../db/embedded.ts'
import { stopOrphanedServers } from '../db/orphan.ts'
import { checkPort } from '../http/ports.ts'
import type { Logger } from '../logger.ts'
import type { StackOptions } from './types.ts'

export interface Ports {
  apiPort: number
  dbPort: number
  inboxPort: number
  smtpPort: number
}

export async function checkPorts(
  options: StackOptions,
  config: ProjectConfig,
  dataDir: string,
  log: Logger
): Promise<Ports> {
  const apiPort = options.apiPort ?? config.api.port
  const dbPort = options.dbPort ?? config.db.port
  if (apiPort !== 0) await checkPort(apiPort, 'the API ([api] port)', '--api-port')
  const inboxPort = options.inboxPort ?? config.inbucket.port
  if (config.inbucket.enabled && inboxPort !== 0) {
    await checkPort(inboxPort, 'the mail inbox ([inbucket] port)', '--inbox-port')
  }
  const smtpPort = options.inboxSmtpPort ?? (options.inboxPort === 0 ? 0 : config.inbucket.smtpPort)
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
  return { apiPort, dbPort, inboxPort, smtpPort }
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
