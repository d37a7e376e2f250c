// Move and copy, also across buckets. The caller must be able to read the source and write the
// destination (tried as the caller and rolled back); then, with Storage's authority, the bytes get
// a new version (a hard link: versions are never modified), the row is written, and after the
// commit the version is renamed into place and, for a move, the old file removed.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { TransactionSql } from 'postgres'
import type { StorageCaller } from './caller.ts'
import { callerScope, serviceScope } from './caller.ts'
import { findBucket } from './db/buckets.ts'
import type { ObjectRow } from './db/objects.ts'
import {
  findObject,
  insertObject,
  lockObject,
  moveObject,
  replaceObject,
  upsertObject,
} from './db/objects.ts'
import type { StorageDeps } from './deps.ts'
import { dryRun, inScope, setRole } from './deps.ts'
import { ERRORS } from './errors.ts'
import { objectKey } from './key-locks.ts'
import { effectiveLimit, mustBeAllowedMimeType } from './limits.ts'
import { mustBeValidBucketName, mustBeValidKey, ownerUuid } from './names.ts'
import { removeQuietly } from './upload.ts'

export interface TransferRequest {
  bucket: string
  sourceKey: string
  destinationBucket: string
  destinationKey: string
  upsert: boolean
  /** Copy only: keep the source's user metadata (default) or use `metadata`. */
  copyMetadata: boolean
  metadata: Record<string, unknown> | null
}

export async function moveObjectFor(
  deps: StorageDeps,
  request: FastifyRequest,
  caller: StorageCaller,
  move: TransferRequest
): Promise<void> {
  validate(move)
  const operation = 'storage.object.move'
  if (move.bucket === move.destinationBucket && move.sourceKey === move.destinationKey) {
    await readSource(deps, request, caller, move, operation)
    return
  }
  const owner = caller.sub
  await dryRun(deps, callerScope(request, caller, operation), async (tx) => {
    const source = await mustFind(tx, move.bucket, move.sourceKey)
    await checkDestination(tx, caller, move, source)
    const moved = await moveObject(tx, source.id, {
      bucket: move.destinationBucket,
      name: move.destinationKey,
      version: randomUUID(),
      owner: ownerUuid(owner),
      ownerId: owner,
    })
    if (moved === 0) throw ERRORS.noSuchKey()
  })
  await deps.disk.locks.with(lockKeys(move), async () => {
    const done = await transferWithAuthority(
      deps,
      request,
      caller,
      move,
      operation,
      async (tx, source, version) => {
        await moveObject(tx, source.id, {
          bucket: move.destinationBucket,
          name: move.destinationKey,
          version,
          owner: ownerUuid(owner),
          ownerId: owner,
        })
        return source
      }
    )
    await removeQuietly(deps, move.bucket, move.sourceKey, done.source.version)
  })
}

export async function copyObjectFor(
  deps: StorageDeps,
  request: FastifyRequest,
  caller: StorageCaller,
  copy: TransferRequest
): Promise<ObjectRow> {
  validate(copy)
  const operation = 'storage.object.copy'
  const owner = caller.sub
  await dryRun(deps, callerScope(request, caller, operation), async (tx) => {
    const source = await mustFind(tx, copy.bucket, copy.sourceKey)
    await checkDestination(tx, caller, copy, source)
    const probe = {
      id: randomUUID(),
      bucket: copy.destinationBucket,
      name: copy.destinationKey,
      owner: ownerUuid(owner),
      ownerId: owner,
      version: randomUUID(),
      metadata: source.metadata,
      userMetadata: null,
    }
    await (copy.upsert ? upsertObject(tx, probe) : insertObject(tx, probe))
  })
  await deps.disk.locks.with(lockKeys(copy), async () => {
    const done = await transferWithAuthority(
      deps,
      request,
      caller,
      copy,
      operation,
      async (tx, source, version) => {
        const existing = await findObject(tx, copy.destinationBucket, copy.destinationKey, {
          forUpdate: true,
        })
        if (existing && !copy.upsert) throw ERRORS.keyAlreadyExists()
        const row = {
          id: existing?.id ?? randomUUID(),
          bucket: copy.destinationBucket,
          name: copy.destinationKey,
          owner: ownerUuid(owner),
          ownerId: owner,
          version,
          metadata: source.metadata,
          userMetadata: copy.copyMetadata ? source.user_metadata : copy.metadata,
        }
        if (existing) await replaceObject(tx, existing.id, row)
        else await insertObject(tx, row)
        return existing
      }
    )
    if (done.result) {
      await removeQuietly(deps, copy.destinationBucket, copy.destinationKey, done.result.version)
    }
  })
  const row = await inScope(deps, serviceScope(request, operation, caller), (tx) =>
    findObject(tx, copy.destinationBucket, copy.destinationKey)
  )
  if (!row) throw ERRORS.noSuchKey()
  return row
}

/**
 * The write both operations share, with Storage's authority: lock both keys, re-read the source,
 * link its bytes to a new temporary version, let `write` change the rows, and after the commit
 * rename the version into place at the destination.
 */
async function transferWithAuthority<T>(
  deps: StorageDeps,
  request: FastifyRequest,
  caller: StorageCaller,
  transfer: TransferRequest,
  operation: string,
  write: (tx: TransactionSql, source: ObjectRow, version: string) => Promise<T>
): Promise<{ source: ObjectRow; result: T }> {
  let version: string | null = null
  let outcome: { source: ObjectRow; result: T }
  try {
    outcome = await inScope(deps, serviceScope(request, operation, caller), async (tx) => {
      const keys = [
        [transfer.bucket, transfer.sourceKey],
        [transfer.destinationBucket, transfer.destinationKey],
      ].sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`))
      for (const [bucket, key] of keys) await lockObject(tx, bucket!, key!)
      const source = await mustFind(tx, transfer.bucket, transfer.sourceKey, true)
      version = await deps.disk.linkToTemp(transfer.bucket, transfer.sourceKey, source.version)
      return { source, result: await write(tx, source, version) }
    })
  } catch (error) {
    if (version !== null) await deps.disk.discard(version)
    throw error
  }
  await deps.disk.commit(transfer.destinationBucket, transfer.destinationKey, version!)
  return outcome
}

/** The destination bucket exists and takes the source's size and type. */
async function checkDestination(
  tx: TransactionSql,
  caller: StorageCaller,
  transfer: TransferRequest,
  source: ObjectRow
): Promise<void> {
  await setRole(tx, 'service_role')
  const bucket = await findBucket(tx, transfer.destinationBucket)
  await setRole(tx, caller.role)
  if (!bucket) throw ERRORS.noSuchBucket()
  if (transfer.destinationBucket === transfer.bucket) return
  const size = source.metadata?.size ?? 0
  if (size > effectiveLimit(Number.POSITIVE_INFINITY, bucket.file_size_limit)) {
    throw ERRORS.entityTooLarge()
  }
  mustBeAllowedMimeType(
    source.metadata?.mimetype ?? 'application/octet-stream',
    bucket.allowed_mime_types
  )
}

async function readSource(
  deps: StorageDeps,
  request: FastifyRequest,
  caller: StorageCaller,
  transfer: TransferRequest,
  operation: string
): Promise<ObjectRow> {
  return inScope(deps, callerScope(request, caller, operation), (tx) =>
    mustFind(tx, transfer.bucket, transfer.sourceKey)
  )
}

async function mustFind(
  tx: TransactionSql,
  bucket: string,
  key: string,
  forUpdate = false
): Promise<ObjectRow> {
  const row = await findObject(tx, bucket, key, { forUpdate })
  if (!row) throw ERRORS.noSuchKey()
  return row
}

function lockKeys(transfer: TransferRequest): string[] {
  return [
    objectKey(transfer.bucket, transfer.sourceKey),
    objectKey(transfer.destinationBucket, transfer.destinationKey),
  ]
}

function validate(transfer: TransferRequest): void {
  mustBeValidBucketName(transfer.bucket)
  mustBeValidBucketName(transfer.destinationBucket)
  mustBeValidKey(transfer.sourceKey)
  mustBeValidKey(transfer.destinationKey)
}
