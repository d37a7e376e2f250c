// A resumable upload whose last byte is in becomes an object through the simple upload's own path
// (storeObject): its bytes handed to Storage's disk, its row written, then marked complete.
import type { FastifyRequest } from 'fastify'
import type { StorageCaller } from '../caller.ts'
import type { StorageDeps } from '../deps.ts'
import { storeObject } from '../upload.ts'
import type { UploadTarget } from '../upload.ts'
import type { ResumableStore, UploadInfo } from './store.ts'

export async function completeUpload(
  deps: StorageDeps,
  store: ResumableStore,
  request: FastifyRequest | null,
  info: UploadInfo,
  target: UploadTarget,
  caller: StorageCaller | null
): Promise<void> {
  const md5 = await store.md5(info)
  await store.linkTo(info, deps.disk.tempPath(info.version))
  await storeObject(deps, request, target, caller, {
    received: { version: info.version, size: info.offset, md5 },
    mimetype: info.metadata.contentType || 'application/octet-stream',
    cacheControl: info.metadata.cacheControl || 'no-cache',
    contentEncoding: null,
    userMetadata: userMetadataOf(info.metadata.metadata),
  })
  await store.complete(info)
}

/** The `metadata` entry of Upload-Metadata as the object's user metadata: a JSON object or none. */
function userMetadataOf(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>
    }
  } catch {
    // Storage ignores metadata that is not JSON
  }
  return null
}
