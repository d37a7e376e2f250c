// What `status` prints: the URLs and keys of a running stack, in the Supabase CLI's names.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadProjectConfig } from '../config/project-config.ts'
import { JwtKeys } from '../jwt/jwt-keys.ts'
import { loadServeSecrets } from '../serve/secrets.ts'
import { serveFacts, settingsFacts } from './serve-status.ts'
import type { StackState } from '../stack.ts'

export type OutputFormat = 'pretty' | 'json' | 'env'

/** Ordered as `supabase status -o env` prints them. */
export interface StackDescription {
  API_URL: string
  REST_URL: string
  FUNCTIONS_URL: string
  DB_URL: string
  /** The mail inbox, on its own port; both absent when [inbucket] is disabled. */
  INBUCKET_URL?: string
  MAILPIT_URL?: string
  APP_URL?: string
  PUBLISHABLE_KEY: string
  SECRET_KEY: string
  JWT_SECRET: string
  ANON_KEY: string
  SERVICE_ROLE_KEY: string
  /** serve only (serve-status.ts). */
  PUBLIC_URL?: string
  UPTIME?: string
  DISK_USE?: string
  LAST_BACKUP?: string
  /** serve only: what its settings file says (serve-status.ts). */
  SETTINGS_FILE?: string
  SMTP_SERVER?: string
  BACKUPS?: string
  SIGNUP?: string
}

/** `status`: the running stack's URLs and keys (and a serve stack's facts) in `format`. */
export async function statusCommand(args: {
  workdir: string
  dataDir: string
  format: OutputFormat
  config: string | undefined
}): Promise<number> {
  if (!['pretty', 'json', 'env'].includes(args.format)) {
    process.stderr.write(`Unknown output format ${args.format}: use pretty, json or env\n`)
    return 1
  }
  const state = await readRunningState(args.dataDir)
  if (!state) {
    process.stderr.write(
      `No local stack is running for ${args.workdir}. Start one with: npm run backend -- start\n`
    )
    return 1
  }
  const description = await describeStack(args.workdir, state, args.dataDir, args.config)
  process.stdout.write(renderStatus(description, args.format))
  return 0
}

/** The state file of a stack whose process is still alive, else null. */
export async function readRunningState(dataDir: string): Promise<StackState | null> {
  let state: StackState
  try {
    state = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as StackState
  } catch {
    return null
  }
  try {
    process.kill(state.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null
  }
  return state
}

export async function describeStack(
  workdir: string,
  state: StackState,
  dataDir: string,
  /** --config: serve's settings file when not DATA_DIR/chorus.env. */
  settingsFile?: string
): Promise<StackDescription> {
  const config = await loadProjectConfig(workdir)
  // A serve-mode stack signs with the keys it generated in its data folder.
  const keys =
    state.mode === 'serve'
      ? (await loadServeSecrets(dataDir)).keys
      : await JwtKeys.create(config.auth.jwtSecret, config.auth.signingKeysPath)
  const api = state.apiUrl
  const description: StackDescription = {
    API_URL: api,
    REST_URL: `${api}/rest/v1`,
    FUNCTIONS_URL: `${api}/functions/v1`,
    DB_URL: state.dbUrl,
    ...(state.inboxUrl ? { INBUCKET_URL: state.inboxUrl, MAILPIT_URL: state.inboxUrl } : {}),
    PUBLISHABLE_KEY: keys.publishableKey,
    SECRET_KEY: keys.secretKey,
    JWT_SECRET: keys.jwtSecret,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
  }
  if (state.appUrl) description.APP_URL = state.appUrl
  if (state.mode === 'serve') {
    Object.assign(description, { PUBLIC_URL: state.publicUrl ?? api })
    Object.assign(description, await serveFacts(dataDir, state.startedAt))
    // The file serve read (stack.json names it), unless --config names another.
    Object.assign(description, await settingsFacts(dataDir, settingsFile ?? state.settingsFile))
  }
  return description
}

const labels: Record<keyof StackDescription, string> = {
  APP_URL: 'App URL',
  API_URL: 'API URL',
  REST_URL: 'REST URL',
  FUNCTIONS_URL: 'Functions URL',
  DB_URL: 'DB URL',
  INBUCKET_URL: 'Inbucket URL',
  MAILPIT_URL: 'Mailpit URL',
  PUBLISHABLE_KEY: 'Publishable key',
  SECRET_KEY: 'Secret key',
  JWT_SECRET: 'JWT secret',
  ANON_KEY: 'anon key',
  SERVICE_ROLE_KEY: 'service_role key',
  PUBLIC_URL: 'Public URL',
  UPTIME: 'Uptime',
  DISK_USE: 'Disk use',
  LAST_BACKUP: 'Last backup',
  SETTINGS_FILE: 'Settings file',
  SMTP_SERVER: 'SMTP server',
  BACKUPS: 'Scheduled backups',
  SIGNUP: 'Sign-up',
}

export function renderStatus(description: StackDescription, format: OutputFormat): string {
  const entries = Object.entries(description) as [keyof StackDescription, string][]
  switch (format) {
    case 'json':
      return `${JSON.stringify(description, null, 2)}\n`
    case 'env':
      return entries.map(([key, value]) => `${key}="${value}"\n`).join('')
    case 'pretty': {
      // The CLI shows the inbox as Mailpit; INBUCKET_URL is its deprecated name.
      const shown = entries.filter(([key]) => key !== 'INBUCKET_URL')
      const width = Math.max(...shown.map(([key]) => labels[key].length))
      return shown.map(([key, value]) => `${labels[key].padStart(width)}: ${value}\n`).join('')
    }
  }
}
