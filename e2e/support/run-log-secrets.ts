// No secret in any log line (issue 46, item 7), checked on the log of a whole run: the production
// stack logs at debug level (every request) into a file, and when the run ends every secret the
// run made is looked for in it: serve's own (its JWT secret, signing key, secret API key and
// database password, from its data folder), the SMTP password, every person's password, every
// token a mail carried (sign-up, recovery, magic links, invitations), and anything shaped like
// an access token, a bot token or a webhook's secret path. The check reports what kind of secret
// it found, on how many lines, and the first such line with the secret masked, never the secret.
import { readFile } from 'node:fs/promises'
import path from 'node:path'

interface Mail {
  Text: string
  HTML: string
}

export interface RunSecrets {
  /** serve's data folder's serve-secrets.json, read while it ran. */
  serveSecrets: string
  smtpPass: string
  /** Public by design (the app's config.json carries it): not looked for. */
  publishableKey: string
  mails: readonly Mail[]
}

/** serve's secrets file, read while the stack runs (its data folder goes with it). */
export function readServeSecrets(dataDir: string): Promise<string> {
  return readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8')
}

/** Shapes of secrets the run made that no list names (each found is one). */
const SHAPES: [string, RegExp][] = [
  ['an access token (JWT)', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{16,}/],
  ['a bot token', /xoxb-[0-9a-f]{64}/],
  ['a webhook secret in a path', /\/webhooks\/[0-9a-f-]{36}\/[\w-]{16,}/],
  ['a person’s password', /pw-[\w-]+-Secret!/],
]

/** How many shapes are looked for. */
export const SHAPE_COUNT = SHAPES.length

/** The values to look for, by kind. */
export function secretsOfRun(run: RunSecrets): Map<string, string> {
  const found = new Map<string, string>()
  const file = JSON.parse(run.serveSecrets) as {
    jwt_secret: string
    secret_key: string
    db_password?: string
    vapid_private_key?: string
    signing_keys: { d?: string }[]
  }
  found.set(file.jwt_secret, 'serve’s JWT secret')
  found.set(file.secret_key, 'serve’s secret API key')
  if (file.db_password) found.set(file.db_password, 'the database password')
  if (file.vapid_private_key) found.set(file.vapid_private_key, 'the VAPID private key')
  for (const key of file.signing_keys) if (key.d) found.set(key.d, 'the signing key')
  found.set(run.smtpPass, 'the SMTP password')
  for (const mail of run.mails) {
    for (const token of mailTokens(`${mail.Text}\n${mail.HTML}`)) found.set(token, 'a mailed token')
  }
  found.delete(run.publishableKey)
  return found
}

/** Tokens in a mail's links: query values named like tokens, and an invitation's path. */
export function mailTokens(text: string): string[] {
  const tokens = new Set<string>()
  for (const match of text.matchAll(/[?&](?:amp;)?(?:token|token_hash|code)=([\w.-]{16,})/g)) {
    tokens.add(match[1]!)
  }
  for (const match of text.matchAll(/\/invite\/([\w-]{16,})/g)) tokens.add(match[1]!)
  return [...tokens]
}

/** Each kind of secret found in the log, with the number of lines it is on and the first such
 * line with the secret masked. */
export function secretsInLog(log: string, secrets: Map<string, string>): string[] {
  const found = new Map<string, { lines: number; example: string }>()
  for (const line of log.split('\n')) {
    const kinds = new Map<string, string>()
    for (const [value, kind] of secrets) {
      if (line.includes(value)) kinds.set(kind, line.replaceAll(value, '«secret»'))
    }
    for (const [kind, shape] of SHAPES) {
      if (shape.test(line)) kinds.set(kind, line.replace(new RegExp(shape, 'g'), '«secret»'))
    }
    for (const [kind, masked] of kinds) {
      const entry = found.get(kind) ?? { lines: 0, example: masked.slice(0, 300) }
      entry.lines += 1
      found.set(kind, entry)
    }
  }
  return [...found].map(
    ([kind, { lines, example }]) => `${kind} on ${lines} line(s), first: ${example}`
  )
}
