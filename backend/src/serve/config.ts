// `serve`'s reading of the project: the public URL and trusted proxies it is given, and the
// project configuration as production needs it (site URL and redirects on the public URL, no mail
// inbox, Auth's mail through the configured SMTP server, no demo seed, sign-up closed on request,
// the settings file's outbound allow-list for the Edge Functions and signed-URL cap).
// Pure.
import { isIP } from 'node:net'
import type { ProjectConfig, SmtpConfig } from '../config/project-config.ts'
import { ServeError } from './secrets.ts'

/** proxy-addr's names for address ranges (Fastify's trustProxy reads them). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * --public-url (or the settings file's CHORUS_PUBLIC_URL, `name` says which): an http(s) origin,
 * without a path or a trailing slash.
 */
export function parsePublicUrl(text: string, name = '--public-url'): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ServeError(`${name} ${text} is not a URL; give one such as https://chat.example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServeError(`${name} ${text} must start with https:// (or http://)`)
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ServeError(`${name} ${text} must not carry a query, fragment or credentials`)
  }
  if (url.pathname !== '/') {
    throw new ServeError(
      `${name} ${text}: Chorus is served at the root of its origin; give it without a path`
    )
  }
  return url.origin
}

/** --trusted-proxy: an address, a CIDR range (10.0.0.0/8, fd00::/8) or loopback/linklocal/uniquelocal. */
export function parseTrustedProxy(text: string): string {
  const value = text.trim()
  if (RANGE_NAMES.has(value) || isIP(value) !== 0) return value
  const [address = '', bits, ...more] = value.split('/')
  const family = isIP(address)
  const prefix = Number(bits)
  const widest = family === 6 ? 128 : 32
  if (family !== 0 && more.length === 0 && /^\d+$/.test(bits ?? '') && prefix <= widest) {
    return value
  }
  throw new ServeError(
    `--trusted-proxy ${text} is not an address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1, loopback)`
  )
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function isLocal(url: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(url.replace(/\*+/g, 'x')).hostname)
  } catch {
    return false
  }
}

export interface ServeConfigOptions {
  publicUrl: string
  /** --no-signup (or CHORUS_SIGNUP=closed): only invited people get an account. */
  noSignup: boolean
  /** The settings file's SMTP server, over config.toml's [auth.email.smtp]. */
  smtp?: SmtpConfig
  /** The settings file, for the message when no SMTP server is configured anywhere. */
  settingsFile?: string
  /** The settings file's CHORUS_OUTBOUND_ALLOW, given to the Edge Functions over their secrets. */
  outboundAllow?: string
  /** The settings file's CHORUS_SIGNED_URL_MAX_EXPIRY (seconds), over chorus.toml's. */
  signedUrlMaxExpiry?: number
}

/** The configuration `serve` runs with; a ServeError when something production needs is missing. */
export function serveConfig(config: ProjectConfig, options: ServeConfigOptions): ProjectConfig {
  const smtp = options.smtp ?? config.auth.email.smtp
  if (!smtp) {
    throw new ServeError(
      'serve sends sign-up, invitation and password emails to people: configure an SMTP server in ' +
        `the settings file ${options.settingsFile ?? 'DATA_DIR/chorus.env'} (mode 0600: ` +
        'SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL, SMTP_SENDER_NAME), or in ' +
        'supabase/config.toml under [auth.email.smtp].'
    )
  }
  const { publicUrl } = options
  const auth = config.auth
  const rp = auth.mfa.webAuthnRp
  // Redirects to this machine's development ports are of no use to the server's visitors.
  const redirects = auth.additionalRedirectUrls.filter((url) => !isLocal(url))
  return {
    ...config,
    // A new database starts empty, as a hosted project does (`db push` seeds nothing): seed.sql
    // is demo data, with accounts whose password everyone knows.
    db: { ...config.db, seed: { ...config.db.seed, enabled: false } },
    inbucket: { ...config.inbucket, enabled: false },
    storage: {
      ...config.storage,
      signedUrlMaxExpiry: options.signedUrlMaxExpiry ?? config.storage.signedUrlMaxExpiry,
    },
    ...(options.outboundAllow !== undefined
      ? {
          serverSecrets: [
            ...(config.serverSecrets ?? []),
            ['CHORUS_OUTBOUND_ALLOW', options.outboundAllow] as [string, string],
          ],
        }
      : {}),
    auth: {
      ...auth,
      email: { ...auth.email, smtp },
      siteUrl: publicUrl,
      additionalRedirectUrls: [publicUrl, `${publicUrl}/**`, ...redirects],
      enableSignup: auth.enableSignup && !options.noSignup,
      mfa: {
        ...auth.mfa,
        // Security keys belong to the public host (empty: site_url's host and origin).
        webAuthnRp: {
          ...rp,
          rpId: LOCAL_HOSTS.has(rp.rpId) ? '' : rp.rpId,
          rpOrigins: rp.rpOrigins.filter((origin) => !isLocal(origin)),
        },
      },
    },
  }
}
