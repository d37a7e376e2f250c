// move-data's rows: the tables that move (Auth's users, identities and second factors, every
// table of Chorus's schemas but the installation's own), each with the columns both sides have,
// copied in one transaction with triggers off, in batches, and the sequences moved on after them.
import type { Sql } from 'postgres'
import { InputError } from './inputs.ts'

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

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

export interface Table {
  schema: string
  name: string
  columns: string[]
  rows: number
}

/** A table's columns that hold data (not dropped, not generated), in order. */
export async function columnsOf(sql: Sql, schema: string, table: string): Promise<string[]> {
  const rows = await sql<{ attname: string }[]>`
    select a.attname from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname = ${table} and a.attnum > 0
      and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`
  return rows.map((r) => r.attname)
}

export /** The tables to move, each with the columns both sides have and its rows at the source. */
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

export async function copyRows(from: Sql, to: Sql, tables: Table[], log: (line: string) => void) {
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
