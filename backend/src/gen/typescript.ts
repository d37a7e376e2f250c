// The text of `supabase gen types typescript`: catalog rows in, the `Database` type out, in the
// shape postgres-meta's typescript template gives it (Tables/Views/Functions/Enums/CompositeTypes,
// Row/Insert/Update, Relationships, the Tables<>/TablesInsert<>/TablesUpdate<>/Enums<>/
// CompositeTypes<> helpers, Constants) and formatted as it formats it (prettier, no semicolons).
import { HELPERS } from './typescript-helpers.ts'

export interface CatalogRelation {
  id: number
  schema: string
  name: string
  kind: 'table' | 'view'
  /** Views only: UPDATE and DELETE reach the table below (auto-updatable). */
  updatable: boolean
}

export interface CatalogColumn {
  relationId: number
  name: string
  /** The type's name as pg_type has it (`int4`, `_text` for text[], the enum's name); a domain's base type. */
  type: string
  nullable: boolean
  hasDefault: boolean
  identity: 'ALWAYS' | 'BY DEFAULT' | null
  /** Views: the column can be written through the view. */
  updatable: boolean
}

export interface CatalogRelationship {
  name: string
  schema: string
  relation: string
  columns: string[]
  referencedSchema: string
  referencedRelation: string
  referencedColumns: string[]
  /** The foreign key's columns are also a unique key of their table. */
  oneToOne: boolean
}

export interface CatalogArgument {
  /** '' when unnamed. */
  name: string
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table'
  type: string
  hasDefault: boolean
}

export interface CatalogFunction {
  schema: string
  name: string
  args: CatalogArgument[]
  /** The return type's name (`void`, `int8`, a table's name for its row type). */
  returnType: string
  /** The relation (table, view or composite type) whose row the function returns, if any. */
  returnRelationId: number | null
  returnsSet: boolean
}

export interface CatalogType {
  schema: string
  name: string
  /** Enum labels in their order; empty for composite types. */
  enums: string[]
  /** Composite types' attributes; empty for enums. */
  attributes: { name: string; type: string }[]
  /** Composite types: the pg_class row of the type. */
  relationId: number | null
}

export interface Catalog {
  /** The schemas to describe, as found in the database. */
  schemas: string[]
  relations: CatalogRelation[]
  columns: CatalogColumn[]
  relationships: CatalogRelationship[]
  functions: CatalogFunction[]
  /** Enums and composite types of every schema (a column may use one from another schema). */
  types: CatalogType[]
}

export interface TypescriptOptions {
  /** The PostgREST version the stack speaks, written as __InternalSupabase.PostgrestVersion. */
  postgrestVersion: string
}

export async function renderTypescript(
  catalog: Catalog,
  options: TypescriptOptions
): Promise<string> {
  const text = new Renderer(catalog).render(options)
  const { format } = await import('prettier')
  return format(text, { parser: 'typescript', semi: false })
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)
const quote = (text: string) => JSON.stringify(text)
const EMPTY = '[_ in never]: never'

class Renderer {
  private readonly schemas: string[]
  private readonly columnsOf = new Map<number, CatalogColumn[]>()

  constructor(private readonly catalog: Catalog) {
    this.schemas = [...catalog.schemas].sort((a, b) => a.localeCompare(b))
    for (const relation of catalog.relations) this.columnsOf.set(relation.id, [])
    for (const column of [...catalog.columns].sort(byName)) {
      this.columnsOf.get(column.relationId)?.push(column)
    }
  }

  render(options: TypescriptOptions): string {
    return `
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: ${quote(options.postgrestVersion)}
  }
  ${this.schemas.map((schema) => `${quote(schema)}: ${this.schema(schema)}`).join('\n')}
}

${HELPERS}

export const Constants = {
  ${this.schemas
    .map(
      (schema) => `${quote(schema)}: {
    Enums: {
      ${this.enumsOf(schema)
        .map((e) => `${quote(e.name)}: [${e.enums.map(quote).join(', ')}],`)
        .join('\n')}
    },
  },`
    )
    .join('\n')}
} as const
`
  }

  private schema(schema: string): string {
    const relations = this.catalog.relations.filter((r) => r.schema === schema).sort(byName)
    const tables = relations.filter((r) => r.kind === 'table')
    const views = relations.filter((r) => r.kind === 'view')
    const composites = this.catalog.types
      .filter((t) => t.schema === schema && t.attributes.length > 0)
      .sort(byName)
    const enums = this.enumsOf(schema)
    return `{
    Tables: {
      ${tables.length === 0 ? EMPTY : tables.map((t) => this.table(t)).join('\n')}
    }
    Views: {
      ${views.length === 0 ? EMPTY : views.map((v) => this.view(v)).join('\n')}
    }
    Functions: {
      ${this.functions(schema)}
    }
    Enums: {
      ${enums.length === 0 ? EMPTY : enums.map((e) => `${quote(e.name)}: ${e.enums.map(quote).join(' | ')}`).join('\n')}
    }
    CompositeTypes: {
      ${composites.length === 0 ? EMPTY : composites.map((c) => this.composite(c)).join('\n')}
    }
  }`
  }

  private composite(type: CatalogType): string {
    return `${quote(type.name)}: {
      ${type.attributes.map((a) => `${quote(a.name)}: ${this.tsType(a.type)} | null`).join('\n')}
    }`
  }

  private table(table: CatalogRelation): string {
    const columns = this.columnsOf.get(table.id) ?? []
    const computed = this.functionsOf(table.schema).filter((fn) => {
      const inArgs = fn.args.filter((a) => a.mode === 'in')
      return inArgs.length === 1 && inArgs[0]?.name === '' && inArgs[0].type === table.name
    })
    const row = [
      ...columns.map(
        (c) => `${quote(c.name)}: ${this.tsType(c.type)}${c.nullable ? ' | null' : ''}`
      ),
      ...computed.map((fn) => `${quote(fn.name)}: ${this.tsType(fn.returnType)} | null`),
    ]
    const insert = columns.map((c) => {
      if (c.identity === 'ALWAYS') return `${quote(c.name)}?: never`
      const optional = c.nullable || c.identity !== null || c.hasDefault
      return `${quote(c.name)}${optional ? '?' : ''}: ${this.tsType(c.type)}${c.nullable ? ' | null' : ''}`
    })
    const update = columns.map((c) => {
      if (c.identity === 'ALWAYS') return `${quote(c.name)}?: never`
      return `${quote(c.name)}?: ${this.tsType(c.type)}${c.nullable ? ' | null' : ''}`
    })
    return `${quote(table.name)}: {
      Row: {
        ${row.join('\n')}
      }
      Insert: {
        ${insert.join('\n')}
      }
      Update: {
        ${update.join('\n')}
      }
      Relationships: [
        ${this.relationships(table)}
      ]
    }`
  }

  private view(view: CatalogRelation): string {
    const columns = this.columnsOf.get(view.id) ?? []
    const row = columns.map(
      (c) => `${quote(c.name)}: ${this.tsType(c.type)}${c.nullable ? ' | null' : ''}`
    )
    const writable = columns.map((c) =>
      c.updatable ? `${quote(c.name)}?: ${this.tsType(c.type)} | null` : `${quote(c.name)}?: never`
    )
    const writes = view.updatable
      ? `Insert: {
        ${writable.join('\n')}
      }
      Update: {
        ${writable.join('\n')}
      }`
      : ''
    return `${quote(view.name)}: {
      Row: {
        ${row.join('\n')}
      }
      ${writes}
      Relationships: [
        ${this.relationships(view)}
      ]
    }`
  }

  private relationships(relation: CatalogRelation): string {
    return this.catalog.relationships
      .filter(
        (r) =>
          r.schema === relation.schema &&
          r.referencedSchema === relation.schema &&
          r.relation === relation.name
      )
      .sort(
        (a, b) =>
          a.name.localeCompare(b.name) ||
          a.referencedRelation.localeCompare(b.referencedRelation) ||
          JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns))
      )
      .map(
        (r) => `{
        foreignKeyName: ${quote(r.name)}
        columns: ${JSON.stringify(r.columns)}
        isOneToOne: ${r.oneToOne}
        referencedRelation: ${quote(r.referencedRelation)}
        referencedColumns: ${JSON.stringify(r.referencedColumns)}
      },`
      )
      .join('\n')
  }

  /** Functions PostgREST can call: every input argument named, or a single unnamed one. */
  private functionsOf(schema: string): CatalogFunction[] {
    return this.catalog.functions
      .filter((fn) => {
        if (fn.schema !== schema) return false
        const inArgs = fn.args.filter((a) => ['in', 'inout', 'variadic'].includes(a.mode))
        return inArgs.every((a) => a.name !== '') || inArgs.length === 1
      })
      .sort(byName)
  }

  private functions(schema: string): string {
    const grouped = new Map<string, CatalogFunction[]>()
    for (const fn of this.functionsOf(schema)) {
      grouped.set(fn.name, [...(grouped.get(fn.name) ?? []), fn])
    }
    if (grouped.size === 0) return EMPTY
    return [...grouped]
      .map(([name, overloads]) => {
        const shapes = overloads.map((fn) => this.functionShape(fn)).sort()
        return `${quote(name)}: ${shapes.length === 1 ? shapes[0] : shapes.map((s) => `| ${s}`).join('\n')}`
      })
      .join('\n')
  }

  private functionShape(fn: CatalogFunction): string {
    const inArgs = fn.args.filter((a) => a.mode === 'in').sort(byName)
    const args =
      inArgs.length === 0
        ? 'never'
        : `{ ${inArgs
            .map((a) => `${quote(a.name)}${a.hasDefault ? '?' : ''}: ${this.tsType(a.type)}`)
            .join('\n')} }`
    const relation = this.relationById(fn.returnRelationId)
    const setof = relation
      ? `SetofOptions: {
        from: ${quote(this.computedFrom(fn) ?? '*')}
        to: ${quote(relation.name)}
        isOneToOne: ${!fn.returnsSet}
        isSetofReturn: ${fn.returnsSet}
      }`
      : ''
    return `{ Args: ${args}
      Returns: ${this.returns(fn)}${fn.returnsSet ? '[]' : ''}
      ${setof}
    }`
  }

  /** A function over one table's row (a computed relationship) embeds from that table. */
  private computedFrom(fn: CatalogFunction): string | null {
    const inArgs = fn.args.filter((a) => a.mode === 'in')
    if (inArgs.length !== 1) return null
    const type = inArgs[0]?.type
    return this.catalog.relations.some((r) => r.kind === 'table' && r.name === type)
      ? (type ?? null)
      : null
  }

  private returns(fn: CatalogFunction): string {
    const tableArgs = fn.args.filter((a) => a.mode === 'table').sort(byName)
    if (tableArgs.length > 0) {
      return `{
        ${tableArgs.map((a) => `${quote(a.name)}: ${this.tsType(a.type)}`).join('\n')}
      }`
    }
    const relation = this.relationById(fn.returnRelationId)
    if (relation && relation.kind !== 'composite') {
      const columns = this.columnsOf.get(relation.id) ?? []
      return `{
        ${columns
          .map((c) => `${quote(c.name)}: ${this.tsType(c.type)}${c.nullable ? ' | null' : ''}`)
          .join('\n')}
      }`
    }
    return this.tsType(fn.returnType)
  }

  private relationById(
    id: number | null
  ): { id: number; name: string; kind: 'table' | 'view' | 'composite' } | null {
    if (id === null) return null
    const relation = this.catalog.relations.find((r) => r.id === id)
    if (relation) return relation
    const composite = this.catalog.types.find((t) => t.relationId === id)
    return composite ? { id, name: composite.name, kind: 'composite' } : null
  }

  private enumsOf(schema: string): CatalogType[] {
    return this.catalog.types.filter((t) => t.schema === schema && t.enums.length > 0).sort(byName)
  }

  private tsType(pgType: string): string {
    if (pgType === 'bool') return 'boolean'
    if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number'
    if (STRING_TYPES.has(pgType)) return 'string'
    if (pgType === 'json' || pgType === 'jsonb') return 'Json'
    if (pgType === 'void') return 'undefined'
    if (pgType === 'record') return 'Record<string, unknown>'
    if (pgType.startsWith('_')) return `(${this.tsType(pgType.slice(1))})[]`
    const included = (schema: string) => this.catalog.schemas.includes(schema)
    const enumType = this.catalog.types.find((t) => t.name === pgType && t.enums.length > 0)
    if (enumType) {
      return included(enumType.schema)
        ? `Database[${quote(enumType.schema)}]["Enums"][${quote(enumType.name)}]`
        : enumType.enums.map(quote).join(' | ')
    }
    const composite = this.catalog.types.find((t) => t.name === pgType && t.attributes.length > 0)
    if (composite) {
      return included(composite.schema)
        ? `Database[${quote(composite.schema)}]["CompositeTypes"][${quote(composite.name)}]`
        : 'unknown'
    }
    const relation = this.catalog.relations.find((r) => r.name === pgType)
    if (relation) {
      const kind = relation.kind === 'table' ? 'Tables' : 'Views'
      return included(relation.schema)
        ? `Database[${quote(relation.schema)}][${quote(kind)}][${quote(relation.name)}]["Row"]`
        : 'unknown'
    }
    return 'unknown'
  }
}

const STRING_TYPES = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
])
