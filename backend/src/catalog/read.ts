// Reads the catalog once for both of its readers: REST's schema cache (rest/schema/load.ts) and
// `gen types typescript` (gen/catalog.ts). The relations (partitions left out, as PostgREST
// leaves them), columns, keys, view definitions and functions of the given schemas, and every
// enum and composite type, in one read-only transaction. Types are printed with pg_catalog alone
// on the search path: fully qualified.
import type { Sql } from 'postgres'
import type {
  CatalogReading,
  ColumnRow,
  ConstraintRow,
  RawType,
  RawView,
  RelationRow,
  RoutineRow,
} from './rows.ts'

const RELATIONS = `
select c.oid::int8 as oid, n.nspname as schema, c.relname as name, c.relkind as kind,
  obj_description(c.oid, 'pg_class') as description,
  (c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid, true) & 8) = 8) as insertable,
  (c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid, true) & 4) = 4) as updatable,
  (c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid, true) & 16) = 16) as deletable,
  (c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20) as auto_updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and not c.relispartition`

const COLUMNS = `
select a.attrelid::int8 as oid, a.attname as name, a.attnum::int4 as position,
  format_type(a.atttypid, a.atttypmod) as type,
  coalesce(bt.typname, t.typname)::text as base_type,
  coalesce(bt.typcategory, t.typcategory)::text as category,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
  case
    when d.adbin is not null then pg_get_expr(d.adbin, d.adrelid)
    when a.attidentity = 'd' then format('nextval(%L::regclass)',
      pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
    when t.typtype = 'd' and t.typdefaultbin is not null then pg_get_expr(t.typdefaultbin, 0)
  end as default,
  (d.adbin is not null or (t.typtype = 'd' and t.typdefaultbin is not null)) as has_default,
  nullif(a.attidentity, '')::text as identity,
  (c.relkind in ('r', 'p', 'f') or pg_column_is_updatable(c.oid, a.attnum, false)) as writable,
  case when coalesce(bt.oid, t.oid) in (1042, 1043) and a.atttypmod > 4 then a.atttypmod - 4 end as max_length,
  case when coalesce(bt.typtype, t.typtype) = 'e' then array(
    select e.enumlabel::text from pg_enum e where e.enumtypid = coalesce(bt.oid, t.oid) order by e.enumsortorder
  ) end as enum_values,
  col_description(a.attrelid, a.attnum) as description,
  (a.attgenerated <> '' or a.attidentity = 'a') as generated
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and not c.relispartition and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`

// Keys of every user schema: views in an exposed schema may sit on tables elsewhere.
const CONSTRAINTS = `
select con.conname as name, con.contype::text as type, con.conrelid::int8 as oid,
  con.confrelid::int8 as foreign_oid, con.conkey::int4[] as column_nums,
  con.confkey::int4[] as foreign_column_nums,
  n.nspname as schema, c.relname as relation,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i)
    as column_names,
  fn.nspname as foreign_schema, fc.relname as foreign_relation,
  case when con.contype = 'f' then array(
    select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i
  ) end as foreign_column_names,
  con.contype = 'f' and (exists (
    select 1 from pg_constraint u
    where u.conrelid = con.conrelid and u.contype in ('p', 'u')
      and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]
  ) or exists (
    select 1 from pg_index i
    where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
      and i.indkey::int2[] @> con.conkey::int2[] and i.indkey::int2[] <@ con.conkey::int2[]
  )) as one_to_one
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype in ('p', 'u', 'f') and con.conparentid = 0
  and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'`

const VIEWS = `
select c.oid::int8 as oid, r.ev_action::text as action
from pg_rewrite r
join pg_class c on c.oid = r.ev_class
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('v', 'm') and r.rulename = '_RETURN' and n.nspname = any($1::text[])`

const ROUTINES = `
select p.oid::int8 as oid, n.nspname as schema, p.proname as name,
  obj_description(p.oid, 'pg_proc') as description,
  p.provolatile::text as volatility, p.proretset as set_of, p.pronargdefaults::int4 as n_defaults,
  format_type(p.prorettype, null) as return_type,
  rt.typname::text as return_type_name,
  nullif(rt.typrelid, 0)::int8 as return_type_relation,
  bt.typname::text as return_base_type,
  bt.typtype::text as return_typtype,
  case when rc.relkind in ('r', 'v', 'm', 'f', 'p') then rn.nspname end as return_schema,
  case when rc.relkind in ('r', 'v', 'm', 'f', 'p') then rc.relname end as return_relation,
  case when bt.typtype = 'c' then (
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a where a.attrelid = bt.typrelid and a.attnum > 0 and not a.attisdropped
  ) end as return_columns,
  p.prorows::float8 as rows,
  (
    select json_build_object('schema', an.nspname, 'name', ac.relname)
    from pg_type at
    join pg_class ac on ac.oid = at.typrelid
    join pg_namespace an on an.oid = ac.relnamespace
    where p.pronargs = 1 and at.oid = p.proargtypes[0] and ac.relkind in ('r', 'v', 'm', 'f', 'p')
  ) as arg_relation,
  p.proargnames as arg_names,
  p.proargmodes::text[] as arg_modes,
  array(
    select format_type(t.oid, null)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(type_oid, ord)
    join pg_type t on t.oid = u.type_oid
    order by u.ord
  ) as arg_types,
  array(
    select t.typname::text
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(type_oid, ord)
    join pg_type t on t.oid = u.type_oid
    order by u.ord
  ) as arg_type_names
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
-- The returned type through any domains to its base, as PostgREST's base_types: a domain over a
-- composite type returns that type's rows.
join lateral (
  with recursive chain(oid, depth) as (
    select p.prorettype, 0
    union all
    select d.typbasetype, chain.depth + 1
    from chain join pg_type d on d.oid = chain.oid and d.typtype = 'd'
  )
  select t.* from chain join pg_type t on t.oid = chain.oid order by chain.depth desc limit 1
) bt on true
left join pg_class rc on rc.oid = bt.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1::text[]) and p.prokind = 'f'`

// Enums and composite types of every schema but the system's (a column may use one from another).
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
  case when t.typtype = 'c' then t.typrelid::int8 end as relation_id
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where (t.typtype = 'e' or (t.typtype = 'c' and
    (select relkind from pg_class where oid = t.typrelid) = 'c'))
  and n.nspname not in ('pg_catalog', 'information_schema')`

const PRESENT = `select nspname as name from pg_namespace where nspname = any($1::text[])`

type Oid<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null }
const id = (value: string | null) => (value === null ? null : Number(value))

/** The catalog of `schemas` (those of them that exist), read in one read-only transaction. */
export async function readCatalogRows(sql: Sql, schemas: string[]): Promise<CatalogReading> {
  const rows = await sql.begin('read only', async (tx) => {
    await tx.unsafe(`set local search_path = pg_catalog`)
    return Promise.all([
      tx.unsafe<{ name: string }[]>(PRESENT, [schemas]),
      tx.unsafe<Oid<RelationRow, 'oid'>[]>(RELATIONS, [schemas]),
      tx.unsafe<Oid<ColumnRow, 'oid'>[]>(COLUMNS, [schemas]),
      tx.unsafe<Oid<ConstraintRow, 'oid' | 'foreign_oid'>[]>(CONSTRAINTS),
      tx.unsafe<Oid<RawView, 'oid'>[]>(VIEWS, [schemas]),
      tx.unsafe<Oid<RoutineRow, 'oid' | 'return_type_relation'>[]>(ROUTINES, [schemas]),
      tx.unsafe<Oid<RawType, 'relation_id'>[]>(TYPES),
    ])
  })
  const [present, relations, columns, constraints, views, routines, types] = rows
  return {
    schemas,
    present: present.map((row) => row.name),
    relations: relations.map((r) => ({ ...r, oid: Number(r.oid) })),
    columns: columns.map((c) => ({ ...c, oid: Number(c.oid) })),
    constraints: constraints.map((c) => ({
      ...c,
      oid: Number(c.oid),
      foreign_oid: Number(c.foreign_oid),
    })),
    views: views.map((v) => ({ ...v, oid: Number(v.oid) })),
    routines: routines.map((r) => ({
      ...r,
      oid: Number(r.oid),
      return_type_relation: id(r.return_type_relation),
    })),
    types: types.map((t) => ({ ...t, relation_id: id(t.relation_id) })),
  }
}
