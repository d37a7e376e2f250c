// The OpenAPI document's part for one table, view or function, as PostgREST writes it: its
// definition (each column as a Swagger schema, with its default, key notes and description) and
// its paths (the methods the caller may use, with their parameters and responses).
import { relationshipsOf } from './schema/types.ts'
import type { Column, Relation, Routine, SchemaCache } from './schema/types.ts'

export type Json = Record<string, unknown>

export const MEDIA = [
  'application/json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.object+json',
  'text/csv',
]

function swaggerType(type: string, baseType: string, category: string): Json {
  if (category === 'A') {
    return { type: 'array', items: { type: swaggerScalar(baseType.replace(/^_/, ''), 'S') } }
  }
  if (baseType === 'json' || baseType === 'jsonb') return {}
  return { type: swaggerScalar(baseType, category) }
}

function swaggerScalar(baseType: string, category: string): string {
  if (['int2', 'int4', 'int8'].includes(baseType)) return 'integer'
  if (['numeric', 'float4', 'float8'].includes(baseType) || category === 'N') return 'number'
  if (baseType === 'bool') return 'boolean'
  return 'string'
}

/** PostgREST prints types the way information_schema names them: `integer`, `text[]`. */
export function formatOf(column: Column): string {
  return column.type.replace(/^pg_catalog\./, '')
}

function columnSchema(relation: Relation, column: Column, cache: SchemaCache): Json {
  const schema: Json = {
    format: formatOf(column),
    ...swaggerType(column.type, column.baseType, column.category),
  }
  if (column.default !== null) schema.default = defaultValue(column.default)
  if (column.maxLength !== null) schema.maxLength = column.maxLength
  if (column.enumValues.length > 0) schema.enum = column.enumValues
  const notes: string[] = []
  if (relation.primaryKey.includes(column.name)) notes.push('This is a Primary Key.<pk/>')
  const fk = relationshipsOf(cache, relation, relation.schema).find(
    (r) => r.cardinality === 'm2o' && r.columns.length === 1 && r.columns[0]?.[0] === column.name
  )
  if (fk) {
    const target = fk.columns[0]?.[1] ?? ''
    notes.push(
      `This is a Foreign Key to \`${fk.foreignTable.name}.${target}\`.<fk table='${fk.foreignTable.name}' column='${target}'/>`
    )
  }
  const description = [column.description, notes.length > 0 ? `Note:\n${notes.join('\n')}` : null]
    .filter((d): d is string => d !== null)
    .join('\n\n')
  if (description !== '') schema.description = description
  return schema
}

function defaultValue(expression: string): unknown {
  const text = /^'(.*)'::[\w .[\]"]+$/s.exec(expression)
  if (text) return (text[1] as string).replace(/''/g, "'")
  if (/^-?\d+(\.\d+)?$/.test(expression)) return Number(expression)
  if (expression === 'true' || expression === 'false') return expression === 'true'
  return expression
}

export function definition(relation: Relation, cache: SchemaCache): Json {
  const properties: Json = {}
  for (const column of relation.columns)
    properties[column.name] = columnSchema(relation, column, cache)
  const required = relation.columns
    .filter((c) => !c.nullable && c.default === null && !c.generated)
    .map((c) => c.name)
  const out: Json = { properties, type: 'object' }
  if (required.length > 0) out.required = required
  if (relation.description) out.description = relation.description
  return out
}

export function tablePaths(relation: Relation): Json {
  const name = relation.name
  const filters = relation.columns.map((c) => ({
    $ref: `#/parameters/rowFilter.${name}.${c.name}`,
  }))
  const tags = [name]
  const paths: Json = {
    get: {
      parameters: [
        ...filters,
        { $ref: '#/parameters/select' },
        { $ref: '#/parameters/order' },
        { $ref: '#/parameters/range' },
        { $ref: '#/parameters/rangeUnit' },
        { $ref: '#/parameters/offset' },
        { $ref: '#/parameters/limit' },
        { $ref: '#/parameters/preferCount' },
      ],
      responses: {
        '200': {
          description: 'OK',
          schema: { items: { $ref: `#/definitions/${name}` }, type: 'array' },
        },
        '206': { description: 'Partial Content' },
      },
      tags,
      ...(relation.description ? { summary: relation.description.split('\n')[0] } : {}),
    },
  }
  if (relation.insertable) {
    paths.post = {
      parameters: [
        { $ref: `#/parameters/body.${name}` },
        { $ref: '#/parameters/select' },
        { $ref: '#/parameters/preferPost' },
      ],
      responses: { '201': { description: 'Created' } },
      tags,
    }
  }
  if (relation.updatable) {
    paths.patch = {
      parameters: [
        ...filters,
        { $ref: `#/parameters/body.${name}` },
        { $ref: '#/parameters/preferReturn' },
      ],
      responses: { '204': { description: 'No Content' } },
      tags,
    }
  }
  if (relation.deletable) {
    paths.delete = {
      parameters: [...filters, { $ref: '#/parameters/preferReturn' }],
      responses: { '204': { description: 'No Content' } },
      tags,
    }
  }
  return paths
}

export function routinePaths(routine: Routine): Json {
  const properties: Json = {}
  for (const p of routine.params) {
    if (p.name === '') continue
    const base = p.type.replace(/\[\]$/, '')
    properties[p.name] = {
      format: p.type,
      ...(p.type.endsWith('[]')
        ? { type: 'array', items: { type: swaggerScalar(base, 'S') } }
        : { type: swaggerScalar(scalarName(p.type), 'S') }),
    }
  }
  const required = routine.params.filter((p) => p.required && p.name !== '').map((p) => p.name)
  const tags = [`(rpc) ${routine.name}`]
  const summary = routine.description ? { summary: routine.description.split('\n')[0] } : {}
  const body: Json = { properties, type: 'object' }
  if (required.length > 0) body.required = required
  const post = {
    parameters: [
      { in: 'body', name: 'args', required: true, schema: body },
      { $ref: '#/parameters/preferParams' },
    ],
    produces: MEDIA.slice(0, 3),
    responses: { '200': { description: 'OK' } },
    tags,
    ...summary,
  }
  const paths: Json = { post }
  if (routine.volatility !== 'volatile') {
    paths.get = {
      parameters: routine.params
        .filter((p) => p.name !== '')
        .map((p) => ({
          format: p.type,
          in: 'query',
          name: p.name,
          required: p.required,
          type: 'string',
        })),
      produces: MEDIA.slice(0, 3),
      responses: { '200': { description: 'OK' } },
      tags,
      ...summary,
    }
  }
  return paths
}

const SCALARS: Record<string, string> = {
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  numeric: 'numeric',
  real: 'float4',
  'double precision': 'float8',
  boolean: 'bool',
}

function scalarName(type: string): string {
  return SCALARS[type] ?? type
}
