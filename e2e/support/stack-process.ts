// Runs the local stack as a child process, as a developer would (npm run backend -- start), on
// free ports with a temporary project copy whose site_url is the app's address, so the links in
// confirmation and reset emails lead back to this app.
import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startStaticHost } from './static-host.ts'
import { collectLines } from './child-output.ts'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * The built app the stacks serve: this run's own build (E2E_APP_DIST, set by global-setup.ts),
 * never app/dist, which the developers sharing this checkout rebuild (emptying it first) while a
 * run serves it: pages then got 404 Not Found or a chunk of another build.
 */
export function appDist(): string {
  const dist = process.env.E2E_APP_DIST
  if (!dist) throw new Error('E2E_APP_DIST is not set: run through playwright.config.ts')
  return dist
}

export interface RunningStack {
  appUrl: string
  apiUrl: string
  /** The mail inbox (Mailpit's API), on a port of its own. */
  inboxUrl: string
  anonKey: string
  serviceRoleKey: string
  dbUrl: string
  stop(): Promise<void>
}

/**
 * A port free on 127.0.0.1 now, from below 32768 (as backend/src/http/ports.ts picks them): Linux
 * gives outgoing connections their local ports from 32768-60999, so a free port from there can
 * be a connection's before its server listens.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768)
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
        server.close(() => resolve(true))
      )
    })
    if (free) return port
  }
  throw new Error('no free port on 127.0.0.1 from 20000 to 32767')
}

/**
 * Where the app and its backend run: `local`, as `npm start` runs them (the app beside the API,
 * served by the stack); `hosted`, as a team deployed to hosted Supabase has them (the built app on
 * a plain static host on another origin, only the publishable key in its config.json, strict API
 * keys, Auth's mail leaving through SMTP; migrations as the non-superuser `postgres`, private
 * channels only and the email job's URL in Vault are how the stack always runs Chorus).
 */
export type Arrangement = 'local' | 'hosted'

/**
 * The whole suite signs up, confirms and invites far more people than a real team would within
 * GoTrue's windows (30 emails an hour): the limits themselves are tested in backend/test/auth.
 * Every arrangement's config.toml gets these (production's too: a team's own setting).
 */
export function suiteRateLimits(toml: string): string {
  return toml
    .replace(/^email_sent\s*=.*$/m, 'email_sent = 10000')
    .replace(/^sign_in_sign_ups\s*=.*$/m, 'sign_in_sign_ups = 10000')
    .replace(/^token_verifications\s*=.*$/m, 'token_verifications = 10000')
}

/** A throwaway project folder: the real migrations and seed, config.toml pointed at the app (and
 * the functions' mail at the inbox's SMTP port of this stack). */
async function projectCopy(
  appUrl: string,
  smtpPort: number,
  arrangement: Arrangement,
  configure: (toml: string) => string = (toml) => toml
): Promise<string> {
  // A private folder: as root the stack keeps the cluster where the postgres user can reach it.
  const workdir = await mkdtemp(path.join(tmpdir(), 'chorus-e2e-'))
  const supabase = path.join(workdir, 'supabase')
  await mkdir(supabase, { recursive: true })
  const config = await readFile(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')
  const patched = suiteRateLimits(config)
    .replace(/^site_url\s*=.*$/m, `site_url = "${appUrl}"`)
    .replace(/^additional_redirect_urls\s*=.*$/m, `additional_redirect_urls = ["${appUrl}/**"]`)
    // Security keys: the same app at localhost (browsers refuse an IP address as relying party).
    .replace(/^rp_origins\s*=.*$/m, `rp_origins = ["${appUrl.replace('127.0.0.1', 'localhost')}"]`)
    // [edge_runtime.secrets]: notification emails link to this app, through this inbox.
    .replace(/^APP_URL\s*=.*$/m, `APP_URL = "${appUrl}"`)
    .replace(/^SMTP_PORT\s*=.*$/m, `SMTP_PORT = "${smtpPort}"`)
  // Hosted: Auth's mail goes out through an SMTP server ([auth.email.smtp]), here the inbox's.
  const smtp = [
    '',
    '[auth.email.smtp]',
    'enabled = true',
    'host = "127.0.0.1"',
    `port = ${smtpPort}`,
    'user = "chorus"',
    'pass = "any"',
    'admin_email = "no-reply@chorus.test"',
    'sender_name = "Chorus"',
    '',
  ].join('\n')
  await writeFile(
    path.join(supabase, 'config.toml'),
    configure(arrangement === 'hosted' ? patched + smtp : patched)
  )
  await symlink(path.join(ROOT, 'supabase', 'migrations'), path.join(supabase, 'migrations'))
  // The workspaces-invite function and the invitation's mail template;
  // chorus.toml: the stack's own keys (private channels only, the current password to change it).
  for (const folder of ['functions', 'templates', 'chorus.toml'])
    await symlink(path.join(ROOT, 'supabase', folder), path.join(supabase, folder))
  await cp(path.join(ROOT, 'supabase', 'seed.sql'), path.join(supabase, 'seed.sql'))
  return workdir
}

export async function startStack(
  options: {
    log?: (line: string) => void
    arrangement?: Arrangement
    /** Changes of this stack's config.toml (a spec's own stack, e.g. a short jwt_expiry). */
    configure?: (toml: string) => string
  } = {}
): Promise<RunningStack> {
  const arrangement = options.arrangement ?? 'local'
  const appPort = await freePort()
  const appUrl = `http://127.0.0.1:${appPort}`
  const smtpPort = await freePort()
  const workdir = await projectCopy(appUrl, smtpPort, arrangement, options.configure)
  const dataDir = path.join(workdir, 'data')
  const args = [
    '--import',
    'tsx',
    path.join(ROOT, 'backend/src/cli/main.ts'),
    'start',
    '--workdir',
    workdir,
    '--data-dir',
    dataDir,
    '--api-port',
    '0',
    '--db-port',
    '0',
    '--inbox-port',
    '0',
    '--inbox-smtp-port',
    String(smtpPort),
    ...(arrangement === 'hosted'
      ? ['--strict-keys']
      : ['--app-dist', appDist(), '--app-port', String(appPort)]),
  ]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Realtime's tenant-wide message rate (100 a second, as the CLI's) would couple the
      // scenarios that share this stack: the search scenario's 3,000 inserts are broadcast on
      // their channel's topic and closed the next scenario's channels for a minute. The limit
      // itself is tested in backend/test/realtime/limits.test.ts.
      TENANT_MAX_EVENTS_PER_SECOND: process.env.TENANT_MAX_EVENTS_PER_SECOND ?? '100000',
      // The outbound guard lets the Edge Functions reach the specs' own local servers (a slash
      // command's app, a linked page): only on this local `start` stack (safe-fetch.ts).
      CHORUS_OUTBOUND_ALLOW_LOOPBACK: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = collectLines(child, options.log)

  let host: Server | null = null
  const stopAll = async () => {
    if (host) await new Promise((resolve) => host!.close(resolve))
    await stop(child, workdir)
  }
  try {
    await waitForStart(
      child,
      output,
      arrangement === 'hosted' ? 'Started supabase local development setup' : 'Open Chorus at'
    )
    const status = await runStatus(workdir, dataDir)
    const apiUrl = required(status, 'API_URL')
    if (arrangement === 'hosted') {
      // The build as a static host has it, with the config.json `npm run deploy` writes.
      const site = path.join(workdir, 'site')
      await cp(appDist(), site, { recursive: true })
      const config = { supabaseUrl: apiUrl, supabaseKey: required(status, 'PUBLISHABLE_KEY') }
      await writeFile(path.join(site, 'config.json'), `${JSON.stringify(config, null, 2)}\n`)
      // And the deploy's _headers, as it writes them: the build's security headers naming this API.
      const headers = ['--import', 'tsx', 'scripts/deploy/site-headers.ts', site, apiUrl]
      execFileSync(process.execPath, headers, { cwd: ROOT, stdio: 'inherit' })
      host = await startStaticHost(site, appPort)
    }
    return {
      appUrl,
      apiUrl,
      inboxUrl: required(status, 'MAILPIT_URL'),
      anonKey: required(status, 'ANON_KEY'),
      serviceRoleKey: required(status, 'SERVICE_ROLE_KEY'),
      dbUrl: required(status, 'DB_URL'),
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw new Error(
      `${(error as Error).message}\n--- stack output ---\n${output.slice(-60).join('\n')}`,
      { cause: error }
    )
  }
}

function waitForStart(child: ChildProcess, output: string[], ready: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (output.some((line) => line.includes(ready))) {
        cleanup()
        resolve()
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`the stack exited (code ${code}) before it was ready`))
    }
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error('the stack did not start within 120 s'))
    }, 120_000)
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout!.off('data', check)
      child.off('exit', onExit)
    }
    child.stdout!.on('data', check)
    child.once('exit', onExit)
    check()
  })
}

async function runStatus(workdir: string, dataDir: string): Promise<Record<string, string>> {
  const { code, stdout } = await runCli([
    'status',
    '--workdir',
    workdir,
    '--data-dir',
    dataDir,
    '-o',
    'json',
  ])
  if (code !== 0) throw new Error(`status exited with ${code}`)
  return JSON.parse(stdout) as Record<string, string>
}

async function runCli(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'backend/src/cli/main.ts'), ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stdout }
}

async function stop(child: ChildProcess, workdir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    await exited
    clearTimeout(timer)
  }
  // The cluster may live outside the folder (as root): stop --no-backup deletes it wherever it is.
  await runCli([
    'stop',
    '--no-backup',
    '--workdir',
    workdir,
    '--data-dir',
    path.join(workdir, 'data'),
  ])
  await rm(workdir, { recursive: true, force: true })
}

function required(status: Record<string, string>, key: string): string {
  const value = status[key]
  if (!value) throw new Error(`status -o json printed no ${key}`)
  return value
}
