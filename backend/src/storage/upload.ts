// An upload, as Storage's uploader does it: the caller's permission is tried (a dry-run insert, or
// upsert, as the caller, rolled back) while the bytes stream into a temporary file, which a
// refusal removes; then the row is written in one short transaction, and only after it commits is
// the file renamed into place and the previous version removed. A refused or broken upload leaves
// no file and no row; readers see the old version or the new one, never part of one. The answer
// goes out once the row commits: readers find a committed version in tmp/ until its rename, and
// the key stays locked until the file is in place, so the next writer of the key waits for it.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { StorageCaller } from './caller.ts'
import { callerScope, serviceScope } from './caller.ts'
import type { BucketRow } from './db/buckets.ts'
import { findBucket } from './db/buckets.ts'
import type { NewObject, ObjectMetadata } from './db/objects.ts'
import { insertObject, lockObject, upsertObject, writeObject } from './db/objects.ts'
import type { Written } from './db/objects.ts'
import type { StorageDeps } from './deps.ts'
import { dryRun, inScope, setRole } from './deps.ts'
import { ERRORS } from './errors.ts'
import { objectKey } from './key-locks.ts'
import { effectiveLimit, mustBeAllowedMimeType } from './limits.ts'
import { mustBeValidBucketName, mustBeValidKey, ownerUuid } from './names.ts'
import { receiveUpload } from './upload-body.ts'
import type { IncomingFile } from './upload-body.ts'

export interface UploadTarget {
  bucket: string
  key: string
  upsert: boolean
  /** The JWT sub recorded as owner (from the caller, or from a signed upload URL). */
  owner: string | null
  operation: string
}

/**
 * Checks, receives and stores an upload. `caller` is null for uploads a signed URL authorises
 * (the token was the permission check).
 */
export async function uploadObject(
  deps: StorageDeps,
  request: FastifyRequest,
  target: UploadTarget,
  caller: StorageCaller | null
): Promise<{ id: string }> {
  mustBeValidBucketName(target.bucket)
  mustBeValidKey(target.key)
  const globalLimit = deps.ctx.config.storage.fileSizeLimit
  // The permission check and the body's arrival overlap (see receiveUpload).
  const rules = authorizeWrite(deps, request, target, caller).then((bucket) => ({
    limit: effectiveLimit(globalLimit, bucket.file_size_limit),
    checkMimeType: (mimetype: string) => mustBeAllowedMimeType(mimetype, bucket.allowed_mime_types),
  }))
  // Handled by receiveUpload, which awaits it in every case; this only keeps an early refusal from
  // counting as unhandled while the turn below passes.
  rules.catch(() => undefined)
  // postgres.js sends small batches of queries from a setImmediate; once the body is flowing, the
  // socket's reads can hold the event loop for the whole body. Yield one turn so that the check's
  // queries are on the wire before the first byte of the body is read.
  await new Promise((resolve) => setImmediate(resolve))
  const file = await receiveUpload(request, deps.disk, globalLimit, rules)
  return storeObject(deps, request, target, caller, file)
}

/**
 * The bucket (read with Storage's authority: its limits apply to everyone) and the caller's
 * right to write the key, tried as the caller in the same rolled-back transaction.
 */
export async function authorizeWrite(
  deps: StorageDeps,
  request: FastifyRequest,
  target: UploadTarget,
  caller: StorageCaller | null
): Promise<BucketRow> {
  const probe = newRow(target, randomUUID(), null, null)
  if (!caller) {
    const bucket = await inScope(
      deps,
      serviceScope(request, target.operation),
      (tx) => findBucket(tx, target.bucket),
      { end: 'commit' }
    )
    if (!bucket) throw ERRORS.noSuchBucket()
    return bucket
  }
  return dryRun(
    deps,
    callerScope(request, caller, target.operation),
    async (tx) => {
      // Sent together (one round trip), answered in Storage's order: the bucket, then the write.
      const [asService, bucket, asCaller, write] = await Promise.allSettled([
        setRole(tx, 'service_role'),
        findBucket(tx, target.bucket),
        setRole(tx, caller.role),
        target.upsert ? upsertObject(tx, probe) : insertObject(tx, probe),
      ])
      for (const step of [asService, bucket]) if (step.status === 'rejected') throw step.reason
      if (bucket.status !== 'fulfilled' || !bucket.value) throw ERRORS.noSuchBucket()
      for (const step of [asCaller, write]) if (step.status === 'rejected') throw step.reason
      return bucket.value
    },
    { pipelined: true }
  )
}

/**
 * Writes the row for a received file and resolves once it commits; the file is then put in place
 * (and the version it replaced removed) holding the key's lock, tracked by the disk so that
 * stopping waits for it.
 */
export async function storeObject(
  deps: StorageDeps,
  request: FastifyRequest | null,
  target: UploadTarget,
  caller: StorageCaller | null,
  file: IncomingFile
): Promise<{ id: string }> {
  const { version } = file.received
  const metadata: ObjectMetadata = {
    eTag: `"${file.received.md5}"`,
    size: file.received.size,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.received.size,
    httpStatusCode: 200,
    ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
  }
  return new Promise((resolve, reject) => {
    const finished = deps.disk.locks.with([objectKey(target.bucket, target.key)], async () => {
      let outcome: Written
      try {
        outcome = await inScope(
          deps,
          serviceScope(request, target.operation, caller),
          async (tx) => {
            const row = newRow(target, randomUUID(), version, metadata, file.userMetadata)
            // One round trip: the key's lock and the write are sent together.
            const [, written] = await Promise.all([
              lockObject(tx, target.bucket, target.key),
              writeObject(tx, row, target.upsert),
            ])
            if (!written) throw ERRORS.keyAlreadyExists()
            return written
          },
          { end: 'commit' }
        )
      } catch (error) {
        try {
          await deps.disk.discard(version)
        } finally {
          reject(error as Error)
        }
        return
      }
      resolve({ id: outcome.id })
      await putInPlace(deps, target, version, outcome)
    })
    deps.disk.track(finished)
  })
}

/**
 * Renames a committed version into place and removes the one it replaced. A failure is logged:
 * readers still find the version in tmp/, and the next start's recovery finishes the rename.
 */
async function putInPlace(
  deps: StorageDeps,
  target: UploadTarget,
  version: string,
  outcome: Written
): Promise<void> {
  try {
    await deps.disk.commit(target.bucket, target.key, version)
  } catch (error) {
    deps.log.warn(`could not put ${target.bucket}/${target.key} version ${version} in place`, error)
    return
  }
  if (outcome.replaced) await removeQuietly(deps, target.bucket, target.key, outcome.previous)
}

function newRow(
  target: UploadTarget,
  id: string,
  version: string | null,
  metadata: ObjectMetadata | null,
  userMetadata: Record<string, unknown> | null = null
): NewObject {
  return {
    id,
    bucket: target.bucket,
    name: target.key,
    owner: ownerUuid(target.owner),
    ownerId: target.owner,
    version: version ?? randomUUID(),
    metadata,
    userMetadata,
  }
}

/** Removes a version no row points at any more; a failure only leaves a file the sweep removes. */
export async function removeQuietly(
  deps: StorageDeps,
  bucket: string,
  key: string,
  version: string | null
): Promise<void> {
  try {
    await deps.disk.remove(bucket, key, version)
  } catch (error) {
    deps.log.warn(`could not remove ${bucket}/${key} version ${version ?? '(none)'}`, error)
  }
}
