// The text of `supabase gen types typescript`: catalog rows in, the `Database` type out, in the
// shape postgres-meta's typescript template gives it (Tables/Views/Functions/Enums/CompositeTypes,
// Row/Insert/Update, Relationships, the Tables<>/TablesInsert<>/TablesUpdate<>/Enums<>/
// CompositeTypes<> helpers, Constants) and formatted as it formats it (prettier, no semicolons).
// The catalog's shape is catalog-types.ts; the Functions are typescript-functions.ts.
import type { Catalog, CatalogColumn, CatalogRelation, CatalogType } from './catalog-types.ts'
import { HELPERS } from './typescript-helpers.ts'
import { FunctionRenderer } from './typescript-functions.ts'
import { byName, EMPTY, quote, tsType } from './typescript-text.ts'

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

class Renderer {
  private readonly schemas: string[]
  private readonly columnsOf = new Map<number, CatalogColumn[]>()
  private readonly fns: FunctionRenderer

  constructor(private readonly catalog: Catalog) {
    this.schemas = [...catalog.schemas].sort((a, b) => a.localeCompare(b))
    for (const relation of catalog.relations) this.columnsOf.set(relation.id, [])
    for (const column of [...catalog.columns].sort(byName)) {
      this.columnsOf.get(column.relationId)?.push(column)
    }
    this.fns = new FunctionRenderer(catalog, this.columnsOf)
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
      ${this.fns.functions(schema)}
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
    const computed = this.fns.functionsOf(table.schema).filter((fn) => {
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

  private enumsOf(schema: string): CatalogType[] {
    return this.catalog.types.filter((t) => t.schema === schema && t.enums.length > 0).sort(byName)
  }

  private tsType(pgType: string): string {
    return tsType(this.catalog, pgType)
  }
}
