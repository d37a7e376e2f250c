// The project configuration: supabase/config.toml as the Supabase CLI reads it, with the CLI's
// defaults for everything the file leaves out, and the stack's own keys from supabase/chorus.toml
// (stack-config.ts). Some sections have readers of their own (auth-email.ts, auth-rate-limits.ts,
// auth-mfa.ts, auth-oauth-server.ts, storage-buckets.ts). Unknown keys are ignored; a malformed
// file or a value of the wrong type is an error that names the line.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse, TomlError } from 'smol-toml'
import { readAuthMfa } from './auth-mfa.ts'
import { readAuthRateLimits } from './auth-rate-limits.ts'
import type { AuthRateLimits } from './auth-rate-limits.ts'
import type { AuthMfaConfig } from './auth-mfa.ts'
import { readAuthEmail, readEmailTemplates, readSmtp } from './auth-email.ts'
import type { AuthEmailConfig } from './auth-email.ts'
import { readOAuthServer } from './auth-oauth-server.ts'
import type { OAuthServerConfig } from './auth-oauth-server.ts'
import { ConfigError } from './config-error.ts'
import { Reader } from './reader.ts'
import type { Table } from './reader.ts'
import { readStackConfig } from './stack-config.ts'
import { readBuckets } from './storage-buckets.ts'
import type { BucketConfig } from './storage-buckets.ts'
import type { StackKeys } from './stack-config.ts'

export { ConfigError } from './config-error.ts'
export type { ConfigReader } from './reader.ts'
export type { EmailTemplateConfig, SmtpConfig } from './auth-email.ts'
export type { AuthRateLimits } from './auth-rate-limits.ts'
export type { BucketConfig } from './storage-buckets.ts'

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export interface ProjectConfig {
  projectId: string
  /**
   * chorus.toml's [edge_runtime] background_functions: functions run in a process of their own,
   * at a lower CPU priority, with a heap of at most `memoryBytes` (functions/background.ts).
   */
  backgroundFunctions?: { names: string[]; memoryBytes: number }
  /**
   * The server's own values for the Edge Functions, from serve's settings file (CHORUS_OUTBOUND_ALLOW),
   * over every other secret (functions/secrets.ts). Never from a tracked file.
   */
  serverSecrets?: [string, string][]
  /** Absolute path of the folder that holds supabase/. */
  workdir: string
  /** Absolute path of workdir/supabase. */
  supabaseDir: string
  api: {
    enabled: boolean
    port: number
    schemas: string[]
    extraSearchPath: string[]
    maxRows: number
  }
  db: {
    port: number
    majorVersion: number
    seed: { enabled: boolean; sqlPaths: string[] }
  }
  realtime: {
    enabled: boolean
    /** How the CLI binds Realtime (its ERL_AFLAGS); one front door here, so only validated. */
    ipVersion: 'IPv4' | 'IPv6'
    /** Longest header value Realtime reads (the CLI's MAX_HEADER_LENGTH); longer is a 431. */
    maxHeaderLength: number
    /**
     * Only private channels may be joined: the hosted tenant's private_only (the Dashboard's
     * "Allow public access" off; the Management API's realtime config `private_only`).
     */
    privateOnly: boolean
  }
  /** The mail inbox ([local_smtp], or [inbucket] as the CLI called it before); admin_email and
   * sender_name are the From of what lands there. smtpPort
   * takes mail by SMTP (default 54325; a free one when port is 0 and smtp_port is unset). */
  inbucket: {
    enabled: boolean
    port: number
    smtpPort: number
    adminEmail: string
    senderName: string
  }
  storage: {
    enabled: boolean
    fileSizeLimit: number
    buckets: Record<string, BucketConfig>
    /**
     * The longest a signed download URL may live, in seconds: a longer `expiresIn` is cut to it
     * (chorus.toml's [storage] signed_url_max_expiry, serve's CHORUS_SIGNED_URL_MAX_EXPIRY).
     */
    signedUrlMaxExpiry: number
  }
  auth: {
    enabled: boolean
    siteUrl: string
    additionalRedirectUrls: string[]
    jwtExpiry: number
    jwtSecret: string
    enableRefreshTokenRotation: boolean
    refreshTokenReuseInterval: number
    enableSignup: boolean
    enableAnonymousSignIns: boolean
    minimumPasswordLength: number
    passwordRequirements: string
    signingKeysPath: string | null
    /** [auth.hook.custom_access_token] uri when enabled (a pg-functions:// URI). */
    customAccessTokenHook: string | null
    rateLimit: AuthRateLimits
    mfa: AuthMfaConfig
    oauthServer: OAuthServerConfig
    email: AuthEmailConfig
  }
}

/** Seven days: a signed URL longer-lived than this is cut to it unless chorus.toml says otherwise. */
export const DEFAULT_SIGNED_URL_MAX_EXPIRY = 7 * 24 * 60 * 60

/** Reads and validates `<workdir>/supabase/config.toml`. */
export async function loadProjectConfig(workdir: string): Promise<ProjectConfig> {
  const absolute = path.resolve(workdir)
  const file = path.join(absolute, 'supabase', 'config.toml')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new ConfigError(
      code === 'ENOENT'
        ? 'file not found. Is this a Supabase project folder (supabase init creates supabase/config.toml)?'
        : `cannot read the file (${code ?? String(error)})`,
      file
    )
  }
  // The stack's own keys, which the CLI's config.toml does not define (stack-config.ts; merged here, withStackKeys).
  const config = parseProjectConfig(text, absolute, file)
  return withStackKeys(config, await readStackConfig(config.supabaseDir))
}

/** chorus.toml's keys over config.toml's (which older projects may still carry). */
export function withStackKeys(config: ProjectConfig, keys: StackKeys): ProjectConfig {
  const email = config.auth.email
  return {
    ...config,
    ...(keys.backgroundFunctions
      ? {
          backgroundFunctions: {
            names: keys.backgroundFunctions,
            memoryBytes: keys.backgroundMemory ?? 256 * 1024 * 1024,
          },
        }
      : {}),
    realtime: { ...config.realtime, privateOnly: keys.privateOnly ?? config.realtime.privateOnly },
    storage: {
      ...config.storage,
      signedUrlMaxExpiry: keys.signedUrlMaxExpiry ?? config.storage.signedUrlMaxExpiry,
    },
    auth: {
      ...config.auth,
      email: {
        ...email,
        updatePasswordRequireCurrentPassword:
          keys.updatePasswordRequireCurrentPassword ?? email.updatePasswordRequireCurrentPassword,
      },
    },
  }
}

/** Parses config.toml text. `file` is only used in error messages. */
export function parseProjectConfig(
  text: string,
  workdir: string,
  file = 'config.toml'
): ProjectConfig {
  let doc: Table
  try {
    doc = parse(text) as Table
  } catch (error) {
    if (error instanceof TomlError) {
      const first = error.message.split('\n')[0] ?? error.message
      throw new ConfigError(`invalid TOML: ${first}`, file, error.line)
    }
    throw error
  }
  const read = new Reader(doc, text, file)
  const supabaseDir = path.join(workdir, 'supabase')
  const inSupabaseDir = (p: string) => path.resolve(supabaseDir, p)

  const buckets = readBuckets(read, inSupabaseDir)

  const templates = readEmailTemplates(read, inSupabaseDir)
  const smtp = readSmtp(read, file)

  const hookSection = 'auth.hook.custom_access_token'
  const customAccessTokenHook = read.get(hookSection, 'enabled', 'boolean', false)
    ? read.get(hookSection, 'uri', 'string', '')
    : null
  if (customAccessTokenHook !== null && !PG_FUNCTION_URI.test(customAccessTokenHook)) {
    throw new ConfigError(
      `[${hookSection}] uri must be pg-functions://<database>/<schema>/<function> (HTTP hooks are not supported locally)`,
      file,
      read.lineOf(hookSection, 'uri')
    )
  }

  const ipVersion = read.get('realtime', 'ip_version', 'string', 'IPv4')
  if (ipVersion !== 'IPv4' && ipVersion !== 'IPv6') {
    const line = read.lineOf('realtime', 'ip_version')
    throw new ConfigError('[realtime] ip_version must be one of [IPv6 IPv4]', file, line)
  }
  const maxHeaderLength = read.get('realtime', 'max_header_length', 'integer', 4096)
  if (maxHeaderLength < 0) {
    const line = read.lineOf('realtime', 'max_header_length')
    throw new ConfigError('[realtime] max_header_length must not be negative', file, line)
  }

  const signingKeysPath = read.optional('auth', 'signing_keys_path', 'string')
  // The mail inbox: [local_smtp], the Supabase CLI's name for it since [inbucket] (which it
  // still reads, with a deprecation warning) was renamed; the stack reads either.
  const inbox = Object.keys(read.table('local_smtp')).length > 0 ? 'local_smtp' : 'inbucket'
  const seedPaths = read.get('db.seed', 'sql_paths', 'strings', ['./seed.sql'])

  return {
    projectId: read.get('', 'project_id', 'string', path.basename(workdir)),
    workdir,
    supabaseDir,
    api: {
      enabled: read.get('api', 'enabled', 'boolean', true),
      port: read.get('api', 'port', 'port', 54321),
      schemas: read.get('api', 'schemas', 'strings', ['public', 'graphql_public']),
      extraSearchPath: read.get('api', 'extra_search_path', 'strings', ['public', 'extensions']),
      maxRows: read.get('api', 'max_rows', 'integer', 1000),
    },
    db: {
      port: read.get('db', 'port', 'port', 54322),
      majorVersion: read.get('db', 'major_version', 'integer', 17),
      seed: {
        enabled: read.get('db.seed', 'enabled', 'boolean', true),
        sqlPaths: seedPaths.map(inSupabaseDir),
      },
    },
    realtime: {
      enabled: read.get('realtime', 'enabled', 'boolean', true),
      ipVersion,
      maxHeaderLength,
      privateOnly: read.get('realtime', 'private_only', 'boolean', false),
    },
    inbucket: {
      enabled: read.get(inbox, 'enabled', 'boolean', true),
      port: read.get(inbox, 'port', 'port', 54324),
      smtpPort: read.get(
        inbox,
        'smtp_port',
        'port',
        read.get(inbox, 'port', 'port', 54324) === 0 ? 0 : 54325
      ),
      adminEmail: read.get(inbox, 'admin_email', 'string', 'admin@email.com'),
      senderName: read.get(inbox, 'sender_name', 'string', 'Admin'),
    },
    storage: {
      enabled: read.get('storage', 'enabled', 'boolean', true),
      fileSizeLimit: read.get('storage', 'file_size_limit', 'size', 50 * 1024 * 1024),
      buckets,
      signedUrlMaxExpiry: DEFAULT_SIGNED_URL_MAX_EXPIRY,
    },
    auth: {
      enabled: read.get('auth', 'enabled', 'boolean', true),
      siteUrl: read.get('auth', 'site_url', 'string', 'http://127.0.0.1:3000'),
      additionalRedirectUrls: read.get('auth', 'additional_redirect_urls', 'strings', [
        'https://127.0.0.1:3000',
      ]),
      jwtExpiry: read.get('auth', 'jwt_expiry', 'integer', 3600),
      jwtSecret: read.get('auth', 'jwt_secret', 'string', DEFAULT_JWT_SECRET),
      enableRefreshTokenRotation: read.get(
        'auth',
        'enable_refresh_token_rotation',
        'boolean',
        true
      ),
      refreshTokenReuseInterval: read.get('auth', 'refresh_token_reuse_interval', 'integer', 10),
      enableSignup: read.get('auth', 'enable_signup', 'boolean', true),
      enableAnonymousSignIns: read.get('auth', 'enable_anonymous_sign_ins', 'boolean', false),
      minimumPasswordLength: read.get('auth', 'minimum_password_length', 'integer', 6),
      passwordRequirements: read.get('auth', 'password_requirements', 'string', ''),
      signingKeysPath: signingKeysPath === null ? null : inSupabaseDir(signingKeysPath),
      customAccessTokenHook,
      rateLimit: readAuthRateLimits(read),
      mfa: readAuthMfa(read),
      oauthServer: readOAuthServer(read),
      email: readAuthEmail(read, templates, smtp),
    },
  }
}

/** An Auth hook implemented as a Postgres function: pg-functions://<database>/<schema>/<function>. */
export const PG_FUNCTION_URI = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/
