// Uploads: POST (x-upsert decides) and PUT (always an upsert) as the caller, and PUT to a signed
// upload URL, whose token names the key, the owner and whether it may overwrite. Registered in a
// scope of their own whose only body parser hands over the raw request stream: nothing buffers
// an upload (JSON, text or anything else), the upload streams it to disk.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireCaller } from '../caller.ts'
import type { StorageDeps } from '../deps.ts'
import { ERRORS } from '../errors.ts'
import type { UrlSigner } from '../signed-url.ts'
import { uploadObject } from '../upload.ts'
import { objectParams } from './lookup.ts'
import { header } from '../../http/header.ts'

export async function objectWriteRoutes(
  app: FastifyInstance,
  deps: StorageDeps,
  signer: UrlSigner
): Promise<void> {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  const upload = (method: 'POST' | 'PUT') => async (request: FastifyRequest) => {
    const caller = await requireCaller(deps.ctx, request)
    const { bucket, key } = objectParams(request)
    const upsert = method === 'PUT' || header(request, 'x-upsert') === 'true'
    const { id } = await uploadObject(
      deps,
      request,
      {
        bucket,
        key,
        upsert,
        owner: caller.sub,
        operation: method === 'PUT' ? 'storage.object.upload_update' : 'storage.object.upload',
      },
      caller
    )
    return { Id: id, Key: `${bucket}/${key}` }
  }
  app.post('/object/:bucketName/*', upload('POST'))
  app.put('/object/:bucketName/*', upload('PUT'))

  app.put('/object/upload/sign/:bucketName/*', async (request) => {
    const { bucket, key } = objectParams(request)
    const token = (request.query as { token?: unknown }).token
    if (typeof token !== 'string' || token === '') {
      throw ERRORS.validation("querystring must have required property 'token'")
    }
    const verified = await signer.verifyUpload(token, `${bucket}/${key}`)
    await uploadObject(
      deps,
      request,
      {
        bucket,
        key,
        upsert: verified.upsert,
        owner: verified.owner,
        operation: 'storage.object.upload_signed',
      },
      null
    )
    return { Key: `${bucket}/${key}` }
  })
}
