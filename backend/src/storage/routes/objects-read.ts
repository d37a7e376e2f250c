// Reading objects: downloads (as the caller, from a public bucket, through a signed URL), HEAD
// for the same (storage-js's exists()), and object info.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ObjectRow } from '../db/objects.ts'
import type { StorageDeps } from '../deps.ts'
import { sendObject } from '../http-object.ts'
import type { UrlSigner } from '../signed-url.ts'
import type { Access } from './lookup.ts'
import { findForRead, openFound } from './lookup.ts'

const OPERATIONS: Record<Access, { get: string; info: string }> = {
  authenticated: {
    get: 'storage.object.get_authenticated',
    info: 'storage.object.info_authenticated',
  },
  public: { get: 'storage.object.get_public', info: 'storage.object.info_public' },
  sign: { get: 'storage.object.get_signed', info: 'storage.object.info' },
}

export function objectReadRoutes(app: FastifyInstance, deps: StorageDeps, signer: UrlSigner): void {
  const serve =
    (access: Access, head: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const found = await findForRead(deps, request, access, OPERATIONS[access].get, signer)
      const { row, file } = await openFound(deps, request, found)
      const download = (request.query as { download?: string }).download
      return sendObject(request, reply, row, file, {
        head,
        download: typeof download === 'string' ? download : undefined,
        expires: found.signed?.exp,
      })
    }
  const info = (access: Access) => async (request: FastifyRequest) => {
    const found = await findForRead(deps, request, access, OPERATIONS[access].info, signer)
    return objectInfo(found.row)
  }

  const noHead = { exposeHeadRoute: false }
  for (const path of ['/object/:bucketName/*', '/object/authenticated/:bucketName/*']) {
    app.get(path, noHead, serve('authenticated', false))
    app.head(path, serve('authenticated', true))
  }
  app.get('/object/public/:bucketName/*', noHead, serve('public', false))
  app.head('/object/public/:bucketName/*', serve('public', true))
  app.get('/object/sign/:bucketName/*', noHead, serve('sign', false))
  app.head('/object/sign/:bucketName/*', serve('sign', true))

  app.get('/object/info/:bucketName/*', info('authenticated'))
  app.get('/object/info/authenticated/:bucketName/*', info('authenticated'))
  app.get('/object/info/public/:bucketName/*', info('public'))
}

/** GET /object/info: the object's facts in Storage's shape (storage-js camel-cases them). */
export function objectInfo(row: ObjectRow): Record<string, unknown> {
  const meta = row.metadata
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta?.size ?? null,
    content_type: meta?.mimetype ?? null,
    cache_control: meta?.cacheControl ?? null,
    etag: meta?.eTag ?? null,
    // No user metadata is {}, as Storage answers it, never null.
    metadata: row.user_metadata ?? {},
    last_modified: meta?.lastModified ?? row.updated_at,
    created_at: row.created_at,
  }
}
