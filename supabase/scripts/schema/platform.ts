// What Chorus's migrations add to the platform's own schemas: policies on Storage's and
// Realtime's tables, triggers on Auth's that call Chorus's functions, the buckets and the cron
// jobs. The platform's tables themselves are not Chorus's and are left out.
import type { Sql } from 'postgres'
import { platformSubjectOf, subjectOf } from './subjects.ts'
import { POLICY_TEXT } from './tables.ts'
import type { Block } from './types.ts'

interface Row {
  schema: string
  table: string
  name: string
  text: string
}

export async function platformBlocks(sql: Sql, chorusSchemas: string[]): Promise<Block[]> {
  const policies = await sql<Row[]>`
    select p.schemaname as schema, p.tablename as table, p.policyname as name,
           ${sql.unsafe(POLICY_TEXT)} as text
    from pg_policies p
    where p.schemaname in ('storage', 'realtime')
  `
  const triggers = await sql<Row[]>`
    select n.nspname as schema, c.relname as table, t.tgname as name,
           pg_get_triggerdef(t.oid, true) || ';' as text
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and not (n.nspname = any(${chorusSchemas}))
      and p.pronamespace::regnamespace::text = any(${chorusSchemas})
  `
  const buckets = await sql<Row[]>`
    select 'storage' as schema, 'buckets' as table, id as name,
           format(E'insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)\\n'
                  '  values (%L, %L, %s, %s, %s);', id, name, public::text,
                  coalesce(file_size_limit::text, 'null'),
                  coalesce(quote_literal(allowed_mime_types::text) || '::text[]', 'null')) as text
    from storage.buckets
  `
  const jobs = await sql<Row[]>`
    select 'cron' as schema, 'job' as table, jobname as name,
           format(E'select cron.schedule(%L, %L, %L);', jobname, schedule, command) as text
    from cron.job
    where jobname is not null
  `
  const block = (kind: string, row: Row, subject: string): Block => ({
    name: row.name,
    subject,
    sort: `2 ${row.schema}.${row.table} ${kind} ${row.name}`,
    title: `${kind} ${JSON.stringify(row.name)} on ${row.schema}.${row.table}`,
    text: row.text,
  })
  return [
    ...policies.map((row) => block('Policy', row, platformSubjectOf(row.schema, row.name))),
    ...triggers.map((row) => block('Trigger', row, platformSubjectOf(row.schema, row.name))),
    ...buckets.map((row) => block('Bucket', row, 'storage')),
    ...jobs.map((row) => block('Cron job', row, subjectOf(row.name))),
  ]
}
