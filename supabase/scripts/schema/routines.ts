// Chorus's functions, procedures and types as the catalog deparses them (pg_get_functiondef),
// each with who may execute it.
import type { Sql } from 'postgres'
import { routineGrantLines } from './grants.ts'
import type { Block } from './types.ts'

interface RoutineRow {
  oid: number
  schema: string
  name: string
  args: string
  text: string
}

/** Every function and procedure of `schemas` that no extension owns (aggregates have none). */
export async function routineBlocks(sql: Sql, schemas: string[]): Promise<Block[]> {
  const rows = await sql<RoutineRow[]>`
    select p.oid::int as oid, n.nspname as schema, p.proname as name,
           pg_get_function_identity_arguments(p.oid) as args,
           rtrim(pg_get_functiondef(p.oid), E'\n') || ';' as text
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any(${schemas}) and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                      and d.objid = p.oid and d.deptype = 'e')
  `
  const grants = await routineGrantLines(
    sql,
    rows.map((row) => row.oid)
  )
  return rows.map((row) => ({
    name: row.name,
    sort: `3 ${row.schema}.${row.name}(${row.args})`,
    title: `Function ${row.schema}.${row.name}(${row.args})`,
    text: [row.text, ...(grants.get(row.oid) ?? [])].join('\n'),
  }))
}

interface TypeRow {
  schema: string
  name: string
  text: string
}

/** Enums and domains of `schemas` (a table's row type is its table). */
export async function typeBlocks(sql: Sql, schemas: string[]): Promise<Block[]> {
  const rows = await sql<TypeRow[]>`
    select n.nspname as schema, t.typname as name,
           case t.typtype
             when 'e' then format('create type %s as enum (%s);', t.oid::regtype,
               (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder)
                from pg_enum e where e.enumtypid = t.oid))
             when 'd' then format('create domain %s as %s%s%s%s;', t.oid::regtype,
               format_type(t.typbasetype, t.typtypmod),
               ' default ' || t.typdefault, case when t.typnotnull then ' not null' else '' end,
               (select string_agg(' constraint ' || quote_ident(c.conname) || ' ' ||
                                  pg_get_constraintdef(c.oid, true), '' order by c.conname)
                from pg_constraint c where c.contypid = t.oid))
           end as text
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = any(${schemas}) and t.typtype in ('e', 'd')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass
                      and d.objid = t.oid and d.deptype = 'e')
  `
  return rows.map((row) => ({
    name: row.name,
    sort: `0 ${row.schema}.${row.name}`,
    title: `Type ${row.schema}.${row.name}`,
    text: row.text,
  }))
}
