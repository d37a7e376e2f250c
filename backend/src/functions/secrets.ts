// The secrets Edge Functions see locally, from where the Supabase CLI takes them for `supabase
// start` and `functions serve`: [edge_runtime.secrets] of config.toml (a value may be env(NAME),
// read from the environment), then supabase/functions/.env, whose values win. Names starting with
// SUPABASE_ are the runtime's own and are skipped with a warning, as the CLI does. An env(NAME)
// the environment does not set may name one of the stack's own values (stackEnvironment): so
// `SMTP_PORT = "env(INBUCKET_SMTP_PORT)"` follows the inbox's SMTP port whatever it is.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import type { Logger } from '../logger.ts'

/** The stack's own values an env(NAME) of [edge_runtime.secrets] may name. */
export function stackEnvironment(inboxSmtpPort: number | null): Record<string, string> {
  return inboxSmtpPort === null ? {} : { INBUCKET_SMTP_PORT: String(inboxSmtpPort) }
}

const ENV_REF = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/

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

/** The secrets for every function: config.toml's [edge_runtime.secrets], then functions/.env. */
export function readFunctionSecrets(
  supabaseDir: string,
  configDoc: Record<string, unknown>,
  log: Logger,
  stackEnv: Record<string, string> = {}
): Map<string, string> {
  const secrets = new Map<string, string>()
  const envFile = path.join(supabaseDir, 'functions', '.env')
  for (const [name, value] of [...fromConfig(configDoc, stackEnv), ...fromEnvFile(envFile, log)]) {
    if (name.startsWith('SUPABASE_')) {
      log.warn(`Env name cannot start with SUPABASE_, skipping: ${name}`)
      continue
    }
    secrets.set(name, value)
  }
  return secrets
}
