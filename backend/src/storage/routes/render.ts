// /render/image/authenticated|public|sign/<bucket>/<key>: the object read as for a download, then
// transformed (query options, or the ones a signed URL's token carries).
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StorageDeps } from '../deps.ts'
import { ERRORS } from '../errors.ts'
import { contentDisposition, isNotModified, objectHeaders } from '../http-object.ts'
import type { UrlSigner } from '../signed-url.ts'
import {
  decodeTransformation,
  encodeTransformation,
  MAX_SOURCE_BYTES,
  parseTransformation,
  renderImage,
} from '../transform.ts'
import type { Transformation } from '../transform.ts'
import type { Access, Found } from './lookup.ts'
import { findForRead, openFound } from './lookup.ts'

const OPERATIONS: Record<Access, string> = {
  authenticated: 'storage.render.image_authenticated',
  public: 'storage.render.image_public',
  sign: 'storage.render.image_sign',
}

export function renderRoutes(app: FastifyInstance, deps: StorageDeps, signer: UrlSigner): void {
  const render = (access: Access) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>
    // A signed URL's transformation is the one that was signed; the query cannot change it.
    const queryTransformation = access === 'sign' ? null : parseTransformation(query, 'querystring')
    const found = await findForRead(deps, request, access, OPERATIONS[access], signer, {
      withBucket: true,
    })
    const transformation = queryTransformation ?? signedOptions(found.signed)
    const { row, file } = await openFound(deps, request, found)
    let source: Buffer
    try {
      if (file.size > MAX_SOURCE_BYTES) {
        throw ERRORS.imageProcessing('The image exceeds the maximum size of 25MB')
      }
      source = await file.handle.readFile()
    } finally {
      await file.handle.close()
    }
    const accept = typeof request.headers.accept === 'string' ? request.headers.accept : ''
    const { etag: sourceTag, lastModified, headers } = objectHeaders(row, file, found.signed?.exp)
    const rendered = await renderImage(source, transformation, {
      accept,
      avifAutodetection: found.bucket?.avif_autodetection ?? false,
    })
    const etag = `"${createHash('md5')
      .update(`${sourceTag}|${encodeTransformation(transformation)}|${rendered.mimetype}`)
      .digest('hex')}"`
    reply.headers({ ...headers, etag, 'content-type': rendered.mimetype })
    // What was applied, in imgproxy's words, as Storage reports it.
    const applied = encodeTransformation(transformation)
    if (applied) reply.header('x-transformations', applied)
    if (rendered.negotiated) reply.header('vary', 'Accept')
    const download = query.download
    const disposition = contentDisposition(typeof download === 'string' ? download : undefined)
    if (disposition) reply.header('content-disposition', disposition)
    if (isNotModified(request.headers, etag, lastModified)) return reply.code(304).send()
    reply.header('content-length', String(rendered.data.length))
    return reply.send(rendered.data)
  }
  for (const access of ['authenticated', 'public', 'sign'] as const) {
    app.get(`/render/image/${access}/:bucketName/*`, render(access))
  }
}

/**
 * A signed URL's options: its transformations, and format "origin" from the token's own claim
 * (the transformations never hold it), as Storage's render route restores it.
 */
function signedOptions(signed: Found['signed']): Transformation {
  const transformation = decodeTransformation(signed?.transformations ?? '')
  if (signed?.format === 'origin') transformation.format = 'origin'
  return transformation
}
