// /bucket: list, get, create, update, empty and delete buckets, each as the caller (row-level
// security on storage.buckets decides), except emptying, which Storage reserves to the service key.
import type { FastifyInstance } from 'fastify'
import { callerScope, requireCaller, requireServiceRole, serviceScope } from '../caller.ts'
import {
  bucketJson,
  deleteBucket,
  findBucket,
  insertBucket,
  listBuckets,
  listedBucketJson,
  updateBucket,
} from '../db/buckets.ts'
import type { ListBucketsOptions } from '../db/buckets.ts'
import { countObjects } from '../db/objects.ts'
import type { StorageDeps } from '../deps.ts'
import { inScope, setRole } from '../deps.ts'
import { ERRORS } from '../errors.ts'
import { parseAllowedMimeTypes, parseFileSizeLimit } from '../limits.ts'
import { mustBeValidBucketName, ownerUuid } from '../names.ts'
import { removeQuietly } from '../upload.ts'

interface BucketBody {
  id?: string
  name?: string
  public?: boolean
  file_size_limit?: number | string | null
  allowed_mime_types?: string[] | null
  type?: string
}

const bucketBodySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    public: { type: 'boolean' },
    // Numbers, strings with units and null: checked by parseFileSizeLimit.
    file_size_limit: {},
    // An array of strings or null: checked by parseAllowedMimeTypes.
    allowed_mime_types: {},
    type: { type: 'string', enum: ['STANDARD', 'ANALYTICS'] },
  },
} as const

const listQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
    search: { type: 'string' },
    sortColumn: { type: 'string', enum: ['id', 'name', 'created_at', 'updated_at'] },
    sortOrder: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const

export function bucketRoutes(app: FastifyInstance, deps: StorageDeps): void {
  const { ctx } = deps
  const globalLimit = ctx.config.storage.fileSizeLimit

  app.get('/bucket', { schema: { querystring: listQuerySchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const query = request.query as Partial<ListBucketsOptions> & { limit?: number }
    const options: ListBucketsOptions = {
      limit: query.limit ?? null,
      offset: query.offset ?? 0,
      search: query.search ?? '',
      sortColumn: query.sortColumn ?? 'name',
      sortOrder: query.sortOrder ?? 'asc',
    }
    const rows = await inScope(
      deps,
      callerScope(request, caller, 'storage.bucket.list'),
      (tx) => listBuckets(tx, options),
      { end: 'commit' }
    )
    return rows.map(listedBucketJson)
  })

  app.get('/bucket/:bucketId', async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucketId } = request.params as { bucketId: string }
    const row = await inScope(
      deps,
      callerScope(request, caller, 'storage.bucket.get'),
      (tx) => findBucket(tx, bucketId),
      { end: 'commit' }
    )
    if (!row) throw ERRORS.noSuchBucket()
    return bucketJson(row)
  })

  app.post('/bucket', { schema: { body: bucketBodySchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const body = (request.body ?? {}) as BucketBody
    if (body.name === undefined && body.id === undefined) {
      throw ERRORS.validation("body must have required property 'name'")
    }
    const id = mustBeValidBucketName(body.id ?? body.name)
    const name = mustBeValidBucketName(body.name ?? id)
    const bucket = {
      id,
      name,
      owner: ownerUuid(caller.sub),
      ownerId: caller.sub,
      public: body.public ?? false,
      fileSizeLimit: parseFileSizeLimit(body.file_size_limit, globalLimit),
      allowedMimeTypes: parseAllowedMimeTypes(body.allowed_mime_types),
      type: body.type ?? 'STANDARD',
    }
    await inScope(
      deps,
      callerScope(request, caller, 'storage.bucket.create'),
      (tx) => insertBucket(tx, bucket),
      { onConflict: ERRORS.bucketAlreadyExists }
    )
    return { name: id }
  })

  app.put('/bucket/:bucketId', { schema: { body: bucketBodySchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucketId } = request.params as { bucketId: string }
    const body = (request.body ?? {}) as BucketBody
    const changes = {
      public: body.public,
      fileSizeLimit:
        body.file_size_limit === undefined
          ? undefined
          : parseFileSizeLimit(body.file_size_limit, globalLimit),
      allowedMimeTypes:
        body.allowed_mime_types === undefined
          ? undefined
          : parseAllowedMimeTypes(body.allowed_mime_types),
    }
    await inScope(deps, callerScope(request, caller, 'storage.bucket.update'), async (tx) => {
      if (!(await findBucket(tx, bucketId))) throw ERRORS.noSuchBucket()
      if ((await updateBucket(tx, bucketId, changes)) === 0) throw ERRORS.noSuchBucket()
    })
    return { message: 'Successfully updated' }
  })

  app.post('/bucket/:bucketId/empty', async (request) => {
    const caller = await requireServiceRole(ctx, request)
    const { bucketId } = request.params as { bucketId: string }
    const deleted = await inScope(
      deps,
      serviceScope(request, 'storage.bucket.empty', caller),
      async (tx) => {
        if (!(await findBucket(tx, bucketId))) throw ERRORS.noSuchBucket()
        return tx<{ name: string; version: string | null }[]>`
          delete from storage.objects where bucket_id = ${bucketId} returning name, version
        `
      }
    )
    for (const row of deleted) await removeQuietly(deps, bucketId, row.name, row.version)
    return { message: 'Empty bucket has been queued. Completion may take up to an hour.' }
  })

  app.delete('/bucket/:bucketId', async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucketId } = request.params as { bucketId: string }
    await inScope(
      deps,
      callerScope(request, caller, 'storage.bucket.delete'),
      async (tx) => {
        if (!(await findBucket(tx, bucketId))) throw ERRORS.noSuchBucket()
        // Objects the caller cannot see still keep the bucket from being deleted.
        await setRole(tx, 'service_role')
        const objects = await countObjects(tx, bucketId)
        await setRole(tx, caller.role)
        if (objects > 0) throw ERRORS.bucketNotEmpty()
        if ((await deleteBucket(tx, bucketId)) === 0) throw ERRORS.noSuchBucket()
      },
      { onMissingParent: ERRORS.bucketNotEmpty }
    )
    await deps.disk.removeBucket(bucketId).catch((error: unknown) => {
      deps.log.warn(`could not remove the folder of bucket ${bucketId}`, error)
    })
    return { message: 'Successfully deleted' }
  })
}
