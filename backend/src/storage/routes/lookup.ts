// Finding the object a read route serves, the three ways Storage authorises a read: as the
// caller (row-level security), through a public bucket, or through a signed URL's token. And
// opening its file, once more if an overwrite replaced the version in between.
import type { FastifyRequest } from 'fastify'
import type { StorageCaller } from '../caller.ts'
import { callerScope, requireCaller, serviceScope } from '../caller.ts'
import type { BucketRow } from '../db/buckets.ts'
import { findBucket } from '../db/buckets.ts'
import type { ObjectRow } from '../db/objects.ts'
import { findObject } from '../db/objects.ts'
import type { StorageDeps } from '../deps.ts'
import { inScope, setRole } from '../deps.ts'
import type { OpenedFile } from '../disk.ts'
import { ERRORS, StorageError } from '../errors.ts'
import type { UrlSigner } from '../signed-url.ts'

export type Access = 'authenticated' | 'public' | 'sign'

export interface Found {
  bucket: BucketRow | null
  row: ObjectRow
  /** A signed URL's token: its transformations and format (render URLs), and its expiry. */
  signed?: { transformations?: string; format?: string; exp: number }
}

/** The bucket and key of an object route (`/:bucketName/*`). */
export function objectParams(request: FastifyRequest): { bucket: string; key: string } {
  const params = request.params as { bucketName: string; '*': string }
  return { bucket: params.bucketName, key: params['*'] }
}

export async function findForRead(
  deps: StorageDeps,
  request: FastifyRequest,
  access: Access,
  operation: string,
  signer: UrlSigner,
  options: { withBucket?: boolean } = {}
): Promise<Found> {
  const { bucket, key } = objectParams(request)
  if (access === 'authenticated') {
    const caller = await requireCaller(deps.ctx, request)
    return findAsCaller(deps, request, caller, bucket, key, operation, options.withBucket ?? false)
  }
  if (access === 'public') {
    return inScope(
      deps,
      serviceScope(request, operation),
      async (tx) => {
        const [bucketRow, row] = await Promise.all([
          findBucket(tx, bucket),
          findObject(tx, bucket, key),
        ])
        if (!bucketRow || !bucketRow.public) throw ERRORS.noSuchBucket()
        if (!row) throw ERRORS.noSuchKey()
        return { bucket: bucketRow, row }
      },
      { end: 'commit' }
    )
  }
  const token = (request.query as { token?: unknown }).token
  if (typeof token !== 'string' || token === '') {
    throw ERRORS.validation("querystring must have required property 'token'")
  }
  const verified = await signer.verifyDownload(token, `${bucket}/${key}`)
  const found = await inScope(
    deps,
    serviceScope(request, operation),
    async (tx) => {
      const [row, bucketRow] = await Promise.all([
        findObject(tx, bucket, key),
        options.withBucket ? findBucket(tx, bucket) : null,
      ])
      if (!row) throw ERRORS.noSuchKey()
      return { bucket: bucketRow, row }
    },
    { end: 'commit' }
  )
  const { transformations, format, exp } = verified
  return { ...found, signed: { transformations, format, exp } }
}

export async function findAsCaller(
  deps: StorageDeps,
  request: FastifyRequest,
  caller: StorageCaller,
  bucket: string,
  key: string,
  operation: string,
  withBucket = false
): Promise<Found> {
  return inScope(
    deps,
    callerScope(request, caller, operation),
    async (tx) => {
      // The object as the caller; the bucket's settings (for rendering) with Storage's authority.
      const [row, , bucketRow] = await Promise.all([
        findObject(tx, bucket, key),
        withBucket ? setRole(tx, 'service_role') : null,
        withBucket ? findBucket(tx, bucket) : null,
      ])
      if (!row) throw ERRORS.noSuchKey()
      return { bucket: bucketRow, row }
    },
    { end: 'commit' }
  )
}

/**
 * Opens the row's version; when an overwrite removed it meanwhile, reads the row again (as
 * Storage itself, the caller was allowed already) and opens the version that replaced it.
 */
export async function openFound(
  deps: StorageDeps,
  request: FastifyRequest,
  found: Found
): Promise<{ row: ObjectRow; file: OpenedFile }> {
  const bucket = found.row.bucket_id
  const key = found.row.name
  try {
    return { row: found.row, file: await deps.disk.open(bucket, key, found.row.version) }
  } catch (error) {
    if (!(error instanceof StorageError) || error.code !== 'NoSuchKey') throw error
  }
  const again = await inScope(
    deps,
    serviceScope(request, 'storage.object.get'),
    (tx) => findObject(tx, bucket, key),
    { end: 'commit' }
  )
  if (!again || again.id !== found.row.id || again.version === found.row.version) {
    throw ERRORS.noSuchKey()
  }
  return { row: again, file: await deps.disk.open(bucket, key, again.version) }
}
