// GET /rest/v1/: the OpenAPI (Swagger 2.0) description PostgREST serves for the exposed schema,
// listing the tables, views and functions the calling role may use (openapi-mode follow-privileges).
// Each one's definition and paths are openapi-paths.ts.
import type { StackContext } from '../context.ts'
import type { RequestScope } from '../db/scope.ts'
import type { ApiRequest } from './parse/request.ts'
import type { HttpResponse } from './respond.ts'
import { definition, formatOf, MEDIA, routinePaths, tablePaths } from './openapi-paths.ts'
import type { Json } from './openapi-paths.ts'
import type { SchemaCache } from './schema/types.ts'

export const POSTGREST_VERSION = '12.2.12'

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
