// Listing, as the caller (row-level security hides what they may not read; an empty list, not an
// error): list() through storage.search, one folder level with relative names, and list-v2 with
// S3-style prefixes, an optional "/" delimiter and cursor pagination.
import type { FastifyInstance } from 'fastify'
import { callerScope, requireCaller } from '../caller.ts'
import { listObjectsV2 } from '../db/list-v2.ts'
import { searchObjects } from '../db/listing.ts'
import type { StorageDeps } from '../deps.ts'
import { inScope } from '../deps.ts'

const listSchema = {
  type: 'object',
  required: ['prefix'],
  properties: {
    prefix: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
    search: { type: 'string' },
    sortBy: {
      type: 'object',
      properties: {
        column: { type: 'string', enum: ['name', 'updated_at', 'created_at', 'last_accessed_at'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
      },
    },
  },
} as const

// Storage's body schema: a limit above 1000 is served as 1000, not refused.
const listV2Schema = {
  type: 'object',
  properties: {
    prefix: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    cursor: { type: 'string' },
    with_delimiter: { type: 'boolean' },
    sortBy: {
      type: 'object',
      properties: {
        column: { type: 'string', enum: ['name', 'updated_at', 'created_at'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
      },
      required: ['column'],
    },
  },
} as const

interface ListBody {
  prefix: string
  limit?: number
  offset?: number
  search?: string
  sortBy?: { column?: string; order?: string }
}

interface ListV2Body {
  prefix?: string
  cursor?: string
  limit?: number
  with_delimiter?: boolean
  sortBy?: { column: string; order?: string }
}

export function objectListRoutes(app: FastifyInstance, deps: StorageDeps): void {
  app.post('/object/list/:bucketName', { schema: { body: listSchema } }, async (request) => {
    const caller = await requireCaller(deps.ctx, request)
    const { bucketName } = request.params as { bucketName: string }
    const body = request.body as ListBody
    return inScope(
      deps,
      callerScope(request, caller, 'storage.object.list'),
      (tx) =>
        searchObjects(tx, {
          bucket: bucketName,
          prefix: body.prefix,
          limit: body.limit ?? 100,
          offset: body.offset ?? 0,
          search: body.search ?? '',
          sortColumn: body.sortBy?.column ?? 'name',
          sortOrder: body.sortBy?.order ?? 'asc',
        }),
      { end: 'commit' }
    )
  })

  app.post('/object/list-v2/:bucketName', { schema: { body: listV2Schema } }, async (request) => {
    const caller = await requireCaller(deps.ctx, request)
    const { bucketName } = request.params as { bucketName: string }
    const body = (request.body ?? {}) as ListV2Body
    return inScope(
      deps,
      callerScope(request, caller, 'storage.object.list_v2'),
      (tx) =>
        listObjectsV2(tx, {
          bucket: bucketName,
          prefix: body.prefix ?? '',
          cursor: body.cursor,
          limit: Math.min(body.limit || 1000, 1000),
          delimiter: body.with_delimiter ?? false,
          sortBy: body.sortBy,
        }),
      { end: 'commit' }
    )
  })
}
