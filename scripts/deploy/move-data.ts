// npm run deploy -- move-data: a team's data from one Chorus to another (a local or own-server
// stack to a hosted project, or any two): the database rows of Auth's users and identities and
// of Chorus's schemas, then every stored file through both sides' Storage API.
//
// The target must have Chorus's schema already (`npm run deploy` pushed the migrations) and no
// users yet: nothing there is overwritten. Rows go in one transaction with triggers off (as a
// restore does: `session_replication_role = replica`), so a failure leaves the target as it was;
// each table's columns are those both sides have (generated ones are computed again). Files are
// uploaded with the service key, then their owner and dates set as they were; a file already
// there with the same size is skipped, so `--files-only` continues a move whose files stopped.
// The rows are move-rows.ts; the files, move-files.ts.
import postgres from 'postgres'
import { InputError, parseFlags } from './inputs.ts'
import { copyFiles } from './move-files.ts'
import { copyRows, tablesToMove } from './move-rows.ts'

const FLAGS: Record<string, string> = {
  'from-db-url': 'MOVE_FROM_DB_URL',
  'from-api-url': 'MOVE_FROM_API_URL',
  'from-service-key': 'MOVE_FROM_SERVICE_KEY',
  'to-db-url': 'MOVE_TO_DB_URL',
  'to-api-url': 'MOVE_TO_API_URL',
  'to-service-key': 'MOVE_TO_SERVICE_KEY',
}

interface Side {
  dbUrl: string
  apiUrl: string
  key: string
}

export interface MoveOptions {
  from: Side
  to: Side
  dryRun: boolean
  filesOnly: boolean
}

export function readMoveInputs(argv: string[], env: NodeJS.ProcessEnv): MoveOptions {
  const flags = parseFlags(argv, { ...FLAGS }, new Set(['dry-run', 'files-only']))
  const value = (name: string) => (flags.values.get(name) ?? env[FLAGS[name]!] ?? '').trim()
  const problems: string[] = []
  for (const name of Object.keys(FLAGS)) {
    if (value(name) === '') problems.push(`missing --${name} or ${FLAGS[name]}`)
  }
  for (const name of ['from-db-url', 'to-db-url']) {
    const url = value(name)
    if (url !== '' && !/^postgres(ql)?:\/\//.test(url)) {
      problems.push(`--${name} is not a postgresql:// URL.`)
    }
  }
  for (const name of ['from-api-url', 'to-api-url']) {
    const url = value(name)
    if (url !== '' && !(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))) {
      problems.push(`--${name} ${JSON.stringify(url)} is not an http(s) URL.`)
    }
  }
  if (problems.length === 0 && value('from-db-url') === value('to-db-url')) {
    problems.push('--from-db-url and --to-db-url are the same database.')
  }
  if (problems.length > 0) throw new InputError(problems)
  const side = (prefix: string): Side => ({
    dbUrl: value(`${prefix}-db-url`),
    apiUrl: value(`${prefix}-api-url`).replace(/\/+$/, ''),
    key: value(`${prefix}-service-key`),
  })
  return {
    from: side('from'),
    to: side('to'),
    dryRun: flags.booleans.has('dry-run'),
    filesOnly: flags.booleans.has('files-only'),
  }
}

export async function moveData(
  argv: string[],
  log: (line: string) => void = console.log
): Promise<number> {
  const options = readMoveInputs(argv, process.env)
  const from = postgres(options.from.dbUrl, { max: 2, onnotice: () => {}, connect_timeout: 10 })
  const to = postgres(options.to.dbUrl, { max: 2, onnotice: () => {}, connect_timeout: 10 })
  try {
    const tables = await tablesToMove(from, to)
    if (!options.filesOnly) {
      const [{ users }] = (await to`select count(*)::int as users from auth.users`) as unknown as [
        { users: number },
      ]
      if (users > 0) {
        throw new InputError([
          `The target already has ${users} users: move-data fills a project that has none, and overwrites nothing. (To finish the files of a move that stopped there: --files-only.)`,
        ])
      }
    }
    const [{ files }] =
      (await from`select count(*)::int as files from storage.objects`) as unknown as [
        { files: number },
      ]
    if (options.dryRun) {
      log(`Would move from ${redact(options.from.dbUrl)} to ${redact(options.to.dbUrl)}:`)
      if (!options.filesOnly) {
        for (const t of tables)
          log(`  ${t.schema}.${t.name}: ${t.rows} rows (${t.columns.length} columns)`)
      }
      log(`  ${files} stored files, through ${options.from.apiUrl} to ${options.to.apiUrl}`)
      return 0
    }
    if (!options.filesOnly) {
      log('Moving the database rows (one transaction):')
      await copyRows(from, to, tables, log)
    }
    log('Moving the stored files:')
    try {
      await copyFiles(options, from, to, log)
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\nThe rows are all moved: run the same command again with --files-only to finish the files.`,
        { cause: error }
      )
    }
    log('Moved. People sign in on the target with their passwords; their sessions start anew.')
    return 0
  } finally {
    await Promise.all([from.end({ timeout: 2 }), to.end({ timeout: 2 })])
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
}
