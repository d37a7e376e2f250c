// `serve` (production mode) as a child process of the CLI, as `npm run serve` runs it: a temporary
// copy of supabase/, the app the global setup built, its own data folder with the server's
// settings file (chorus.env: the public URL people open, and Auth's mail going to an SMTP server
// of the suite's own) and its generated secrets (serve-secrets.json, read from there), and its
// database on a free port. The production
// arrangement's shared stack (global-setup.ts), a spec's own (ownStack in stack-process.ts) and
// the proxy spec's behind Caddy.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appDist, ROOT } from './stack-process.ts'
import { collectLines } from './child-output.ts'

export interface ServeProcess {
  /** The port serve listens on (127.0.0.1). */
  port: number
  /** The database's URL, from `status -o json` (for checking what Auth stored). */
  dbUrl: string
  /** Its project folder (a copy of supabase/) and data folder, for the CLI's other commands. */
  workdir: string
  dataDir: string
  /** The keys serve generated, as it wrote them into its data folder (serve-secrets.json). */
  publishableKey: string
  secretKey: string
  output: string[]
  stop(): Promise<void>
}

export interface ServeSmtp {
  port: number
  user?: string
  pass?: string
}

/** supabase/ of the repository (config.toml as `configure` changes it). */
async function projectCopy(configure: (toml: string) => string): Promise<string> {
  // A private folder: as root the stack keeps the cluster where the postgres user can reach it.
  const workdir = await mkdtemp(path.join(tmpdir(), 'chorus-serve-'))
  const supabase = path.join(workdir, 'supabase')
  await mkdir(supabase)
  const config = await readFile(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')
  await writeFile(path.join(supabase, 'config.toml'), configure(config))
  // chorus.toml: the stack's own keys (private channels only, the current password to change it).
  for (const folder of ['migrations', 'functions', 'templates', 'chorus.toml'])
    await symlink(path.join(ROOT, 'supabase', folder), path.join(supabase, folder))
  return workdir
}

/**
 * The server's settings file, as docs/own-server.md (Running Chorus on your own server) has a team
 * write it: the data folder's chorus.env, mode 0600, with the public URL and the SMTP server
 * (password included).
 */
async function writeSettings(dataDir: string, publicUrl: string, smtp: ServeSmtp): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const file = path.join(dataDir, 'chorus.env')
  await rm(file, { force: true })
  const lines = [
    `CHORUS_PUBLIC_URL=${publicUrl}`,
    'SMTP_HOST=127.0.0.1',
    `SMTP_PORT=${smtp.port}`,
    `SMTP_USER=${smtp.user ?? 'chorus'}`,
    `SMTP_PASS="${smtp.pass ?? 'smtp-password'}"`,
    'SMTP_ADMIN_EMAIL=no-reply@chat.test',
    'SMTP_SENDER_NAME=Chorus',
  ]
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 })
}

export async function startServe(options: {
  smtpPort: number
  /** The SMTP server's login (default chorus / smtp-password, which smtp.ts takes). */
  smtpUser?: string
  smtpPass?: string
  publicUrl: string
  /** The port to listen on (default: any free one, for a public URL that is a proxy's). */
  port?: number
  /** Changes of this stack's config.toml (rate limits, a short jwt_expiry). */
  configure?: (toml: string) => string
  /** Added to serve's environment. */
  env?: Record<string, string>
  /** A data folder to serve (e.g. one `restore` filled; default: a new one in the project copy). */
  dataDir?: string
  log?: (line: string) => void
}): Promise<ServeProcess> {
  const dist = appDist()
  const workdir = await projectCopy(options.configure ?? ((toml) => toml))
  const dataDir = options.dataDir ?? path.join(workdir, 'data')
  // A restored folder brings its own settings back: they name the old mail server, so anew.
  await writeSettings(dataDir, options.publicUrl, {
    port: options.smtpPort,
    user: options.smtpUser,
    pass: options.smtpPass,
  })
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'backend/src/cli/main.ts'),
      'serve',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '--app-dist',
      dist,
      '--port',
      String(options.port ?? 0),
      '--db-port',
      '0',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  const output = collectLines(child, options.log)
  const stop = () => stopServe(child, workdir, dataDir)
  try {
    const port = await listeningPort(child, output)
    const status = JSON.parse(
      await cli(['status', '--workdir', workdir, '--data-dir', dataDir, '-o', 'json'])
    ) as { DB_URL?: string }
    if (!status.DB_URL) throw new Error('status -o json printed no DB_URL')
    // The keys serve generated on its first start, where it keeps them.
    const secrets = JSON.parse(
      await readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8')
    ) as {
      publishable_key?: string
      secret_key?: string
    }
    if (!secrets.publishable_key || !secrets.secret_key) {
      throw new Error('serve-secrets.json holds no publishable_key and secret_key')
    }
    return {
      port,
      workdir,
      dataDir,
      dbUrl: status.DB_URL,
      publishableKey: secrets.publishable_key,
      secretKey: secrets.secret_key,
      output,
      stop,
    }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- serve output ---\n${output.join('\n')}`, {
      cause: error,
    })
  }
}

/** Waits for serve's "Chorus is serving ... (listening on 127.0.0.1:<port>; ..." line. */
function listeningPort(child: ChildProcess, output: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      for (const line of output) {
        const port = /listening on 127\.0\.0\.1:(\d+)/.exec(line)?.[1]
        if (port) {
          cleanup()
          resolve(Number(port))
          return
        }
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`serve exited (code ${code}) before it was ready`))
    }
    const cleanup = () => {
      child.stdout!.off('data', check)
      child.off('exit', onExit)
    }
    child.stdout!.on('data', check)
    child.once('exit', onExit)
    check()
  })
}

async function stopServe(child: ChildProcess, workdir: string, dataDir: string): Promise<void> {
  // Its data folder is deleted with the rest, wherever it is (a restored one too).
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  // As root the cluster lives outside the folder: stop --no-backup deletes it wherever it is (a
  // production folder only with --yes-delete-production-data).
  await cli([
    'stop',
    '--no-backup',
    '--yes-delete-production-data',
    '--workdir',
    workdir,
    '--data-dir',
    dataDir,
  ])
  await rm(workdir, { recursive: true, force: true })
  await rm(dataDir, { recursive: true, force: true })
}

/** Runs a command of the CLI; its stdout. */
export async function cli(args: string[]): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'backend/src/cli/main.ts'), ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }
  )
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  await new Promise((resolve) => child.once('exit', resolve))
  return stdout
}

/** Runs a command of the CLI; its exit code and output. */
export async function runCli(
  args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'backend/src/cli/main.ts'), ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stdout, stderr }
}
