// The command line, shaped like the Supabase CLI's: `start`, `status`, `stop`, and the everyday
// commands against the running stack, each in a file of its own (db-reset.ts, migration.ts,
// gen-types.ts, test-db.ts).
//   npm run backend -- start [--workdir DIR] [--reset] [--strict-keys] [--app-dist DIR]
//   npm run backend -- serve --app-dist DIR [--public-url URL] [--host H] [--port N]
//     [--backup-every D] [--backup-keep N] (serve.ts)
//   npm run backend -- status [--workdir DIR] [-o json|env|pretty]
//   npm run backend -- stop [--workdir DIR] [--no-backup]
//   npm run backend -- db reset [--no-seed] | migration new NAME | migration list | migration up
//   npm run backend -- gen types typescript [--schema S] | test db
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { removeClusters } from '../db/embedded.ts'
import { startStack, defaultDataDir } from '../stack.ts'
import type { StackOptions } from '../stack.ts'
import { createLogger } from '../logger.ts'
import { parseBackupSchedule, startBackupSchedule } from '../ops/schedule.ts'
import type { BackupSchedule } from '../ops/schedule.ts'
import { backupCommand, restoreCommand } from './backup.ts'
import { serveControl } from './control.ts'
import { serve } from './serve.ts'
import { currentUser, serviceUnit } from './service-unit.ts'
import { Stopper } from './stopper.ts'
import { dbReset, ResettableStack } from './db-reset.ts'
import { genTypes } from './gen-types.ts'
import { migration } from './migration.ts'
import { testDb } from './test-db.ts'
import { describeError } from './errors.ts'
import { describeStack, readRunningState, renderStatus } from './status.ts'
import type { OutputFormat } from './status.ts'

/** The repository's root, where scripts/serve.mjs is. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const usage = `Usage: npm run backend -- <command> [options]

Commands:
  start    Start the local stack for a project folder (like supabase start)
  serve    Run it in production mode: app and APIs on one port, own keys, real mail
           (npm run serve; see the README, Running Chorus on your own server)
  service-unit  Print a systemd unit running serve at boot (with the serve flags given)
  status   Show the URLs and keys of the running stack
  stop     Stop the running stack
  backup   Write one archive of the database, stored files and keys (--output FILE)
  restore FILE          Bring a backup back into an empty data folder
  db reset              Recreate the running stack's database: migrations and seed anew
  migration new NAME    Create supabase/migrations/<timestamp>_NAME.sql (stdin, if piped)
  migration list        Local and applied migrations side by side
  migration up          Apply pending migrations to the running stack
  gen types typescript  The Database types of the schemas, on stdout
  test db               Run the pgTAP tests in supabase/tests/*.sql

Options:
  --workdir DIR       The project folder holding supabase/config.toml (default: current folder)
  --data-dir DIR      Where the database and files live (default: DIR/supabase/.temp/local-stack)
  --reset             start: delete the database and stored files first
  --strict-keys       start: refuse requests without a valid API key, as the hosted gateway does
                      (also SUPABASE_STRICT_KEYS=true)
  --app-dist DIR      start: also serve this built web app (with /config.json for it)
  --app-port N        start: port of the app (default: the port of [auth] site_url, else 3000)
  --api-port N        start: port of the API instead of [api] port (0 picks a free one)
  --db-port N         start: port of the embedded database instead of [db] port (0: free one)
  --inbox-port N      start: port of the mail inbox instead of [inbucket] port (0: free one)
  --inbox-host HOST   start: interface of the mail inbox (default 127.0.0.1, this machine only)
  --inbox-smtp-port N start: the inbox's SMTP port instead of [inbucket] smtp_port (0: free one)
  --postgres-bin DIR  start: run the database on this installed PostgreSQL (its bin/ folder, e.g.
                      /usr/lib/postgresql/15/bin) instead of the embedded one; by default an
                      installed one is picked only when the migrations need an extension the
                      embedded PostgreSQL lacks
  --public-url URL    serve: the URL people open, e.g. https://chat.example.com (the app's
                      config.json, emailed links, CORS; default http://127.0.0.1:PORT)
  --host HOST         serve: the interface to listen on (default 127.0.0.1, for a proxy on
                      this machine; 0.0.0.0 for every interface)
  --port N            serve: the one port of the app and every API (default [api] port)
  --trusted-proxy IP  serve: a proxy (address, CIDR range or loopback) whose X-Forwarded-For
                      and X-Forwarded-Proto are believed; repeatable (default loopback)
  --no-signup         serve: only invited people get an account ([auth] enable_signup = false)
  -o, --output FMT    status: pretty (default), json or env; backup: the archive to write
                      (default DATA_DIR/backups/chorus-backup-<UTC yyyymmddTHHMMSSZ>.tar.gz)
  --backup-every D    start, serve: take a backup every D into DATA_DIR/backups (24h, 6h, 30m;
                      also CHORUS_BACKUP_EVERY)
  --backup-keep N     start, serve: keep the newest N scheduled backups (default 7;
                      CHORUS_BACKUP_KEEP)
  --no-backup         stop: also delete the database and stored files (as supabase stop does)
  --local             db reset, migration, gen types, test db: the local stack (the default)
  --db-url URL        migration list/up, gen types, test db: this database instead
  --no-seed           db reset: skip supabase/seed.sql
  --include-all       migration up: also apply migrations older than the last applied one
  -s, --schema S      gen types: a schema to describe (repeatable; default public and [api] schemas)
  --lang LANG         gen types: typescript (the only one)

Environment:
  DATABASE_URL        use this PostgreSQL instead of the embedded one
  LOG_LEVEL           debug, info, warn, error
`

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workdir: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean' },
      'no-backup': { type: 'boolean' },
      'strict-keys': { type: 'boolean' },
      'app-dist': { type: 'string' },
      'app-port': { type: 'string' },
      'api-port': { type: 'string' },
      'db-port': { type: 'string' },
      'inbox-port': { type: 'string' },
      'inbox-host': { type: 'string' },
      'inbox-smtp-port': { type: 'string' },
      'postgres-bin': { type: 'string' },
      'public-url': { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      'trusted-proxy': { type: 'string', multiple: true },
      'no-signup': { type: 'boolean' },
      'backup-every': { type: 'string' },
      'backup-keep': { type: 'string' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
      local: { type: 'boolean' },
      'db-url': { type: 'string' },
      'no-seed': { type: 'boolean' },
      'include-all': { type: 'boolean' },
      schema: { type: 'string', short: 's', multiple: true },
      lang: { type: 'string' },
    },
  })
  const command = positionals[0]
  if (values.help || !command) {
    process.stdout.write(usage)
    return command || values.help ? 0 : 1
  }
  const workdir = values.workdir ?? process.cwd()
  const dataDir = values['data-dir'] ?? defaultDataDir(workdir)

  switch (command) {
    case 'start':
      return start({
        workdir,
        dataDir,
        reset: values.reset ?? false,
        strictKeys: values['strict-keys'] ?? isTrue(process.env.SUPABASE_STRICT_KEYS),
        appDist: values['app-dist'],
        appPort: portOption(values['app-port']),
        apiPort: portOption(values['api-port']),
        dbPort: portOption(values['db-port']),
        inboxPort: portOption(values['inbox-port']),
        inboxHost: values['inbox-host'],
        inboxSmtpPort: portOption(values['inbox-smtp-port']),
        postgresBin: values['postgres-bin'],
        backups: parseBackupSchedule(values['backup-every'], values['backup-keep']),
      })
    case 'serve':
      return serve({
        workdir,
        dataDir,
        publicUrl: values['public-url'],
        host: values.host,
        port: portOption(values.port),
        dbPort: portOption(values['db-port']),
        trustedProxies: values['trusted-proxy'] ?? [],
        noSignup: values['no-signup'] ?? false,
        appDist: values['app-dist'],
        postgresBin: values['postgres-bin'],
        databaseUrl: process.env.DATABASE_URL || undefined,
        backups: parseBackupSchedule(values['backup-every'], values['backup-keep']),
      })
    case 'service-unit': {
      const flags: string[] = []
      const pass = (name: string, value: string | undefined) => {
        if (value !== undefined) flags.push(`--${name}`, value)
      }
      pass('public-url', values['public-url'])
      pass('host', values.host)
      pass('port', values.port)
      for (const proxy of values['trusted-proxy'] ?? []) pass('trusted-proxy', proxy)
      if (values['no-signup']) flags.push('--no-signup')
      pass('backup-every', values['backup-every'])
      pass('backup-keep', values['backup-keep'])
      if (values['data-dir']) pass('data-dir', path.resolve(values['data-dir']))
      if (values.workdir) pass('workdir', path.resolve(values.workdir))
      process.stdout.write(
        serviceUnit({
          root: REPO_ROOT,
          serveArgs: flags,
          user: currentUser(),
          nodePath: process.execPath,
        })
      )
      return 0
    }
    case 'backup':
      return backupCommand({
        workdir,
        dataDir,
        output: values.output,
        postgresBin: values['postgres-bin'],
      })
    case 'restore':
      return restoreCommand({ file: positionals[1], dataDir })
    case 'status': {
      const format = (values.output ?? 'pretty') as OutputFormat
      if (!['pretty', 'json', 'env'].includes(format)) {
        process.stderr.write(`Unknown output format ${format}: use pretty, json or env\n`)
        return 1
      }
      const state = await readRunningState(dataDir)
      if (!state) {
        process.stderr.write(
          `No local stack is running for ${workdir}. Start one with: npm run backend -- start\n`
        )
        return 1
      }
      process.stdout.write(renderStatus(await describeStack(workdir, state, dataDir), format))
      return 0
    }
    case 'stop': {
      const state = await readRunningState(dataDir)
      if (state) {
        process.kill(state.pid, 'SIGINT')
        process.stdout.write(`Stopping the local stack (pid ${state.pid}).\n`)
      } else if (!values['no-backup']) {
        process.stderr.write(`No local stack is running for ${workdir}.\n`)
      }
      if (values['no-backup']) {
        if (state) await waitForExit(state.pid)
        await deleteData(dataDir)
        process.stdout.write(`Deleted the local data in ${dataDir}.\n`)
      }
      return 0
    }
    case 'db':
      if (positionals[1] === 'reset') {
        return dbReset({ workdir, dataDir, noSeed: values['no-seed'] ?? false })
      }
      process.stderr.write(`Unknown command db ${positionals[1] ?? ''}: use db reset\n`)
      return 1
    case 'migration':
      return migration(positionals[1], {
        workdir,
        dataDir,
        name: positionals[2],
        dbUrl: values['db-url'],
        includeAll: values['include-all'] ?? false,
        stdin: readStdin,
      })
    case 'gen':
      if (positionals[1] === 'types') {
        return genTypes({
          workdir,
          dataDir,
          lang: positionals[2] ?? values.lang,
          schemas: (values.schema ?? []).flatMap((s) => s.split(',')).filter(Boolean),
          dbUrl: values['db-url'],
        })
      }
      process.stderr.write(
        `Unknown command gen ${positionals[1] ?? ''}: use gen types typescript\n`
      )
      return 1
    case 'test':
      if (positionals[1] === 'db') return testDb({ workdir, dataDir, dbUrl: values['db-url'] })
      process.stderr.write(`Unknown command test ${positionals[1] ?? ''}: use test db\n`)
      return 1
    default:
      process.stderr.write(`Unknown command ${command}\n\n${usage}`)
      return 1
  }
}

interface StartArgs {
  workdir: string
  dataDir: string
  reset: boolean
  strictKeys: boolean
  appDist: string | undefined
  appPort: number | undefined
  apiPort: number | undefined
  dbPort: number | undefined
  inboxPort: number | undefined
  inboxHost: string | undefined
  inboxSmtpPort: number | undefined
  postgresBin: string | undefined
  backups: BackupSchedule | null
}

async function start(args: StartArgs): Promise<number> {
  serverHeapGrowth()
  const log = createLogger()
  const began = Date.now()
  const stopper = new Stopper()
  const options: StackOptions = {
    workdir: args.workdir,
    dataDir: args.dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    reset: args.reset,
    strictKeys: args.strictKeys,
    appDist: args.appDist,
    appPort: args.appPort,
    apiPort: args.apiPort,
    dbPort: args.dbPort,
    inboxPort: args.inboxPort,
    inboxHost: args.inboxHost,
    inboxSmtpPort: args.inboxSmtpPort,
    postgresBin: args.postgresBin,
    log,
  }
  const stack = await startStack({ ...options, signal: stopper.signal }).catch((error: unknown) => {
    if (stopper.signal.aborted) return null
    throw error
  })
  if (!stack) {
    process.stdout.write('Stopped.\n')
    return 0
  }
  stopper.stack = stack
  const state = await readRunningState(args.dataDir)
  const description = await describeStack(
    args.workdir,
    state ?? {
      pid: process.pid,
      workdir: stack.config.workdir,
      apiUrl: stack.apiUrl,
      appUrl: stack.appUrl,
      inboxUrl: stack.inboxUrl,
      dbUrl: stack.dbUrl,
      startedAt: new Date().toISOString(),
    },
    args.dataDir
  )
  process.stdout.write(`Started supabase local development setup in ${Date.now() - began} ms.\n\n`)
  process.stdout.write(renderStatus(description, 'pretty'))
  if (stack.inboxUrl) {
    // The inbox's links sign in as their recipients: say where it can be read from.
    const where = args.inboxHost ? `listening on ${args.inboxHost}` : 'for this machine only'
    process.stdout.write(
      `\nEmails the stack sends land in the inbox at ${stack.inboxUrl} (${where}; its own port, ` +
        `not the API's). Whoever reads it can follow their links as the recipient. Your own ` +
        `code's mail reaches it by SMTP at 127.0.0.1:${stack.inboxSmtpPort}.\n`
    )
  }
  if (stack.appUrl) process.stdout.write(`\nOpen Chorus at ${stack.appUrl}\n`)
  process.stdout.write(`\nPress Ctrl-C to stop.\n`)

  // `db reset` replaces the stack by a new one on the same ports (see db-reset.ts).
  const running = new ResettableStack(stack, options, log, (next) => (stopper.stack = next))
  const control = await serveControl(args.dataDir, { reset: running.reset })
  const target = { workdir: args.workdir, dataDir: args.dataDir, postgresBin: args.postgresBin }
  const backups = args.backups && startBackupSchedule(args.backups, target, log)
  const reason = await Promise.race([stopper.requested, running.lost])
  await backups?.stop()
  await control.close()
  await running.idle() // a reset under way finishes, so that what it started is stopped below
  if (reason !== 'signal') process.stderr.write(`Error: ${reason}; stopping the stack.\n`)
  await stopper.stopStack(log)
  process.stdout.write('Stopped.\n')
  return reason === 'signal' ? 0 : 1
}

async function waitForExit(pid: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The data folder's database (wherever it lives) and files; its backups/ stay, if any. */
async function deleteData(dataDir: string): Promise<void> {
  await removeClusters(dataDir)
  const names = await readdir(dataDir).catch(() => [] as string[])
  if (!names.includes('backups')) return rm(dataDir, { recursive: true, force: true })
  for (const name of names.filter((n) => n !== 'backups')) {
    await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return ''
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return text
}

function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw Object.assign(new Error(`${value} is not a port number (0 picks a free one)`), {
      name: 'ConfigError',
    })
  }
  return port
}

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(`Error: ${await describeError(error)}\n`)
    if (process.env.LOG_LEVEL === 'debug') process.stderr.write(`${(error as Error).stack}\n`)
    process.exit(1)
  }
)

/**
 * A running stack's heap may double before a full collection (V8's own choice goes as low as
 * live size + 8 MB + the young generation's capacity while requests keep it busy). The bytes a
 * transfer reads from its sockets are young array buffers, freed by a young collection only once
 * 32 MB of them are waiting (V8's threshold, not a flag); V8 counts them against that headroom, so
 * under a steady upload a smaller headroom started a full collection of the whole heap every few
 * megabytes (bench/storage/README.md).
 */
function serverHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=100')
}
