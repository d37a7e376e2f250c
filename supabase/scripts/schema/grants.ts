// Privileges as `grant` lines: who may use a table, its columns or a function beyond its owner
// (the owner is left out, as are the grantors: neither says anything about the API).
import type { Sql } from 'postgres'

interface GrantRow {
  object: number
  text: string
}

/** Table and column grants per table oid, one line per grantee and kind. */
export async function grantLines(sql: Sql, tables: number[]): Promise<Map<number, string[]>> {
  const rows = await sql<GrantRow[]>`
    with acl as (
      select c.oid, c.relowner, (aclexplode(c.relacl)).* from pg_class c
      where c.oid = any(${tables}::oid[]) and c.relacl is not null
    ), columns as (
      select a.attrelid as oid, c.relowner, a.attname, (aclexplode(a.attacl)).*
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attrelid = any(${tables}::oid[]) and a.attacl is not null and not a.attisdropped
    ), lines as (
      select oid, 0 as sort, format('grant %s on table %s to %s;',
             string_agg(lower(privilege_type), ', ' order by lower(privilege_type)),
             oid::regclass, ${sql.unsafe(GRANTEE)}) as text
      from acl where grantee <> relowner
      group by oid, grantee
      union all
      select oid, 1, format('grant %s (%s) on table %s to %s;', lower(privilege_type),
             string_agg(quote_ident(attname), ', ' order by attname), oid::regclass,
             ${sql.unsafe(GRANTEE)})
      from columns where grantee <> relowner
      group by oid, grantee, privilege_type
    )
    select oid::int as object, text from lines order by oid, sort, text
  `
  return byObject(rows)
}

/** Execute grants per function oid; a function only its owner may run gets a comment saying so. */
export async function routineGrantLines(
  sql: Sql,
  routines: number[]
): Promise<Map<number, string[]>> {
  const rows = await sql<GrantRow[]>`
    with acl as (
      select p.oid, p.proowner, (aclexplode(coalesce(p.proacl, acldefault('f', p.proowner)))).*
      from pg_proc p where p.oid = any(${routines}::oid[])
    )
    select p.oid::int as object,
           case when count(acl.grantee) = 0
                then format('-- execute: only its owner (no grants on %s)', p.oid::regprocedure)
                else format('grant execute on function %s to %s;', p.oid::regprocedure,
                            string_agg(${sql.unsafe(GRANTEE)}, ', ' order by ${sql.unsafe(GRANTEE)}))
           end as text
    from pg_proc p
    left join acl on acl.oid = p.oid and acl.grantee <> acl.proowner
                     and acl.privilege_type = 'EXECUTE'
    where p.oid = any(${routines}::oid[])
    group by p.oid
  `
  return byObject(rows)
}

// PUBLIC is grantee 0.
const GRANTEE = `case when grantee = 0 then 'public' else grantee::regrole::text end`

function byObject(rows: GrantRow[]): Map<number, string[]> {
  const map = new Map<number, string[]>()
  for (const row of rows) map.set(row.object, [...(map.get(row.object) ?? []), row.text])
  return map
}
