// What the change feed needs to know about a published table: its primary key, whether
// row-level security is on, each column's type (for the `columns` list, for rendering values and
// for comparing filter values), and which columns a role may select. Read from the catalog and
// cached; a Relation message from the stream (sent after any change to the table's definition,
// grants or RLS flag) drops the table's entries.
import type { Sql } from 'postgres'
import type { Comparison } from './filters.ts'
import { kindOfTypeName } from './values.ts'
import type { ValueType } from './values.ts'

export interface ColumnInfo {
  name: string
  /** pg_type.typname, as the `columns` list of a change names it (e.g. int8, _text). */
  typname: string
  /** The type, schema-qualified, for casts in SQL text. */
  sqlType: string
  valueType: ValueType
  comparison: Comparison
}

export interface TableInfo {
  relid: number
  schema: string
  table: string
  rls: boolean
  primaryKey: string[]
  columns: ColumnInfo[]
  byName: Map<string, ColumnInfo>
}

interface ColumnRow {
  name: string
  typname: string
  sql_type: string
  base: string
  category: string
  element: string | null
}

const NUMBER_BASES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'])

export function columnInfo(row: ColumnRow): ColumnInfo {
  const valueType: ValueType =
    row.category === 'A' && row.element
      ? { kind: 'array', element: { kind: kindOfTypeName(row.element) } }
      : { kind: kindOfTypeName(row.base) }
  const comparison: Comparison = NUMBER_BASES.has(row.base)
    ? 'number'
    : row.base === 'bool'
      ? 'bool'
      : 'text'
  return { name: row.name, typname: row.typname, sqlType: row.sql_type, valueType, comparison }
}

export class TableCatalog {
  private readonly tables = new Map<number, Promise<TableInfo | null>>()
  private readonly selectable = new Map<string, Promise<Set<string>>>()
  private readonly bypass = new Map<string, Promise<boolean>>()

  constructor(private readonly sql: Sql) {}

  /** Forgets what is known about a table (its definition, grants or RLS flag changed). */
  invalidate(relid: number): void {
    this.tables.delete(relid)
    for (const key of this.selectable.keys()) {
      if (key.startsWith(`${relid}:`)) this.selectable.delete(key)
    }
  }

  /** Forgets everything (after a reconnect, when changes may have been missed). */
  clear(): void {
    this.tables.clear()
    this.selectable.clear()
    this.bypass.clear()
  }

  table(relid: number): Promise<TableInfo | null> {
    let info = this.tables.get(relid)
    if (!info) {
      info = this.load(relid)
      info.catch(() => this.tables.delete(relid))
      this.tables.set(relid, info)
    }
    return info
  }

  /** The columns `role` may select in the table. */
  selectableColumns(relid: number, role: string): Promise<Set<string>> {
    const key = `${relid}:${role}`
    let columns = this.selectable.get(key)
    if (!columns) {
      columns = this.sql<{ name: string }[]>`
        select a.attname as name
        from pg_attribute a
        where a.attrelid = ${relid} and a.attnum > 0 and not a.attisdropped
          and has_column_privilege(${role}, a.attrelid, a.attnum, 'SELECT')
      `.then((rows) => new Set(rows.map((r) => r.name)))
      columns.catch(() => this.selectable.delete(key))
      this.selectable.set(key, columns)
    }
    return columns
  }

  /** Whether the role skips row-level security (service_role does). */
  bypassesRls(role: string): Promise<boolean> {
    let result = this.bypass.get(role)
    if (!result) {
      result = this.sql<{ bypass: boolean }[]>`
        select rolbypassrls or rolsuper as bypass from pg_roles where rolname = ${role}
      `.then((rows) => rows[0]?.bypass ?? false)
      result.catch(() => this.bypass.delete(role))
      this.bypass.set(role, result)
    }
    return result
  }

  private async load(relid: number): Promise<TableInfo | null> {
    const [row] = await this.sql<
      {
        schema: string
        table: string
        rls: boolean
        primary_key: string[]
        columns: ColumnRow[]
      }[]
    >`
      select n.nspname as schema, c.relname as table, c.relrowsecurity as rls,
        coalesce((
          select array_agg(a.attname order by k.ord)
          from pg_index i
          cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary
        ), '{}') as primary_key,
        coalesce((
          select json_agg(json_build_object(
            'name', a.attname,
            'typname', t.typname,
            'sql_type', format('%I.%I', tn.nspname, t.typname),
            'base', b.typname,
            'category', b.typcategory,
            'element', e.typname
          ) order by a.attnum)
          from pg_attribute a
          join pg_type t on t.oid = a.atttypid
          join pg_namespace tn on tn.oid = t.typnamespace
          join pg_type b on b.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
          left join pg_type e on e.oid = b.typelem and b.typcategory = 'A'
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        ), '[]') as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.oid = ${relid}
    `
    if (!row) return null
    const columns = row.columns.map(columnInfo)
    return {
      relid,
      schema: row.schema,
      table: row.table,
      rls: row.rls,
      primaryKey: row.primary_key,
      columns,
      byName: new Map(columns.map((c) => [c.name, c])),
    }
  }
}
