// Chorus's tables (and views) as readable SQL: columns, constraints, indexes, row-level security
// with its policies, triggers, publications and grants, from the catalog's own deparsers.
import type { Sql } from 'postgres'
import { grantLines } from './grants.ts'
import type { Block } from './types.ts'

interface RelationRow {
  oid: number
  schema: string
  name: string
  kind: string
  rls: boolean
  force_rls: boolean
  view: string | null
}

interface ColumnRow {
  table: number
  name: string
  type: string
  collation: string | null
  not_null: boolean
  default: string | null
  identity: string
  generated: string
}

interface TableItemRow {
  table: number
  text: string
}

/** Every table, view and type of `schemas` that no extension owns, as one block each. */
export async function tableBlocks(sql: Sql, schemas: string[]): Promise<Block[]> {
  const relations = await sql<RelationRow[]>`
    select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind as kind,
           c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
           case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as view
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${schemas}) and c.relkind in ('r', 'p', 'v', 'm')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                      and d.objid = c.oid and d.deptype = 'e')
    order by n.nspname, c.relname
  `
  const oids = relations.map((r) => r.oid)
  const columns = await sql<ColumnRow[]>`
    select a.attrelid::int as table, a.attname as name,
           format_type(a.atttypid, a.atttypmod) as type,
           case when a.attcollation <> t.typcollation then quote_ident(co.collname) end as collation,
           a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default,
           a.attidentity as identity, a.attgenerated as generated
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    left join pg_collation co on co.oid = a.attcollation
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = any(${oids}::oid[]) and a.attnum > 0 and not a.attisdropped
    order by a.attrelid, a.attnum
  `
  const constraints = await sql<TableItemRow[]>`
    select conrelid::int as table,
           format('constraint %I %s', conname, pg_get_constraintdef(oid, true)) as text
    from pg_constraint
    where conrelid = any(${oids}::oid[]) and contype not in ('n', 't')
    order by conrelid, array_position(array['p', 'u', 'f', 'c', 'x'], contype::text), conname
  `
  const indexes = await sql<TableItemRow[]>`
    select i.indrelid::int as table, pg_get_indexdef(i.indexrelid) || ';' as text
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where i.indrelid = any(${oids}::oid[])
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid
                      and k.conrelid = i.indrelid)
    order by i.indrelid, c.relname
  `
  const policies = await sql<TableItemRow[]>`
    select c.oid::int as table, ${sql.unsafe(POLICY_TEXT)} as text
    from pg_policies p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where c.oid = any(${oids}::oid[])
    order by c.oid, p.policyname
  `
  const triggers = await sql<TableItemRow[]>`
    select tgrelid::int as table, pg_get_triggerdef(oid, true) || ';' as text
    from pg_trigger
    where tgrelid = any(${oids}::oid[]) and not tgisinternal
    order by tgrelid, tgname
  `
  const publications = await sql<TableItemRow[]>`
    select pr.prrelid::int as table, format('alter publication %I add table %s;', p.pubname,
           pr.prrelid::regclass) as text
    from pg_publication_rel pr
    join pg_publication p on p.oid = pr.prpubid
    where pr.prrelid = any(${oids}::oid[])
    order by pr.prrelid, p.pubname
  `
  const grants = await grantLines(sql, oids)
  const of = (rows: TableItemRow[], oid: number) =>
    rows.filter((row) => row.table === oid).map((row) => row.text)

  return relations.map((relation) => {
    const qualified = `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`
    const lines: string[] = []
    if (relation.view !== null) {
      const kind = relation.kind === 'm' ? 'materialized view' : 'view'
      lines.push(`create ${kind} ${qualified} as`, relation.view.trimEnd())
    } else {
      const body = [
        ...columns.filter((c) => c.table === relation.oid).map(columnText),
        ...of(constraints, relation.oid),
      ]
      lines.push(`create table ${qualified} (`, body.map((line) => `  ${line}`).join(',\n'), ');')
      if (relation.rls) lines.push(`alter table ${qualified} enable row level security;`)
      if (relation.force_rls) lines.push(`alter table ${qualified} force row level security;`)
    }
    for (const group of [
      of(indexes, relation.oid),
      of(policies, relation.oid),
      of(triggers, relation.oid),
      of(publications, relation.oid),
      grants.get(relation.oid) ?? [],
    ]) {
      if (group.length > 0) lines.push('', ...group)
    }
    return {
      name: relation.name,
      sort: `1 ${relation.schema}.${relation.name}`,
      title: `${relation.view !== null ? 'View' : 'Table'} ${relation.schema}.${relation.name}`,
      text: lines.join('\n'),
    }
  })
}

/** `create policy …;` from a pg_policies row `p`. */
export const POLICY_TEXT = `
  format(E'create policy %I on %I.%I\\n  as %s for %s to %s%s%s;',
         p.policyname, p.schemaname, p.tablename, lower(p.permissive), lower(p.cmd),
         array_to_string(p.roles, ', '),
         E'\\n  using (' || p.qual || ')', E'\\n  with check (' || p.with_check || ')')
`

function columnText(column: ColumnRow): string {
  const parts = [quoteIdent(column.name), column.type]
  if (column.collation) parts.push(`collate ${column.collation}`)
  if (column.generated === 's') parts.push(`generated always as (${column.default}) stored`)
  else if (column.default !== null) parts.push(`default ${column.default}`)
  if (column.identity === 'a') parts.push('generated always as identity')
  if (column.identity === 'd') parts.push('generated by default as identity')
  if (column.not_null) parts.push('not null')
  return parts.join(' ')
}

export function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`
}
