// Removing, moving and copying objects, and the CDN purge (a no-op locally: nothing is cached
// in front of the stack, but the route answers as Storage does for the service key).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerScope, requireCaller, requireServiceRole, serviceScope } from '../caller.ts'
import { deleteObjects, findObject } from '../db/objects.ts'
import type { StorageDeps } from '../deps.ts'
import { inScope } from '../deps.ts'
import { ERRORS } from '../errors.ts'
import { objectKey } from '../key-locks.ts'
import { copyObjectFor, moveObjectFor } from '../transfer.ts'
import type { TransferRequest } from '../transfer.ts'
import { removeQuietly } from '../upload.ts'
import { objectParams } from './lookup.ts'

const removeSchema = {
  type: 'object',
  required: ['prefixes'],
  properties: {
    prefixes: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000 },
  },
} as const

const transferSchema = {
  type: 'object',
  required: ['bucketId', 'sourceKey', 'destinationKey'],
  properties: {
    bucketId: { type: 'string' },
    sourceKey: { type: 'string' },
    destinationKey: { type: 'string' },
    destinationBucket: { type: 'string' },
    copyMetadata: { type: 'boolean' },
    metadata: { type: 'object' },
  },
} as const

interface TransferBody {
  bucketId: string
  sourceKey: string
  destinationKey: string
  destinationBucket?: string
  copyMetadata?: boolean
  metadata?: Record<string, unknown>
}

export function objectManageRoutes(app: FastifyInstance, deps: StorageDeps): void {
  const { ctx } = deps

  app.delete('/object/:bucketName', { schema: { body: removeSchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucketName: bucket } = request.params as { bucketName: string }
    const { prefixes } = request.body as { prefixes: string[] }
    const keys = prefixes.map((name) => objectKey(bucket, name))
    return deps.disk.locks.with(keys, async () => {
      const deleted = await inScope(
        deps,
        callerScope(request, caller, 'storage.object.delete_many'),
        (tx) => deleteObjects(tx, bucket, prefixes),
        { end: 'commit' }
      )
      for (const row of deleted) await removeQuietly(deps, bucket, row.name, row.version)
      return deleted
    })
  })

  app.delete('/object/:bucketName/*', async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucket, key } = objectParams(request)
    await deps.disk.locks.with([objectKey(bucket, key)], async () => {
      const deleted = await inScope(
        deps,
        callerScope(request, caller, 'storage.object.delete'),
        (tx) => deleteObjects(tx, bucket, [key]),
        { end: 'commit' }
      )
      const row = deleted[0]
      if (!row) throw ERRORS.noSuchKey()
      await removeQuietly(deps, bucket, row.name, row.version)
    })
    return { message: 'Successfully deleted' }
  })

  app.post('/object/move', { schema: { body: transferSchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    await moveObjectFor(deps, request, caller, transferOf(request))
    return { message: 'Successfully moved' }
  })

  app.post('/object/copy', { schema: { body: transferSchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const transfer = transferOf(request)
    const row = await copyObjectFor(deps, request, caller, transfer)
    return { Id: row.id, Key: `${row.bucket_id}/${row.name}`, ...row }
  })

  app.delete('/cdn/:bucketName/*', async (request) => {
    const caller = await requireServiceRole(ctx, request)
    const { bucket, key } = objectParams(request)
    const row = await inScope(
      deps,
      serviceScope(request, 'storage.object.purge_cache', caller),
      (tx) => findObject(tx, bucket, key)
    )
    if (!row) throw ERRORS.noSuchKey()
    return { message: 'success' }
  })

  app.delete('/cdn/:bucketName', async (request) => {
    await requireServiceRole(ctx, request)
    return { message: 'success' }
  })
}

function transferOf(request: FastifyRequest): TransferRequest {
  const body = request.body as TransferBody
  return {
    bucket: body.bucketId,
    sourceKey: body.sourceKey,
    destinationBucket: body.destinationBucket || body.bucketId,
    destinationKey: body.destinationKey,
    upsert: request.headers['x-upsert'] === 'true',
    copyMetadata: body.copyMetadata ?? true,
    metadata: body.metadata ?? null,
  }
}
