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
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { InputError, parseFlags } from './inputs.ts'

const FLAGS: Record<string, string> = {
  'from-db-url': 'MOVE_FROM_DB_URL',
  'from-api-url': 'MOVE_FROM_API_URL',
  'from-service-key': 'MOVE_FROM_SERVICE_KEY',
  'to-db-url': 'MOVE_TO_DB_URL',
  'to-api-url': 'MOVE_TO_API_URL',
  'to-service-key': 'MOVE_TO_SERVICE_KEY',
}

/** Auth's tables that carry people over: their accounts, sign-in identities, second factors. */
const AUTH_TABLES = ['users', 'identities', 'mfa_factors']
/** Chorus's own schemas: every table in them moves. */
const SCHEMAS = ['public', 'private']
/**
 * Not the team's data but the installation's: where the email job reaches the functions and
 * with which key (each side has its own), the mail queue of the source's job, and the devices
 * with Web Push on, which were subscribed with the source's VAPID key and sign-ins (each person
 * turns push on again on the new install), with their queue.
 */
const SKIPPED = [
  'private.notification_config',
  'private.email_queue',
  'private.email_batches',
  'public.push_subscriptions',
  'private.push_queue',
  'private.push_batches',
  'private.push_unread',
]
/** Rows read and written at a time. */
const BATCH = 2000
/** What a stored object keeps besides its bytes. */
const OBJECT_COLUMNS = ['owner', 'owner_id', 'created_at', 'updated_at', 'user_metadata']

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

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

interface Table {
  schema: string
  name: string
  columns: string[]
  rows: number
}

async function columnsOf(sql: Sql, schema: string, table: string): Promise<string[]> {
  const rows = await sql<{ attname: string }[]>`
    select a.attname from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname = ${table} and a.attnum > 0
      and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`
  return rows.map((r) => r.attname)
}

/** The tables to move, each with the columns both sides have and its rows at the source. */
async function tablesToMove(from: Sql, to: Sql): Promise<Table[]> {
  const listed = await from<{ schema: string; name: string }[]>`
    select n.nspname as schema, c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and (n.nspname = any(${SCHEMAS}) or (n.nspname = 'auth' and c.relname = any(${AUTH_TABLES})))
    order by n.nspname = 'auth' desc, n.nspname, c.relname`
  const tables: Table[] = []
  const missing: string[] = []
  for (const { schema, name } of listed) {
    if (SKIPPED.includes(`${schema}.${name}`)) continue
    const target = new Set(await columnsOf(to, schema, name))
    if (target.size === 0) {
      missing.push(`${schema}.${name}`)
      continue
    }
    const columns = (await columnsOf(from, schema, name)).filter((c) => target.has(c))
    const [{ rows }] = (await from.unsafe(
      `select count(*)::int as rows from ${ident(schema)}.${ident(name)}`
    )) as unknown as [{ rows: number }]
    tables.push({ schema, name, columns, rows })
  }
  if (missing.length > 0) {
    throw new InputError([
      `The target has no table ${missing.join(', ')}: push Chorus's migrations to it first (npm run deploy, or start it once).`,
    ])
  }
  return tables
}

async function copyRows(from: Sql, to: Sql, tables: Table[], log: (line: string) => void) {
  await to.begin(async (tx) => {
    await tx`set local session_replication_role = replica`
    // A row another session holds is an error to report, not a wait without end.
    await tx`set local lock_timeout = '15s'`
    for (const table of tables) {
      if (table.rows === 0) continue
      const target = `${ident(table.schema)}.${ident(table.name)}`
      const list = table.columns.map(ident).join(', ')
      // Read in batches through a cursor, each written as one insert of the batch's rows as
      // JSON (json_populate_recordset turns them back into the table's types).
      let inserted = 0
      const rows = from.unsafe(
        `select row_to_json(t)::text as row from (select ${list} from ${target}) t`
      )
      for await (const batch of rows.cursor(BATCH)) {
        const json = `[${batch.map((r) => (r as unknown as { row: string }).row).join(',')}]`
        const result = await tx.unsafe(
          `insert into ${target} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${target}, $1::text::json)
           on conflict do nothing`,
          [json]
        )
        inserted += result.count
      }
      log(`  ${table.schema}.${table.name}: ${inserted} of ${table.rows} rows`)
      // Sequences behind serial and identity columns continue after the moved rows.
      for (const column of table.columns) {
        const [{ seq }] =
          (await tx`select pg_get_serial_sequence(${target}, ${column}) as seq`) as unknown as [
            { seq: string | null },
          ]
        if (seq) {
          await tx.unsafe(
            `select setval(${`'${seq.replaceAll("'", "''")}'`}, coalesce((select max(${ident(column)}) from ${target}), 0) + 1, false)`
          )
        }
      }
    }
  })
}

interface StoredFile {
  bucket_id: string
  name: string
  size: number | null
  mimetype: string | null
}

function headers(key: string): Record<string, string> {
  const jwt = key.split('.').length === 3
  return { apikey: key, ...(jwt ? { authorization: `Bearer ${key}` } : {}) }
}

function objectUrl(apiUrl: string, bucket: string, name: string): string {
  const encoded = name.split('/').map(encodeURIComponent).join('/')
  return `${apiUrl}/storage/v1/object/${encodeURIComponent(bucket)}/${encoded}`
}

async function copyFiles(options: MoveOptions, from: Sql, to: Sql, log: (line: string) => void) {
  const files = await from<StoredFile[]>`
    select bucket_id, name, (metadata->>'size')::bigint as size, metadata->>'mimetype' as mimetype
    from storage.objects order by bucket_id, name`
  const objectColumns = new Set(await columnsOf(to, 'storage', 'objects'))
  const kept = (await columnsOf(from, 'storage', 'objects')).filter(
    (c) => OBJECT_COLUMNS.includes(c) && objectColumns.has(c)
  )
  let copied = 0
  let skipped = 0
  for (const file of files) {
    const where = `${file.bucket_id}/${file.name}`
    const [there] = await to<{ size: number | null }[]>`
      select (metadata->>'size')::bigint as size from storage.objects
      where bucket_id = ${file.bucket_id} and name = ${file.name}`
    if (there && Number(there.size) === Number(file.size)) {
      skipped++
      continue
    }
    const download = await fetch(objectUrl(options.from.apiUrl, file.bucket_id, file.name), {
      headers: headers(options.from.key),
    })
    if (!download.ok) {
      throw new Error(
        `could not download ${where} from the source: ${download.status} ${await download.text()}`
      )
    }
    const body = Buffer.from(await download.arrayBuffer())
    const upload = await fetch(objectUrl(options.to.apiUrl, file.bucket_id, file.name), {
      method: 'POST',
      headers: {
        ...headers(options.to.key),
        'content-type': file.mimetype ?? 'application/octet-stream',
        'x-upsert': there ? 'true' : 'false',
      },
      body,
    })
    if (!upload.ok) {
      throw new Error(
        `could not upload ${where} to the target: ${upload.status} ${await upload.text()}`
      )
    }
    copied++
  }
  // The owner and dates the files had (an upload with the service key has none).
  if (kept.length > 0 && files.length > 0) {
    const rows = await from.unsafe(
      `select bucket_id, name, ${kept.map(ident).join(', ')} from storage.objects`
    )
    for (const row of rows) {
      const sets = kept.map((c, i) => `${ident(c)} = $${i + 3}`).join(', ')
      await to.unsafe(`update storage.objects set ${sets} where bucket_id = $1 and name = $2`, [
        row.bucket_id,
        row.name,
        ...kept.map((c) =>
          c === 'user_metadata' && row[c] != null ? JSON.stringify(row[c]) : row[c]
        ),
      ] as never[])
    }
  }
  log(`  ${copied} files copied, ${skipped} already there (${files.length} in all)`)
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
