// What every part of the generated text uses: quoted names, name order, the empty map, and a
// Postgres type's TypeScript type as postgres-meta maps it.
import type { Catalog } from './catalog-types.ts'

export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)
export const quote = (text: string) => JSON.stringify(text)
export const EMPTY = '[_ in never]: never'

/** A type name as pg_type has it (`_text` for text[]) as a type in the Database type's text. */
export function tsType(catalog: Catalog, pgType: string): string {
  if (pgType === 'bool') return 'boolean'
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number'
  if (STRING_TYPES.has(pgType)) return 'string'
  if (pgType === 'json' || pgType === 'jsonb') return 'Json'
  if (pgType === 'void') return 'undefined'
  if (pgType === 'record') return 'Record<string, unknown>'
  if (pgType.startsWith('_')) return `(${tsType(catalog, pgType.slice(1))})[]`
  const included = (schema: string) => catalog.schemas.includes(schema)
  const enumType = catalog.types.find((t) => t.name === pgType && t.enums.length > 0)
  if (enumType) {
    return included(enumType.schema)
      ? `Database[${quote(enumType.schema)}]["Enums"][${quote(enumType.name)}]`
      : enumType.enums.map(quote).join(' | ')
  }
  const composite = catalog.types.find((t) => t.name === pgType && t.attributes.length > 0)
  if (composite) {
    return included(composite.schema)
      ? `Database[${quote(composite.schema)}]["CompositeTypes"][${quote(composite.name)}]`
      : 'unknown'
  }
  const relation = catalog.relations.find((r) => r.name === pgType)
  if (relation) {
    const kind = relation.kind === 'table' ? 'Tables' : 'Views'
    return included(relation.schema)
      ? `Database[${quote(relation.schema)}][${quote(kind)}][${quote(relation.name)}]["Row"]`
      : 'unknown'
  }
  return 'unknown'
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
