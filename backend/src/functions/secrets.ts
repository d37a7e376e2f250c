// The secrets Edge Functions see locally, from where the Supabase CLI takes them for `supabase
// start` and `functions serve`: [edge_runtime.secrets] of config.toml (a value may be env(NAME),
// read from the environment), then supabase/functions/.env, whose values win. Names starting with
// SUPABASE_ are the runtime's own and are skipped with a warning, as the CLI does. Under `serve`
// the functions' mail goes where Auth's goes: SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS and
// SMTP_FROM come from [auth.email.smtp] and APP_URL is the public URL, unless config.toml or
// functions/.env say otherwise; config.toml's development values (SMTP to the local inbox, an
// APP_URL on this machine) are left out there: SMTP settings on this machine whose port is the
// inbox's, or env(INBUCKET_SMTP_PORT), which serve (no inbox) leaves empty. What serve ends with
// must be a mail server: an SMTP_PORT that is not a port number is refused at start.
// An env(NAME)
// the environment does not set may name one of the stack's own values (stackEnvironment): so
// `SMTP_PORT = "env(INBUCKET_SMTP_PORT)"` follows the inbox's SMTP port whatever it is.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import type { ProjectConfig } from '../config/project-config.ts'
import type { Logger } from '../logger.ts'
import { ServeError } from '../serve/secrets.ts'

/** The stack's own values an env(NAME) of [edge_runtime.secrets] may name. */
export function stackEnvironment(inboxSmtpPort: number | null): Record<string, string> {
  return inboxSmtpPort === null ? {} : { INBUCKET_SMTP_PORT: String(inboxSmtpPort) }
}

const ENV_REF = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/
/** The env() naming the local inbox's SMTP port: a development value wherever it appears. */
const INBOX_PORT_REF = 'INBUCKET_SMTP_PORT'

/** The names of [edge_runtime.secrets] whose value is env(INBUCKET_SMTP_PORT). */
function inboxPortNames(doc: Record<string, unknown>): Set<string> {
  const secrets = (doc.edge_runtime as { secrets?: unknown } | undefined)?.secrets
  if (typeof secrets !== 'object' || secrets === null) return new Set()
  return new Set(
    Object.entries(secrets as Record<string, unknown>)
      .filter(
        ([, raw]) => typeof raw === 'string' && ENV_REF.exec(raw.trim())?.[1] === INBOX_PORT_REF
      )
      .map(([name]) => name)
  )
}

function fromConfig(
  doc: Record<string, unknown>,
  stackEnv: Record<string, string>
): [string, string][] {
  const runtime = doc.edge_runtime as { secrets?: unknown } | undefined
  const secrets = runtime?.secrets
  if (typeof secrets !== 'object' || secrets === null || Array.isArray(secrets)) return []
  return Object.entries(secrets as Record<string, unknown>).flatMap(([name, raw]) => {
    if (typeof raw !== 'string') return []
    const ref = ENV_REF.exec(raw.trim())
    const variable = ref?.[1] ?? ''
    return [[name, ref ? (process.env[variable] ?? stackEnv[variable] ?? '') : raw]]
  })
}

function fromEnvFile(file: string, log: Logger): [string, string][] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    log.warn(`functions: ${file} could not be read: ${(error as Error).message}`)
    return []
  }
  return Object.entries(parseEnv(text)).map(([name, value]) => [name, value ?? ''])
}

const SMTP_NAMES = new Set(['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_FROM'])
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

/** What `serve` gives every function unless told otherwise. */
export interface ProductionSecrets {
  defaults: [string, string][]
  /** The local inbox's SMTP port: config.toml's SMTP secrets naming it are development values. */
  inboxSmtpPort: number
}

/** `serve`'s defaults: its SMTP server ([auth.email.smtp]) and the public URL. */
export function productionSecrets(config: ProjectConfig, publicUrl: string): ProductionSecrets {
  const smtp = config.auth.email.smtp
  const defaults: [string, string][] = [['APP_URL', publicUrl]]
  if (smtp) {
    defaults.push(['SMTP_HOST', smtp.host], ['SMTP_PORT', String(smtp.port)])
    if (smtp.user !== '') defaults.push(['SMTP_USER', smtp.user], ['SMTP_PASS', smtp.pass])
    defaults.push(['SMTP_FROM', `${smtp.senderName} <${smtp.adminEmail}>`])
  }
  return { defaults, inboxSmtpPort: config.inbucket.smtpPort }
}

function isLocalUrl(value: string): boolean {
  try {
    return LOOPBACK.has(new URL(value).hostname)
  } catch {
    return false
  }
}

/** config.toml's secrets without its development values (see ProductionSecrets). */
function forProduction(
  secrets: [string, string][],
  production: ProductionSecrets,
  inboxRefs: Set<string>,
  log: Logger
): [string, string][] {
  const named = new Map(secrets)
  const port = named.get('SMTP_PORT')
  const toInbox =
    LOOPBACK.has(named.get('SMTP_HOST') ?? '') &&
    (port === String(production.inboxSmtpPort) || port === '' || inboxRefs.has('SMTP_PORT'))
  const kept = secrets.filter(
    ([name, value]) =>
      !(toInbox && SMTP_NAMES.has(name)) && !(name === 'APP_URL' && isLocalUrl(value))
  )
  if (kept.length < secrets.length) {
    const left = secrets.filter((entry) => !kept.includes(entry)).map(([name]) => name)
    log.info(
      `functions: [edge_runtime.secrets] ${left.join(', ')} are development values (the local ` +
        `inbox, this machine); serve gives the functions [auth.email.smtp] and the public URL`
    )
  }
  return kept
}

/**
 * The secrets for every function: `serve`'s defaults, config.toml's [edge_runtime.secrets],
 * functions/.env, then the server's own values from its settings file (`server`: serve's
 * CHORUS_OUTBOUND_ALLOW), each winning over the one before.
 */
export function readFunctionSecrets(
  supabaseDir: string,
  configDoc: Record<string, unknown>,
  log: Logger,
  production?: ProductionSecrets,
  stackEnv: Record<string, string> = {},
  server: [string, string][] = []
): Map<string, string> {
  const secrets = new Map<string, string>()
  const envFile = path.join(supabaseDir, 'functions', '.env')
  const configured = fromConfig(configDoc, stackEnv)
  for (const [name, value] of [
    ...(production?.defaults ?? []),
    ...(production
      ? forProduction(configured, production, inboxPortNames(configDoc), log)
      : configured),
    ...fromEnvFile(envFile, log),
    ...server,
  ]) {
    if (name.startsWith('SUPABASE_')) {
      log.warn(`Env name cannot start with SUPABASE_, skipping: ${name}`)
      continue
    }
    secrets.set(name, value)
  }
  if (production) checkProductionMail(secrets)
  return secrets
}

/** serve's functions mail through SMTP_HOST:SMTP_PORT: a ServeError when that is no server. */
function checkProductionMail(secrets: Map<string, string>): void {
  const host = secrets.get('SMTP_HOST')
  const port = secrets.get('SMTP_PORT')
  const where =
    '([edge_runtime.secrets] in supabase/config.toml or supabase/functions/.env; without it the ' +
    'functions use [auth.email.smtp])'
  if (host !== undefined && host.trim() === '') {
    throw new ServeError(`The Edge Functions' SMTP_HOST is empty ${where}: give the mail server`)
  }
  if (port !== undefined && !/^\d+$/.test(port.trim())) {
    throw new ServeError(
      `The Edge Functions' SMTP_PORT is "${port}", not a port number ${where}: give the mail ` +
        `server's port (587, 465 or 25)`
    )
  }
  const number = Number(port)
  if (port !== undefined && (number < 1 || number > 65535)) {
    throw new ServeError(`The Edge Functions' SMTP_PORT ${port} is not a port number ${where}`)
  }
}
