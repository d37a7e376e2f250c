// GET /rest/v1/: the OpenAPI (Swagger 2.0) description PostgREST serves for the exposed schema,
// listing the tables, views and functions the calling role may use (openapi-mode follow-privileges).
import type { StackContext } from '../context.ts'
import type { RequestScope } from '../db/scope.ts'
import type { ApiRequest } from './parse/request.ts'
import type { HttpResponse } from './respond.ts'
import { relationshipsOf } from './schema/types.ts'
import type { Column, Relation, Routine, SchemaCache } from './schema/types.ts'

export const POSTGREST_VERSION = '12.2.12'

type Json = Record<string, unknown>

const MEDIA = [
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
function formatOf(column: Column): string {
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

function definition(relation: Relation, cache: SchemaCache): Json {
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

function tablePaths(relation: Relation): Json {
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

function routinePaths(routine: Routine): Json {
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

const PARAMETERS: Json = {
  preferParams: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['params=single-object'],
    in: 'header',
    type: 'string',
  },
  preferReturn: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['return=representation', 'return=minimal', 'return=none'],
    in: 'header',
    type: 'string',
  },
  preferCount: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['count=none'],
    in: 'header',
    type: 'string',
  },
  preferPost: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: [
      'return=representation',
      'return=minimal',
      'return=none',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ],
    in: 'header',
    type: 'string',
  },
  select: {
    name: 'select',
    description: 'Filtering Columns',
    required: false,
    in: 'query',
    type: 'string',
  },
  on_conflict: {
    name: 'on_conflict',
    description: 'On Conflict',
    required: false,
    in: 'query',
    type: 'string',
  },
  order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
  range: {
    name: 'Range',
    description: 'Limiting and Pagination',
    required: false,
    in: 'header',
    type: 'string',
  },
  rangeUnit: {
    name: 'Range-Unit',
    description: 'Limiting and Pagination',
    required: false,
    default: 'items',
    in: 'header',
    type: 'string',
  },
  offset: {
    name: 'offset',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
  limit: {
    name: 'limit',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
}

/** The document, for the relations and functions (by oid) the caller may use. */
export function openApiDocument(
  cache: SchemaCache,
  schema: string,
  apiUrl: string,
  visible: { relations: Set<number>; routines: Set<number> }
): Json {
  const relations = [...cache.relations.values()]
    .filter((r) => r.schema === schema && visible.relations.has(r.oid))
    .sort((a, b) => a.name.localeCompare(b.name))
  const routines = [...cache.routines.values()]
    .flat()
    .filter((r) => r.schema === schema && visible.routines.has(r.oid))
    .sort((a, b) => a.name.localeCompare(b.name))
  const paths: Json = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { '200': { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  }
  const definitions: Json = {}
  const parameters: Json = { ...PARAMETERS }
  for (const relation of relations) {
    paths[`/${relation.name}`] = tablePaths(relation)
    definitions[relation.name] = definition(relation, cache)
    parameters[`body.${relation.name}`] = {
      name: relation.name,
      description: relation.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${relation.name}` },
    }
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = {
        name: column.name,
        required: false,
        format: formatOf(column),
        in: 'query',
        type: 'string',
        ...(column.description ? { description: column.description } : {}),
      }
    }
  }
  for (const routine of routines) paths[`/rpc/${routine.name}`] = routinePaths(routine)
  const url = new URL(apiUrl || 'http://127.0.0.1:54321')
  return {
    swagger: '2.0',
    info: {
      description: '',
      title: schema === 'public' ? 'standard public schema' : `${schema} schema`,
      version: POSTGREST_VERSION,
    },
    host: url.host,
    basePath: '/rest/v1/',
    schemes: [url.protocol.replace(':', '')],
    consumes: MEDIA,
    produces: MEDIA,
    paths,
    definitions,
    parameters,
    externalDocs: {
      description: 'PostgREST Documentation',
      url: 'https://postgrest.org/en/v12/references/api.html',
    },
  }
}

export async function openApiResponse(
  ctx: StackContext,
  cache: SchemaCache,
  req: ApiRequest,
  scope: RequestScope
): Promise<HttpResponse> {
  const visible = await ctx.db.withScope(scope, { readOnly: true }, async (tx) => {
    const relations = await tx.unsafe<{ oid: string }[]>(
      `select c.oid::int8 as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
         and has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE')`,
      [req.schema]
    )
    const routines = await tx.unsafe<{ oid: string }[]>(
      `select p.oid::int8 as oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = $1 and has_function_privilege(p.oid, 'EXECUTE')`,
      [req.schema]
    )
    return {
      relations: new Set(relations.map((r) => Number(r.oid))),
      routines: new Set(routines.map((r) => Number(r.oid))),
    }
  })
  const document = openApiDocument(cache, req.schema, ctx.publicUrl, visible)
  const headers: Record<string, string> = {
    'content-type': 'application/openapi+json; charset=utf-8',
  }
  if (req.negotiated) headers['content-profile'] = req.schema
  return { status: 200, headers, body: req.headOnly ? '' : JSON.stringify(document) }
}
