// The command line, shaped like the Supabase CLI's: `start`, `status`, `stop`, and the everyday
// commands against the running stack, each in a file of its own (db-reset.ts, migration.ts,
// gen-types.ts, test-db.ts).
//   npm run backend -- start [--workdir DIR] [--reset] [--strict-keys] [--app-dist DIR]
//   npm run backend -- serve --app-dist DIR [--config FILE] [--public-url URL] [--host H]
//     [--port N] [--backup-every D] [--backup-keep N] (serve.ts; settings: serve/settings.ts)
//   npm run backend -- status [--workdir DIR] [-o json|env|pretty]
//   npm run backend -- stop [--workdir DIR] [--no-backup [--yes-delete-production-data]]
//   npm run backend -- db reset [--no-seed] | migration new NAME | migration list | migration up
//   npm run backend -- gen types typescript [--schema S] | test db
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { defaultDataDir } from '../stack/data-folder.ts'
import { describeError } from './errors.ts'
import type { OutputFormat } from './status.ts'
import { usage } from './usage.ts'

// Each command's module is imported when it runs: `status`, `stop`, `backup` or `migration list`
// need not load the whole stack (about a second and two CPU-seconds at every call).

/** The repository's root, where scripts/serve.ts is. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

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
      config: { type: 'string' },
      'yes-delete-production-data': { type: 'boolean' },
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
  /** serve's settings file, when given (else DATA_DIR/chorus.env). */
  const config = values.config
  const deleteProduction = values['yes-delete-production-data'] ?? false

  switch (command) {
    case 'start':
      return (await import('./start.ts')).start({
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
        backups: (await import('../ops/schedule.ts')).parseBackupSchedule(
          values['backup-every'],
          values['backup-keep']
        ),
        deleteProduction,
      })
    case 'serve':
      return (await import('./serve.ts')).serve({
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
        backupEvery: values['backup-every'],
        backupKeep: values['backup-keep'],
        config,
      })
    case 'service-unit':
      return (await import('./service-unit.ts')).serviceUnitCommand({
        values,
        dataDir,
        config,
        root: REPO_ROOT,
      })
    case 'backup':
      return (await import('./backup.ts')).backupCommand({
        workdir,
        dataDir,
        output: values.output,
        postgresBin: values['postgres-bin'],
        config,
      })
    case 'restore':
      return (await import('./backup.ts')).restoreCommand({ file: positionals[1], dataDir, config })
    case 'status':
      return (await import('./status.ts')).statusCommand({
        workdir,
        dataDir,
        format: (values.output ?? 'pretty') as OutputFormat,
        config,
      })
    case 'stop':
      return (await import('./stop.ts')).stop({
        workdir,
        dataDir,
        noBackup: values['no-backup'] ?? false,
        deleteProduction,
      })
    case 'db':
      if (positionals[1] === 'reset') {
        return (await import('./db-reset.ts')).dbReset({
          workdir,
          dataDir,
          noSeed: values['no-seed'] ?? false,
          deleteProduction,
        })
      }
      process.stderr.write(`Unknown command db ${positionals[1] ?? ''}: use db reset\n`)
      return 1
    case 'migration':
      return (await import('./migration.ts')).migration(positionals[1], {
        workdir,
        dataDir,
        name: positionals[2],
        dbUrl: values['db-url'],
        includeAll: values['include-all'] ?? false,
        stdin: readStdin,
      })
    case 'gen':
      if (positionals[1] === 'types') {
        return (await import('./gen-types.ts')).genTypes({
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
      if (positionals[1] === 'db') {
        return (await import('./test-db.ts')).testDb({ workdir, dataDir, dbUrl: values['db-url'] })
      }
      process.stderr.write(`Unknown command test ${positionals[1] ?? ''}: use test db\n`)
      return 1
    default:
      process.stderr.write(`Unknown command ${command}\n\n${usage}`)
      return 1
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
