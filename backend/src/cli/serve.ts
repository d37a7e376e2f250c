// `serve`: the stack in production mode (npm run serve). The web app and every API on one origin
// and port behind a TLS-terminating reverse proxy; its own secrets (serve/secrets.ts) instead of
// the demo keys; strict API keys; CORS for the public origin only; X-Forwarded-For believed from
// trusted proxies only; Auth's mail through real SMTP and no mail inbox; GET /health; scheduled
// backups with --backup-every (ops/schedule.ts, as `start` takes them). The server's settings
// (public URL, SMTP, backups, sign-up, outbound allow-list, signed-URL cap, host, ports, trusted
// proxies) come from its settings file (serve/settings.ts), which
// the flags override; the database's password is generated with the keys.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { loadProjectConfig } from '../config/project-config.ts'
import { createLogger } from '../logger.ts'
import type { Logger } from '../logger.ts'
import { parseBackupSchedule, startBackupSchedule } from '../ops/schedule.ts'
import type { BackupSchedule } from '../ops/schedule.ts'
import { parsePublicUrl, parseTrustedProxy, serveConfig } from '../serve/config.ts'
import { registerHealth } from '../serve/health.ts'
import { loadServeSecrets, ServeError } from '../serve/secrets.ts'
import { loadSettings, settingsPath } from '../serve/settings.ts'
import type { ServerSettings } from '../serve/settings.ts'
import { startStack } from '../stack.ts'
import type { StackOptions } from '../stack.ts'
import { ResettableStack } from './resettable-stack.ts'
import { Stopper } from './stopper.ts'

export interface ServeArgs {
  workdir: string
  dataDir: string
  /** --public-url; default http://127.0.0.1:<port> (this machine only). */
  publicUrl: string | undefined
  /** --host; default 127.0.0.1. */
  host: string | undefined
  /** --port; default [api] port. */
  port: number | undefined
  dbPort: number | undefined
  /** --trusted-proxy (repeatable); default loopback. */
  trustedProxies: string[]
  noSignup: boolean
  appDist: string | undefined
  postgresBin: string | undefined
  databaseUrl: string | undefined
  /** --backup-every / --backup-keep, over the settings file's CHORUS_BACKUP_EVERY / _KEEP. */
  backupEvery?: string
  backupKeep?: string
  /** --config: the settings file; default <dataDir>/chorus.env when it exists. */
  config?: string
}

export interface ServeSetup {
  options: StackOptions
  /** The log given, else serve's own (made once the settings file's LOG_LEVEL applies). */
  log: Logger
  settings: ServerSettings
  /** null: no backups scheduled. */
  backups: BackupSchedule | null
}

/** The stack options of a serve-mode start; what it refuses is a ServeError. */
export async function serveOptions(args: ServeArgs, log: Logger): Promise<StackOptions> {
  return (await serveSetup(args, log)).options
}

/**
 * The settings, stack options and backup schedule of a serve-mode start. The settings file's
 * environment keys (LOG_LEVEL, the Realtime limits) are applied to this process where its
 * environment does not give them: what systemd would pass on from the same file.
 */
export async function serveSetup(args: ServeArgs, given?: Logger): Promise<ServeSetup> {
  const config = await loadProjectConfig(args.workdir)
  if (!args.appDist) {
    throw new ServeError('serve needs the built web app: --app-dist DIR (npm run serve gives it)')
  }
  const dataDir = path.resolve(args.dataDir)
  const settingsFile = settingsPath(dataDir, args.config)
  const settings = await loadSettings(settingsFile, args.config !== undefined)
  for (const [key, value] of Object.entries(settings.environment)) process.env[key] ??= value
  const log = given ?? createLogger(undefined, '', { lines: true })
  const port = args.port ?? settings.port ?? config.api.port
  const givenUrl = args.publicUrl ?? settings.publicUrl
  if (givenUrl === undefined && port === 0) {
    throw new ServeError('--port 0 needs --public-url: the app and the emails must name the URL')
  }
  const publicUrl =
    args.publicUrl !== undefined
      ? parsePublicUrl(args.publicUrl)
      : settings.publicUrl !== undefined
        ? parsePublicUrl(settings.publicUrl, `CHORUS_PUBLIC_URL in ${settingsFile}:`)
        : parsePublicUrl(`http://127.0.0.1:${port}`)
  if (givenUrl === undefined) {
    log.warn(
      `No --public-url: the app and the emails use ${publicUrl}, which only this machine can ` +
        `open. Give the URL people use, e.g. --public-url https://chat.example.com`
    )
  }
  const trustedProxies = (
    args.trustedProxies.length > 0 ? args.trustedProxies : (settings.trustedProxies ?? ['loopback'])
  ).map(parseTrustedProxy)
  const served = serveConfig(config, {
    publicUrl,
    noSignup: args.noSignup || settings.signupClosed === true,
    smtp: settings.smtp,
    settingsFile,
    outboundAllow: settings.outboundAllow,
    signedUrlMaxExpiry: settings.signedUrlMaxExpiry,
  })
  const backups = parseBackupSchedule(
    args.backupEvery ?? settings.backupEvery,
    args.backupKeep ?? settings.backupKeep
  )
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const secrets = await loadServeSecrets(dataDir)
  if (secrets.created) log.info(`Generated this server's keys in ${secrets.file} (mode 0600)`)
  if (settings.file) log.info(`Settings from ${settings.file}`)
  const options: StackOptions = {
    workdir: args.workdir,
    mode: 'serve',
    config: served,
    dataDir,
    databaseUrl: args.databaseUrl,
    postgresBin: args.postgresBin,
    apiPort: port,
    dbPort: args.dbPort ?? settings.dbPort,
    host: args.host ?? settings.host ?? '127.0.0.1',
    keys: secrets.keys,
    dbPassword: secrets.dbPassword,
    ...(settings.file ? { settingsFile: settings.file } : {}),
    publicUrl,
    ownOriginOnly: true,
    strictKeys: true,
    front: {
      trustedProxies,
      appDist: path.resolve(args.appDist),
      extend: registerHealth,
      logRequests: process.env.LOG_LEVEL === 'debug',
    },
    log,
  }
  return { options, log, settings, backups }
}

export async function serve(args: ServeArgs): Promise<number> {
  const began = Date.now()
  const stopper = new Stopper()
  const { options, log, settings, backups: schedule } = await serveSetup(args)
  const stack = await startStack({ ...options, signal: stopper.signal }).catch((error: unknown) => {
    if (stopper.signal.aborted) return null
    throw error
  })
  if (!stack) {
    process.stdout.write('Stopped.\n')
    return 0
  }
  stopper.stack = stack
  const listening = new URL(stack.apiUrl)
  const where = `${options.host === '127.0.0.1' ? listening.hostname : options.host}:${listening.port}`
  process.stdout.write(
    `Chorus is serving ${stack.context.publicUrl} (listening on ${where}; app, /rest/v1, ` +
      `/auth/v1, /storage/v1, /realtime/v1, /functions/v1 and /health) in ${Date.now() - began} ms\n` +
      `Publishable key: ${stack.keys.publishableKey}\n` +
      (stack.supautilsPort === null
        ? ''
        : `Database (postgres, with supautils as on hosted): ` +
          `postgresql://postgres@127.0.0.1:${stack.supautilsPort}/postgres\n`) +
      `Press Ctrl-C to stop.\n`
  )
  // No control port: `db reset` never reaches a production server. `lost`: PostgreSQL stopped.
  const running = new ResettableStack(stack, options, log, (next) => (stopper.stack = next))
  const target = {
    workdir: args.workdir,
    dataDir: options.dataDir!,
    postgresBin: args.postgresBin,
    settingsFile: settings.file,
  }
  const backups = schedule ? startBackupSchedule(schedule, target, log) : null
  const reason = await Promise.race([stopper.requested, running.lost])
  await backups?.stop()
  if (reason !== 'signal') process.stderr.write(`Error: ${reason}; stopping.\n`)
  await stopper.stopStack(log)
  process.stdout.write('Stopped.\n')
  return reason === 'signal' ? 0 : 1
}
