// What `npm run deploy` needs, from its flags and the environment, checked all at once: every
// missing or bad input is named in one message (exit 2), never a stack trace.
import path from 'node:path'

export const STEPS = [
  'link',
  'migrations',
  'config',
  'functions',
  'secrets',
  'vault',
  'app',
] as const
export type StepName = (typeof STEPS)[number]

export interface DeployInputs {
  projectRef: string
  siteUrl: string
  publishableKey: string
  smtp: { host: string; port: string; user: string; pass: string; from: string }
  accessToken: string
  dbPassword: string
  /** Web Push's VAPID pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY; environment only), or null. */
  vapid: { publicKey: string; privateKey: string } | null
  dryRun: boolean
  skipBuild: boolean
  from: StepName
  /** The project folder the CLI works in (generated from supabase/). */
  deployDir: string
  appDist: string
}

export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'))
  }
}

/** Flags that take a value, with the environment variable that can stand in for each. */
const VALUE_FLAGS: Record<string, string | null> = {
  'project-ref': 'SUPABASE_PROJECT_REF',
  'site-url': 'CHORUS_SITE_URL',
  'publishable-key': 'SUPABASE_PUBLISHABLE_KEY',
  'smtp-host': 'SMTP_HOST',
  'smtp-port': 'SMTP_PORT',
  'smtp-user': 'SMTP_USER',
  'smtp-from': 'SMTP_FROM',
  from: null,
  'deploy-dir': 'CHORUS_DEPLOY_DIR',
  'app-dist': null,
}
const BOOLEAN_FLAGS = new Set(['dry-run', 'skip-build'])

export interface ParsedFlags {
  values: Map<string, string>
  booleans: Set<string>
}

export function parseFlags(
  argv: string[],
  known = VALUE_FLAGS,
  booleans = BOOLEAN_FLAGS
): ParsedFlags {
  const values = new Map<string, string>()
  const set = new Set<string>()
  const problems: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg)
    if (!match) {
      problems.push(`Unexpected argument ${JSON.stringify(arg)}.`)
      continue
    }
    const [, name = '', inline] = match
    if (booleans.has(name) && inline === undefined) set.add(name)
    else if (name in known) {
      const value = inline ?? argv[++i]
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        problems.push(`--${name} needs a value.`)
        if (value !== undefined) i--
      } else values.set(name, value)
    } else problems.push(`Unknown option --${name}.`)
  }
  if (problems.length > 0) throw new InputError(problems)
  return { values, booleans: set }
}

/** A flag's value, else its environment variable's, else ''. */
function pick(flags: ParsedFlags, env: NodeJS.ProcessEnv, name: string): string {
  const variable = VALUE_FLAGS[name]
  return (flags.values.get(name) ?? (variable ? env[variable] : undefined) ?? '').trim()
}

function keyProblem(key: string): string | null {
  if (key.startsWith('sb_secret_')) {
    return 'The publishable key is a secret key (sb_secret_…): the app needs the publishable one (sb_publishable_…) or the anon key.'
  }
  if (key.startsWith('sb_publishable_')) return null
  const parts = key.split('.')
  if (parts.length === 3) {
    try {
      const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as {
        role?: unknown
      }
      if (claims.role === 'anon') return null
      return `The publishable key is a JWT with role ${JSON.stringify(claims.role)}: the app needs the anon key (role "anon") or a publishable key (sb_publishable_…).`
    } catch {
      // falls through to the general message
    }
  }
  return 'The publishable key is neither a publishable key (sb_publishable_…) nor an anon key (a JWT with role "anon"): copy it from the project\'s API Keys settings.'
}

/**
 * The VAPID pair for Web Push, both or neither: base64url, as `npx web-push generate-vapid-keys`
 * prints them (a 65-byte P-256 point, a 32-byte scalar). Neither: the project keeps the pair its
 * function secrets have (a first deploy without one leaves push off).
 */
function vapidOf(env: NodeJS.ProcessEnv, problems: string[]): DeployInputs['vapid'] {
  const publicKey = (env.VAPID_PUBLIC_KEY ?? '').trim()
  const privateKey = (env.VAPID_PRIVATE_KEY ?? '').trim()
  if (publicKey === '' && privateKey === '') return null
  const bytes = (value: string) =>
    /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0)
  const point = bytes(publicKey)
  if (point.length !== 65 || point[0] !== 4 || bytes(privateKey).length !== 32) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a VAPID key pair in base64url (both; `npx web-push generate-vapid-keys` makes one).'
    )
    return null
  }
  return { publicKey, privateKey }
}

export function readInputs(argv: string[], env: NodeJS.ProcessEnv, root: string): DeployInputs {
  const flags = parseFlags(argv)
  const missing: string[] = []
  const problems: string[] = []
  const need = (label: string, value: string) => {
    if (value === '') missing.push(label)
    return value
  }
  const flagOrEnv = (name: string) => `--${name} or ${VALUE_FLAGS[name]}`

  const projectRef = need(
    `${flagOrEnv('project-ref')} (the project's reference id, 20 letters)`,
    pick(flags, env, 'project-ref')
  )
  const siteUrl = need(
    `${flagOrEnv('site-url')} (where the team opens Chorus, e.g. https://chat.example.com)`,
    pick(flags, env, 'site-url')
  )
  const publishableKey = need(
    `${flagOrEnv('publishable-key')} (the project's publishable or anon key)`,
    pick(flags, env, 'publishable-key')
  )
  const smtp = {
    host: need(flagOrEnv('smtp-host'), pick(flags, env, 'smtp-host')),
    port: need(flagOrEnv('smtp-port'), pick(flags, env, 'smtp-port')),
    user: need(flagOrEnv('smtp-user'), pick(flags, env, 'smtp-user')),
    pass: need('SMTP_PASS (environment only)', (env.SMTP_PASS ?? '').trim()),
    from: need(
      `${flagOrEnv('smtp-from')} (e.g. "Chorus <chorus@example.com>")`,
      pick(flags, env, 'smtp-from')
    ),
  }
  const accessToken = need(
    "SUPABASE_ACCESS_TOKEN (environment only; a personal access token from the dashboard's Account, Access Tokens)",
    (env.SUPABASE_ACCESS_TOKEN ?? '').trim()
  )
  const dbPassword = need(
    'SUPABASE_DB_PASSWORD (environment only; the database password chosen when the project was made)',
    env.SUPABASE_DB_PASSWORD ?? ''
  )

  if (projectRef !== '' && !/^[a-z]{20}$/.test(projectRef)) {
    problems.push(
      `--project-ref ${JSON.stringify(projectRef)} is not a project reference (20 lowercase letters, as in https://<ref>.supabase.co).`
    )
  }
  let site = siteUrl
  if (siteUrl !== '') {
    const parsed = URL.canParse(siteUrl) ? new URL(siteUrl) : null
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
      problems.push(
        `The site URL ${JSON.stringify(siteUrl)} is not an http(s) address without query or fragment.`
      )
    } else site = parsed.href.replace(/\/+$/, '')
  }
  if (publishableKey !== '') {
    const problem = keyProblem(publishableKey)
    if (problem) problems.push(problem)
  }
  if (smtp.port !== '' && !(/^\d+$/.test(smtp.port) && +smtp.port > 0 && +smtp.port < 65536)) {
    problems.push(`SMTP_PORT ${JSON.stringify(smtp.port)} is not a port number (1-65535).`)
  }
  if (smtp.from !== '' && !/@/.test(smtp.from)) {
    problems.push(
      `SMTP_FROM ${JSON.stringify(smtp.from)} has no email address (e.g. "Chorus <chorus@example.com>").`
    )
  }
  const vapid = vapidOf(env, problems)
  const from = flags.values.get('from') ?? 'link'
  if (!(STEPS as readonly string[]).includes(from)) {
    problems.push(
      `--from ${JSON.stringify(from)} is not a step; the steps are ${STEPS.join(', ')}.`
    )
  }

  const all = [...missing.map((m) => `missing ${m}`), ...problems]
  if (all.length > 0) throw new InputError(all)

  const deployDir = pick(flags, env, 'deploy-dir')
  return {
    projectRef,
    siteUrl: site,
    publishableKey,
    smtp,
    accessToken,
    dbPassword,
    vapid,
    dryRun: flags.booleans.has('dry-run'),
    skipBuild: flags.booleans.has('skip-build'),
    from: from as StepName,
    deployDir: path.resolve(root, deployDir || path.join('.deploy', projectRef)),
    appDist: path.resolve(root, flags.values.get('app-dist') ?? path.join('app', 'dist')),
  }
}
