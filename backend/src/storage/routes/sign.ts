// Signed URLs: one or many download URLs (the caller must be able to read the objects), optionally
// with a transformation that turns them into /render/image/sign URLs, and signed upload URLs (the
// caller must be able to write the key). URLs are relative to /storage/v1 and carry ?token=.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerScope, requireCaller } from '../caller.ts'
import { visibleNames } from '../db/objects.ts'
import type { StorageDeps } from '../deps.ts'
import { inScope } from '../deps.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../names.ts'
import type { UrlSigner } from '../signed-url.ts'
import { parseTransformation, signedTransformation } from '../transform.ts'
import { authorizeWrite } from '../upload.ts'
import { findAsCaller, objectParams } from './lookup.ts'

const signSchema = {
  type: 'object',
  required: ['expiresIn'],
  properties: {
    expiresIn: { type: 'integer', minimum: 1 },
    transform: { type: 'object' },
  },
} as const

const signManySchema = {
  type: 'object',
  required: ['expiresIn', 'paths'],
  properties: {
    expiresIn: { type: 'integer', minimum: 1 },
    paths: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000 },
  },
} as const

export const SIGN_MANY_MISSING = 'Either the object does not exist or you do not have access to it'

export function signRoutes(app: FastifyInstance, deps: StorageDeps, signer: UrlSigner): void {
  const { ctx } = deps

  app.post('/object/sign/:bucketName/*', { schema: { body: signSchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucket, key } = objectParams(request)
    const body = request.body as { expiresIn: number; transform?: Record<string, unknown> }
    const transform = body.transform ? parseTransformation(body.transform, 'body/transform') : {}
    // In the token as Storage puts it: the options in its words, the format in a claim of its
    // own; only options that transform make it a /render/image URL.
    const transformations = signedTransformation(transform)
    await findAsCaller(deps, request, caller, bucket, key, 'storage.object.sign')
    const token = await signer.signDownload(`${bucket}/${key}`, body.expiresIn, {
      transformations,
      format: transform.format,
    })
    const route = transformations ? '/render/image/sign' : '/object/sign'
    return { signedURL: `${route}/${bucket}/${key}?token=${token}` }
  })

  app.post('/object/sign/:bucketName', { schema: { body: signManySchema } }, async (request) => {
    const caller = await requireCaller(ctx, request)
    const { bucketName: bucket } = request.params as { bucketName: string }
    const body = request.body as { expiresIn: number; paths: string[] }
    const visible = await inScope(
      deps,
      callerScope(request, caller, 'storage.object.sign_many'),
      (tx) => visibleNames(tx, bucket, body.paths),
      { end: 'commit' }
    )
    return Promise.all(
      body.paths.map(async (path) => {
        if (!visible.has(path)) return { error: SIGN_MANY_MISSING, path, signedURL: null }
        const token = await signer.signDownload(`${bucket}/${path}`, body.expiresIn)
        return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` }
      })
    )
  })

  app.post('/object/upload/sign/:bucketName/*', async (request: FastifyRequest) => {
    const caller = await requireCaller(ctx, request)
    const { bucket, key } = objectParams(request)
    mustBeValidBucketName(bucket)
    mustBeValidKey(key)
    const upsert = request.headers['x-upsert'] === 'true'
    await authorizeWrite(
      deps,
      request,
      { bucket, key, upsert, owner: caller.sub, operation: 'storage.object.sign_upload_url' },
      caller
    )
    const token = await signer.signUpload(`${bucket}/${key}`, caller.sub, upsert)
    return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token }
  })
}
