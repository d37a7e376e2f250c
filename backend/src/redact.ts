// What the stack's log may say of a URL or a credential: every log line goes through redactText
// (logger.ts), and the request loggers name requests by redactUrl. A URL keeps its scheme, host,
// path and the names of its query parameters; the values of the query, a fragment, a password in
// the authority and the path segments that are credentials are replaced by [REDACTED]:
//   - incoming webhooks, /functions/v1/webhooks/<id>/<secret>;
//   - slash commands' response_url, /functions/v1/slash-commands/respond/<run>/<secret>;
//   - the app's invitation page, /invite/<token>;
//   - any segment shaped as a token (a JWT, a Slack-style xox?- token, an sb_secret_/sb_publishable_
//     key).
// In free text (error messages, details) the same tokens are hidden wherever they appear, as are
// `name=value` pairs whose name says credential (token, apikey, access_token, secret, password, …).
// The Edge Functions run in the stack's process and log with `console`: redactConsole makes the
// process's console write through redactText too.

import { formatWithOptions } from 'node:util'

export const REDACTED = '[REDACTED]'

/** Paths whose segment after the matched prefix and one more segment is the credential. */
const SECRET_PATHS: { prefix: RegExp; keep: number }[] = [
  // /functions/v1/webhooks/<id>/<secret>
  { prefix: /\/functions\/v1\/webhooks\//, keep: 1 },
  // /functions/v1/slash-commands/respond/<run>/<secret>
  { prefix: /\/functions\/v1\/slash-commands\/respond\//, keep: 1 },
  // the app's invitation page, /invite/<token> (served by `serve` from the same origin)
  { prefix: /^\/invite\//, keep: 0 },
]

const TOKEN_SHAPES = [
  /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, // a JWT
  /\bxox[a-z]-[A-Za-z0-9-]{8,}/g, // Slack-style tokens (the bots' xoxb-)
  /\bsb_(?:secret|publishable)_[A-Za-z0-9_-]{8,}/g, // Supabase API keys
]

const CREDENTIAL_NAMES =
  'token|access_token|refresh_token|id_token|apikey|api_key|secret|password|unsubscribe|signature'

// `name=value` pairs outside URLs (a form body in an error, a connection string's options), and
// JSON's `"name":"value"`.
const CREDENTIAL_PAIR = new RegExp(
  `\\b(${CREDENTIAL_NAMES})("?\\s*[=:]\\s*)(["']?)([^\\s&"',;)}]+)`,
  'gi'
)

/** The URL (absolute, or a path with its query) with its credentials replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  let rest = url
  let head = ''
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest)
  if (scheme) {
    // scheme://user:password@host: the password goes.
    head = scheme[0].replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, `$1:${REDACTED}@`)
    rest = rest.slice(scheme[0].length)
  }
  let fragment = ''
  const hash = rest.indexOf('#')
  if (hash >= 0) {
    fragment = `#${REDACTED}`
    rest = rest.slice(0, hash)
  }
  let query = ''
  const mark = rest.indexOf('?')
  if (mark >= 0) {
    query = `?${redactQuery(rest.slice(mark + 1))}`
    rest = rest.slice(0, mark)
  }
  return head + redactPath(rest) + query + fragment
}

function redactQuery(query: string): string {
  if (query === '') return ''
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0) return hideTokens(pair)
      const value = pair.slice(equals + 1)
      return `${hideTokens(pair.slice(0, equals))}=${value === '' ? '' : REDACTED}`
    })
    .join('&')
}

function redactPath(path: string): string {
  let result = path
  for (const { prefix, keep } of SECRET_PATHS) {
    const found = prefix.exec(result)
    if (!found) continue
    const start = found.index + found[0].length
    const segments = result.slice(start).split('/')
    for (let i = keep; i < segments.length; i++) {
      if (segments[i] !== '') segments[i] = REDACTED
    }
    result = result.slice(0, start) + segments.join('/')
  }
  return hideTokens(result)
}

function hideTokens(text: string): string {
  let result = text
  for (const shape of TOKEN_SHAPES) result = result.replace(shape, REDACTED)
  return result
}

// An absolute URL, or a path (a `/` not preceded by a word character, a dot or another `/`) that
// has a query string or is one of the secret paths.
const ABSOLUTE_URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi
const PATH = /(?<![\w.:/])\/[^\s"'<>`]*/g

/** A log line (or any text) with every URL redacted and every credential-shaped value hidden. */
export function redactText(text: string): string {
  let result = text.replace(ABSOLUTE_URL, (url) => redactUrl(url))
  result = result.replace(PATH, (path) =>
    path.includes('?') || path.includes('#') || SECRET_PATHS.some((p) => p.prefix.test(path))
      ? redactUrl(path)
      : path
  )
  result = hideTokens(result)
  return result.replace(
    CREDENTIAL_PAIR,
    (whole, name: string, sep: string, quote: string, value: string) =>
      value === REDACTED || value.startsWith('[REDACTED')
        ? whole
        : `${name}${sep}${quote}${REDACTED}`
  )
}

type ConsoleLike = Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'>
const redactedConsoles = new WeakSet<ConsoleLike>()

/**
 * Makes console.log/info/warn/error/debug of this process (the Edge Functions' logs) format their
 * arguments as console does, then write the text through redactText. Once per console.
 */
export function redactConsole(target: ConsoleLike = console): void {
  if (redactedConsoles.has(target)) return
  redactedConsoles.add(target)
  for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = target[name].bind(target)
    target[name] = (...args: unknown[]) =>
      original(redactText(formatWithOptions({ colors: false }, ...args)))
  }
}
