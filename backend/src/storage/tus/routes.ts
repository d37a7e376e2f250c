// /upload/resumable: resumable uploads as Supabase Storage serves them (tus 1.0.0 with creation,
// creation-with-upload, creation-defer-length, termination and expiration), authenticated with the
// caller's JWT, or under /upload/resumable/sign with a signed upload URL's token in x-signature.
// The caller's right to write the key (row-level security, tried as the caller and rolled back,
// the same check as a simple upload's) is tried when the upload is created, on every PATCH
// (while its body arrives: nothing is acknowledged unless it holds) and before every DELETE, and
// once more when the last byte is in, just before the object's row is written by the simple
// upload's own path (complete.ts). The bucket's size and type limits apply at creation; the
// bytes wait in the resumable store (store.ts) until then. One handler per method (handlers/).
import type { FastifyInstance } from 'fastify'
import type { TusContext } from './context.ts'
import { deleteHandler } from './handlers/delete.ts'
import { headHandler } from './handlers/head.ts'
import { optionsHandler } from './handlers/options.ts'
import { patchHandler } from './handlers/patch.ts'
import { postHandler } from './handlers/post.ts'
import { SIGNED_SUFFIX, TUS_PATH } from './protocol.ts'

export function resumableRoutes(app: FastifyInstance, t: TusContext): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
  const options = optionsHandler(t)
  for (const [base, signed] of [
    [TUS_PATH, false],
    [`${TUS_PATH}${SIGNED_SUFFIX}`, true],
  ] as const) {
    app.options(base, options)
    app.options(`${base}/*`, options)
    app.post(base, postHandler(t, signed))
    app.post(`${base}/`, postHandler(t, signed))
    app.head(`${base}/*`, headHandler(t, signed))
    app.patch(`${base}/*`, patchHandler(t, signed))
    app.delete(`${base}/*`, deleteHandler(t, signed))
  }
}
