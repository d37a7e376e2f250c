// POST: creates an upload (creation, creation-defer-length) after the writer's right and the
// bucket's limits are tried, and takes its first bytes when they come along
// (creation-with-upload).
import { randomUUID } from 'node:crypto'
import { header } from '../../../http/header.ts'
import { effectiveLimit, mustBeAllowedMimeType } from '../../limits.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../../names.ts'
import { authorizeWrite } from '../../upload.ts'
import type { TusContext } from '../context.ts'
import { finish, locationOf, receive, targetOf, tusRoute, writerFor } from '../context.ts'
import {
  cacheControlOf,
  OFFSET_CONTENT_TYPE,
  parseMetadata,
  TUS_ERRORS,
  TUS_OPERATIONS,
} from '../protocol.ts'
import type { Metadata, UploadId } from '../protocol.ts'
import type { UploadInfo } from '../store.ts'

export function postHandler(t: TusContext, signed: boolean) {
  return tusRoute(t, signed, async (request, reply, known) => {
    if (header(request, 'upload-concat') !== undefined) throw TUS_ERRORS.concatenation()
    const length = header(request, 'upload-length')
    const deferred = header(request, 'upload-defer-length')
    if ((length === undefined) === (deferred === undefined)) throw TUS_ERRORS.invalidLength()
    const metadataHeader = header(request, 'upload-metadata')
    const metadata: Metadata = metadataHeader === undefined ? {} : parseMetadata(metadataHeader)
    const bucket = mustBeValidBucketName(metadata.bucketName ?? '')
    const key = mustBeValidKey(metadata.objectName ?? '')
    const writer = await writerFor(t, request, known, { bucket, key })
    const id: UploadId = { bucket, key, version: randomUUID() }
    const found = await authorizeWrite(
      t.deps,
      request,
      targetOf(id, writer, TUS_OPERATIONS.create),
      writer.caller
    )
    const limit = effectiveLimit(t.globalLimit, found.file_size_limit)
    const size = length === undefined ? null : Number(length)
    if (size !== null && size > limit) throw TUS_ERRORS.maxSizeExceeded()
    if (metadata.contentType) mustBeAllowedMimeType(metadata.contentType, found.allowed_mime_types)
    metadata.cacheControl = cacheControlOf(metadata.cacheControl)
    const now = Date.now()
    const info: UploadInfo = {
      ...id,
      size,
      offset: 0,
      metadata,
      owner: writer.owner,
      upsert: writer.upsert,
      createdAt: now,
      expiresAt: now + t.store.expiryMs,
      completed: false,
    }
    await t.store.create(info)
    const headers: Record<string, string> = { Location: locationOf(request, signed, id) }
    if (header(request, 'content-type') === OFFSET_CONTENT_TYPE) {
      const release = await t.store.lock(id.version, () => request.raw.destroy())
      try {
        headers['Upload-Offset'] = String(await receive(t, request, info, limit))
      } finally {
        release()
      }
    }
    if (info.size === info.offset) {
      await finish(t, request, info, writer)
      headers['Tus-Complete'] = '1'
    } else {
      headers['Upload-Expires'] = new Date(info.expiresAt).toUTCString()
    }
    void reply.code(201).headers(headers).send()
  })
}
