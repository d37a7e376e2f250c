// The production arrangement (the suite's default): Chorus as a team runs it on its own server,
// `serve` (backend/src/cli/main.ts serve, what `npm run serve` runs) from the built app with the
// keys it generates into its own data folder, no seed, strict API keys, the app and every API on
// one origin, Auth's mail and the functions' (notifications-email) through an SMTP server the suite runs
// itself (support/mail-catcher.ts: the smtp-server library, read through a Mailpit-shaped API).
import { startMailCatcher } from './mail-catcher.ts'
import { startServe } from './serve-process.ts'
import { freePort, startStack, suiteRateLimits } from './stack-process.ts'
import type { RunningStack } from './stack-process.ts'

export type SuiteArrangement = 'production' | 'hosted' | 'local'

/** E2E_ARRANGEMENT: production (default), hosted or local (`npm start`'s stack). */
export function suiteArrangement(): SuiteArrangement {
  const value = process.env.E2E_ARRANGEMENT ?? 'production'
  if (value === 'production' || value === 'hosted' || value === 'local') return value
  throw new Error(`E2E_ARRANGEMENT=${value}: production, hosted or local`)
}

export interface ProductionStack extends RunningStack {
  /** serve's project copy and data folder (for `backup`). */
  workdir: string
  dataDir: string
  /** What the run's log must not hold (support/run-log-secrets.ts). */
  secrets: { smtpPass: string; mails(): readonly { Text: string; HTML: string }[] }
}

export async function startProductionStack(
  options: {
    log?: (line: string) => void
    /** Changes of this stack's config.toml (a spec's own stack, e.g. a short jwt_expiry). */
    configure?: (toml: string) => string
    /** A data folder to serve (one `restore` filled); default a new one. */
    dataDir?: string
  } = {}
): Promise<ProductionStack> {
  const mail = await startMailCatcher()
  try {
    // The public URL names the port, so the port is chosen first (a free one, never a fixed one).
    // A host name, as a team's server has, not an address: browsers refuse an IP address as a
    // security key's relying party, which serve takes from the public URL's host.
    const port = await freePort()
    const publicUrl = `http://localhost:${port}`
    const serve = await startServe({
      smtpPort: mail.smtpPort,
      smtpUser: mail.user,
      smtpPass: mail.pass,
      publicUrl,
      port,
      configure: (toml) => (options.configure ?? ((t: string) => t))(suiteRateLimits(toml)),
      env: {
        // Every request logged, as LOG_LEVEL=debug does: the run's log holds no secret even so
        // (global-setup.ts checks it).
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug',
        // As on the local stack (stack-process.ts): Realtime's tenant-wide rate would couple the
        // specs that share this stack (the search spec's 3,000 inserts closed the next spec's
        // channels); serve's own sizing of it is issue 46, item 6, tested in backend/test/realtime.
        TENANT_MAX_EVENTS_PER_SECOND: process.env.TENANT_MAX_EVENTS_PER_SECOND ?? '100000',
      },
      log: options.log,
      dataDir: options.dataDir,
    })
    return {
      workdir: serve.workdir,
      dataDir: serve.dataDir,
      appUrl: publicUrl,
      apiUrl: publicUrl,
      inboxUrl: mail.apiUrl,
      anonKey: serve.publishableKey,
      serviceRoleKey: serve.secretKey,
      dbUrl: serve.dbUrl,
      secrets: { smtpPass: mail.pass, mails: () => mail.caught() },
      async stop() {
        await serve.stop()
        await mail.close()
      },
    }
  } catch (error) {
    await mail.close()
    throw error
  }
}

/**
 * A stack of a spec's own, in the suite's arrangement: `serve` in production, `npm start`'s
 * otherwise (the hosted arrangement runs the @core scenarios only, none of which has its own).
 */
export function startOwnStack(options: {
  configure?: (toml: string) => string
}): Promise<RunningStack> {
  return suiteArrangement() === 'production'
    ? startProductionStack(options)
    : startStack({ configure: options.configure })
}
