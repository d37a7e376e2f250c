// The buckets of config.toml ([storage.buckets.<name>]) are created or brought up to date at each
// start, and the files under each objects_path uploaded into them (keys are the paths relative to
// that folder; unchanged files are left alone), as `supabase start` seeds buckets.
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import mime from 'mime'
import { serviceScope } from './caller.ts'
import { findBucket, upsertConfigBucket } from './db/buckets.ts'
import { findObject } from './db/objects.ts'
import type { StorageDeps } from './deps.ts'
import { inScope } from './deps.ts'
import { StorageError } from './errors.ts'
import { effectiveLimit, mustBeAllowedMimeType } from './limits.ts'
import { isValidBucketName, isValidKey } from './names.ts'
import { storeObject } from './upload.ts'

const OPERATION = 'storage.bucket.seed'

export async function seedConfigBuckets(deps: StorageDeps): Promise<void> {
  const { config } = deps.ctx
  for (const [name, bucket] of Object.entries(config.storage.buckets)) {
    if (!isValidBucketName(name)) {
      deps.log.warn(`[storage.buckets.${name}]: not a valid bucket name; skipped`)
      continue
    }
    if (bucket.fileSizeLimit !== null && bucket.fileSizeLimit > config.storage.fileSizeLimit) {
      deps.log.warn(
        `[storage.buckets.${name}] file_size_limit is above [storage] file_size_limit; the global limit applies`
      )
    }
    await inScope(deps, serviceScope(null, OPERATION), (tx) =>
      upsertConfigBucket(tx, name, {
        public: bucket.public,
        fileSizeLimit: bucket.fileSizeLimit,
        allowedMimeTypes: bucket.allowedMimeTypes,
      })
    )
    if (bucket.objectsPath) await seedObjects(deps, name, bucket.objectsPath)
  }
}

async function seedObjects(deps: StorageDeps, bucket: string, folder: string): Promise<void> {
  const files = await listFiles(folder).catch((error: unknown) => {
    deps.log.warn(`[storage.buckets.${bucket}] objects_path ${folder} cannot be read`, error)
    return []
  })
  const row = await inScope(deps, serviceScope(null, OPERATION), (tx) => findBucket(tx, bucket))
  if (!row) return
  const limit = effectiveLimit(deps.ctx.config.storage.fileSizeLimit, row.file_size_limit)
  let uploaded = 0
  for (const file of files) {
    const key = path.relative(folder, file).split(path.sep).join('/')
    if (!isValidKey(key)) {
      deps.log.warn(`Skipping ${file}: "${key}" is not a valid object name`)
      continue
    }
    try {
      if (await seedObject(deps, bucket, key, file, limit, row.allowed_mime_types)) uploaded++
    } catch (error) {
      const reason = error instanceof StorageError ? error.message : String(error)
      deps.log.warn(`Could not upload ${file} to bucket ${bucket}: ${reason}`)
    }
  }
  if (uploaded > 0) deps.log.info(`Uploaded ${uploaded} files to bucket ${bucket}`)
}

/** Uploads one file unless the stored object has the same bytes; true when uploaded. */
async function seedObject(
  deps: StorageDeps,
  bucket: string,
  key: string,
  file: string,
  limit: number,
  allowedMimeTypes: string[] | null
): Promise<boolean> {
  const mimetype = mime.getType(file) ?? 'application/octet-stream'
  mustBeAllowedMimeType(mimetype, allowedMimeTypes)
  const received = await deps.disk.receive(createReadStream(file), limit)
  const existing = await inScope(deps, serviceScope(null, OPERATION), (tx) =>
    findObject(tx, bucket, key)
  )
  if (existing?.metadata?.eTag === `"${received.md5}"` && existing.metadata.mimetype === mimetype) {
    await deps.disk.discard(received.version)
    return false
  }
  await storeObject(
    deps,
    null,
    { bucket, key, upsert: true, owner: null, operation: OPERATION },
    null,
    {
      received,
      mimetype,
      cacheControl: 'max-age=3600',
      contentEncoding: null,
      userMetadata: null,
    }
  )
  return true
}

async function listFiles(folder: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(full)).isFile())) {
        found.push(full)
      }
    }
  }
  await walk(folder)
  return found.sort()
}
