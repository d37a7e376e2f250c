// A server's own settings, outside the repository: one file of KEY=value lines (the format of
// systemd's EnvironmentFile, which the unit from `service-unit` names, so systemd and the stack
// read the same file), by default <data folder>/chorus.env, or the one given with --config
// (not --env-file, which Node takes for itself). It holds every setting a server's operator may
// change: the public URL, the SMTP server with its password, the backup schedule, whether sign-up
// is open, the Edge Functions' outbound allow-list (CHORUS_OUTBOUND_ALLOW), the longest life of
// a signed file URL (CHORUS_SIGNED_URL_MAX_EXPIRY), where it listens and the proxies it believes
// (CHORUS_HOST, CHORUS_PORT, CHORUS_DB_PORT, CHORUS_TRUSTED_PROXY); it must be readable by its
// owner only (mode 0600). `git pull` never touches it. Flags override what it says.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { SmtpConfig } from '../config/project-config.ts'
import { parseDuration } from '../config/units.ts'
import { ServeError } from './secrets.ts'

export const SETTINGS_FILE = 'chorus.env'

/**
 * The keys the file may hold, and what each is for (docs/own-server.md (Running Chorus on your own
 * server) says the same).
 */
export const SETTINGS_KEYS = [
  'CHORUS_PUBLIC_URL',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USER',
  'SMTP_PASS',
  'SMTP_ADMIN_EMAIL',
  'SMTP_SENDER_NAME',
  'CHORUS_BACKUP_EVERY',
  'CHORUS_BACKUP_KEEP',
  'CHORUS_SIGNUP',
  'CHORUS_OUTBOUND_ALLOW',
  'CHORUS_SIGNED_URL_MAX_EXPIRY',
  'CHORUS_HOST',
  'CHORUS_PORT',
  'CHORUS_DB_PORT',
  'CHORUS_TRUSTED_PROXY',
] as const

/**
 * Keys of the stack's environment that the file may also carry: systemd passes them on, and
 * serve applies them itself when the environment does not already give them (serveSetup), so a
 * plain `npm run serve` reads the same file. The Realtime limits are limitsFromEnv's names.
 */
export const ENVIRONMENT_KEYS = [
  'LOG_LEVEL',
  'TZ',
  'TENANT_MAX_EVENTS_PER_SECOND',
  'CLIENT_MAX_EVENTS_PER_SECOND',
  'TENANT_MAX_JOINS_PER_SECOND',
  'CLIENT_MAX_JOINS_PER_SECOND',
  'TENANT_MAX_CHANNELS_PER_CLIENT',
  'TENANT_MAX_PAYLOAD_SIZE_IN_KB',
  'TENANT_MAX_PRESENCE_EVENTS_PER_SECOND',
] as const
/** What only the process's start can use (systemd's to pass on): allowed, not applied. */
const START_ONLY_KEYS = new Set(['DATABASE_URL', 'NODE_ENV', 'NODE_OPTIONS'])

export interface ServerSettings {
  /** The file read; null when there is none (the default file is optional). */
  file: string | null
  publicUrl?: string
  /** Replaces config.toml's [auth.email.smtp] (serve/config.ts). */
  smtp?: SmtpConfig
  backupEvery?: string
  backupKeep?: string
  /** CHORUS_SIGNUP=closed: only invited people get an account. */
  signupClosed?: boolean
  /**
   * CHORUS_OUTBOUND_ALLOW: the non-public addresses the Edge Functions' outbound requests may
   * reach (supabase/functions/_shared/outbound-allow.ts reads it), passed on as a function secret.
   */
  outboundAllow?: string
  /** CHORUS_SIGNED_URL_MAX_EXPIRY in seconds: the longest a signed download URL may live. */
  signedUrlMaxExpiry?: number
  /** CHORUS_HOST, CHORUS_PORT, CHORUS_DB_PORT: where serve listens (--host, --port, --db-port). */
  host?: string
  port?: number
  dbPort?: number
  /** CHORUS_TRUSTED_PROXY: the proxies believed (--trusted-proxy), separated by commas or spaces. */
  trustedProxies?: string[]
  /** The ENVIRONMENT_KEYS the file gives, applied by serveSetup where the environment has none. */
  environment: Partial<Record<(typeof ENVIRONMENT_KEYS)[number], string>>
}

/** Where the settings are read from: --config, else <dataDir>/chorus.env. */
export function settingsPath(dataDir: string, given: string | undefined): string {
  return path.resolve(given ?? path.join(dataDir, SETTINGS_FILE))
}

/**
 * Reads and checks the settings file. A missing default file is no settings (file: null); a
 * missing file that was given, one that cannot be read, one that others can read, or a bad value
 * is a ServeError of one line.
 */
export async function loadSettings(file: string, given: boolean): Promise<ServerSettings> {
  let text: string
  try {
    const info = await stat(file)
    if (!info.isFile()) {
      throw new ServeError(`Cannot read the settings file ${file}: it is not a file`)
    }
    const mode = info.mode & 0o777
    if ((mode & 0o077) !== 0) {
      throw new ServeError(
        `The settings file ${file} can be read or changed by other accounts ` +
          `(mode ${mode.toString(8).padStart(4, '0')}): it holds the SMTP password. chmod 600 ${file}`
      )
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (error instanceof ServeError) throw error
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && !given) return { file: null, environment: {} }
    throw new ServeError(
      code === 'ENOENT'
        ? `The settings file ${file} does not exist (--config): write it (see docs/own-server.md)`
        : `Cannot read the settings file ${file} (${code === 'EACCES' ? 'permission denied' : (code ?? String(error))}): ` +
            `it must be a file the account running Chorus can read, mode 0600`
    )
  }
  return settingsOf(parseEnvFile(text, file), file)
}

/**
 * systemd's EnvironmentFile lines: KEY=value, blank lines and # or ; comments; a value may be in
 * double quotes (with \" and \\) or single quotes. Anything else is refused with its line.
 */
export function parseEnvFile(text: string, file: string): Map<string, string> {
  const values = new Map<string, string>()
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line)
    if (!match) {
      throw new ServeError(`${file}:${index + 1}: not a KEY=value line: ${line.slice(0, 40)}`)
    }
    values.set(match[1]!, unquote(match[2]!, `${file}:${index + 1}`))
  })
  return values
}

function unquote(value: string, where: string): string {
  const quote = value[0]
  if (quote !== '"' && quote !== "'") return value
  if (value.length < 2 || !value.endsWith(quote)) {
    throw new ServeError(`${where}: the value's closing ${quote} is missing`)
  }
  const inner = value.slice(1, -1)
  return quote === '"' ? inner.replace(/\\(["\\$`])/g, '$1') : inner
}

function settingsOf(values: Map<string, string>, file: string): ServerSettings {
  const known = new Set<string>([...SETTINGS_KEYS, ...ENVIRONMENT_KEYS, ...START_ONLY_KEYS])
  for (const key of values.keys()) {
    if (!known.has(key)) {
      throw new ServeError(
        `${file}: unknown setting ${key} (settings: ${SETTINGS_KEYS.join(', ')})`
      )
    }
  }
  const get = (key: (typeof SETTINGS_KEYS)[number]) => {
    const value = values.get(key)
    return value === undefined || value === '' ? undefined : value
  }
  const settings: ServerSettings = {
    file,
    publicUrl: get('CHORUS_PUBLIC_URL'),
    backupEvery: get('CHORUS_BACKUP_EVERY'),
    backupKeep: get('CHORUS_BACKUP_KEEP'),
    environment: {},
  }
  for (const key of ENVIRONMENT_KEYS) {
    const value = values.get(key)
    if (value !== undefined && value !== '') settings.environment[key] = value
  }
  const signup = get('CHORUS_SIGNUP')
  if (signup !== undefined) {
    if (signup !== 'open' && signup !== 'closed') {
      throw new ServeError(`${file}: CHORUS_SIGNUP is ${signup}; give open or closed`)
    }
    settings.signupClosed = signup === 'closed'
  }
  const outboundAllow = get('CHORUS_OUTBOUND_ALLOW')
  if (outboundAllow !== undefined) settings.outboundAllow = outboundAllow
  const maxExpiry = get('CHORUS_SIGNED_URL_MAX_EXPIRY')
  if (maxExpiry !== undefined) {
    const ms = /^\d+$/.test(maxExpiry) ? Number(maxExpiry) * 1000 : parseDuration(maxExpiry)
    if (ms === null || ms < 1000) {
      throw new ServeError(
        `${file}: CHORUS_SIGNED_URL_MAX_EXPIRY is ${maxExpiry}; give a duration of at least 1s ` +
          `such as 10m, 1h or 168h (7 days), or a number of seconds`
      )
    }
    settings.signedUrlMaxExpiry = Math.floor(ms / 1000)
  }
  const host = get('CHORUS_HOST')
  if (host !== undefined) {
    if (/[\s/]/.test(host)) {
      throw new ServeError(`${file}: CHORUS_HOST is ${host}; give an address such as 0.0.0.0`)
    }
    settings.host = host
  }
  for (const [key, field] of [
    ['CHORUS_PORT', 'port'],
    ['CHORUS_DB_PORT', 'dbPort'],
  ] as const) {
    const text = get(key)
    if (text === undefined) continue
    const port = Number(text)
    if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
      throw new ServeError(`${file}: ${key} is ${text}, not a port number (1-65535)`)
    }
    settings[field] = port
  }
  const proxies = get('CHORUS_TRUSTED_PROXY')
  if (proxies !== undefined) settings.trustedProxies = proxies.split(/[\s,]+/).filter(Boolean)
  const smtpKeys = SETTINGS_KEYS.filter((key) => key.startsWith('SMTP_') && get(key) !== undefined)
  if (smtpKeys.length > 0) {
    const host = get('SMTP_HOST')
    if (!host) throw new ServeError(`${file}: ${smtpKeys.join(', ')} without SMTP_HOST`)
    const portText = get('SMTP_PORT') ?? '587'
    const port = Number(portText)
    if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
      throw new ServeError(`${file}: SMTP_PORT is ${portText}, not a port number (587, 465, 25)`)
    }
    const adminEmail = get('SMTP_ADMIN_EMAIL')
    if (!adminEmail || !/^[^\s@<>]+@[^\s@<>]+$/.test(adminEmail)) {
      throw new ServeError(
        `${file}: SMTP_ADMIN_EMAIL ${adminEmail === undefined ? 'is missing' : `is ${adminEmail}`}; ` +
          `give the address mail comes from, e.g. no-reply@chat.example.com`
      )
    }
    settings.smtp = {
      host,
      port,
      user: get('SMTP_USER') ?? '',
      pass: get('SMTP_PASS') ?? '',
      adminEmail,
      senderName: get('SMTP_SENDER_NAME') ?? 'Chorus',
    }
  }
  return settings
}
