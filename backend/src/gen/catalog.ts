// Reads what `gen types typescript` describes from a database's catalog: the relations, columns,
// foreign keys and functions of the chosen schemas, and every enum and composite type.
import type { Sql } from 'postgres'
import type {
  Catalog,
  CatalogArgument,
  CatalogColumn,
  CatalogFunction,
  CatalogRelation,
  CatalogRelationship,
  CatalogType,
} from './catalog-types.ts'

const RELATIONS = `
select c.oid::int8 as id, n.nspname as schema, c.relname as name,
  case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
  (c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20) as updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm')
  and not c.relispartition`

const COLUMNS = `
select a.attrelid::int8 as "relationId", a.attname as name,
  coalesce(bt.typname, t.typname)::text as type,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
  (d.adbin is not null or (t.typtype = 'd' and t.typdefaultbin is not null)) as "hasDefault",
  case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity,
  (c.relkind in ('r', 'p', 'f') or
    (pg_column_is_updatable(c.oid, a.attnum, false))) as updatable
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm')
  and a.attnum > 0 and not a.attisdropped`

const RELATIONSHIPS = `
select con.conname as name, n.nspname as schema, c.relname as relation,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
  fn.nspname as "referencedSchema", fc.relname as "referencedRelation",
  array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i)
    as "referencedColumns",
  exists (
    select 1 from pg_constraint u
    where u.conrelid = con.conrelid and u.contype in ('p', 'u')
      and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]
  ) or exists (
    select 1 from pg_index i
    where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
      and i.indkey::int2[] @> con.conkey::int2[] and i.indkey::int2[] <@ con.conkey::int2[]
  ) as "oneToOne"
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid
join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype = 'f' and con.conparentid = 0 and n.nspname = any($1::text[])`

// Trigger functions are not callable through the API; aggregates and procedures neither.
const FUNCTIONS = `
select n.nspname as schema, p.proname as name,
  coalesce(array(
    select json_build_object(
      'name', coalesce(p.proargnames[k.i], ''),
      'mode', case coalesce(p.proargmodes[k.i], 'i')
        when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout'
        when 'v' then 'variadic' when 't' then 'table' end,
      'type', (select typname from pg_type where oid = k.type_id),
      'hasDefault', coalesce(p.proargmodes[k.i], 'i') in ('i', 'v')
        and (select count(*) from unnest(coalesce(p.proargmodes, array_fill('i'::"char",
          array[array_length(coalesce(p.proallargtypes, p.proargtypes::oid[]), 1)])))
          with ordinality m(mode, j)
          where m.j >= k.i and m.mode in ('i', 'v')) <= p.pronargdefaults
    )
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(type_id, i)
    order by k.i
  ), '{}') as args,
  rt.typname as "returnType",
  nullif(rt.typrelid, 0)::int8 as "returnRelationId",
  p.proretset as "returnsSet"
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1::text[]) and p.prokind = 'f'
  and rt.typname not in ('trigger', 'event_trigger')`

const TYPES = `
select n.nspname as schema, t.typname as name,
  coalesce(array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid
    order by e.enumsortorder), '{}') as enums,
  coalesce(array(
    select json_build_object('name', a.attname, 'type', at.typname)
    from pg_attribute a join pg_type at on at.oid = a.atttypid
    where t.typtype = 'c' and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
    order by a.attnum
  ), '{}') as attributes,
  case when t.typtype = 'c' then t.typrelid::int8 end as "relationId"
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where (t.typtype = 'e' or (t.typtype = 'c' and
    (select relkind from pg_class where oid = t.typrelid) = 'c'))
  and n.nspname not in ('pg_catalog', 'information_schema')`

/** The catalog of the given schemas (those that exist), read in one read-only transaction. */
export async function readCatalog(sql: Sql, schemas: string[]): Promise<Catalog> {
  return (await sql.begin('read only', async (tx) => {
    const found = await tx<{ name: string }[]>`
      select nspname as name from pg_namespace where nspname = any(${schemas}::text[])`
    const names = found.map((row) => row.name)
    const relations = await tx.unsafe<(CatalogRelation & { id: string })[]>(RELATIONS, [names])
    const columns = await tx.unsafe<(CatalogColumn & { relationId: string })[]>(COLUMNS, [names])
    const relationships = await tx.unsafe<CatalogRelationship[]>(RELATIONSHIPS, [names])
    const functions = await tx.unsafe<
      (CatalogFunction & { returnRelationId: string | null; args: CatalogArgument[] })[]
    >(FUNCTIONS, [names])
    const types = await tx.unsafe<(CatalogType & { relationId: string | null })[]>(TYPES)
    return {
      schemas: names,
      relations: relations.map((r) => ({ ...r, id: Number(r.id) })),
      columns: columns.map((c) => ({ ...c, relationId: Number(c.relationId) })),
      relationships: relationships.map((r) => ({ ...r })),
      functions: functions.map((f) => ({
        ...f,
        returnRelationId: f.returnRelationId === null ? null : Number(f.returnRelationId),
      })),
      types: types.map((t) => ({
        ...t,
        relationId: t.relationId === null ? null : Number(t.relationId),
      })),
    }
  })) as Catalog
}
