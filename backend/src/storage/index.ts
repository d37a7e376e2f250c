// The Storage service at /storage/v1, answering what @supabase/storage-js sends as Supabase
// Storage does: buckets and objects in storage.buckets / storage.objects under the caller's
// row-level security, files on local disk under <dataDir>/storage, signed URLs, image
// transformation. Buckets declared in config.toml are created at start.
import path from 'node:path'
import type { Service } from '../context.ts'
import { installBoundedJsonParser } from '../http/json-limits.ts'
import type { StorageDeps } from './deps.ts'
import { Disk } from './disk.ts'
import { storageErrorHandler, storageNotFoundHandler } from './error-handler.ts'
import { checkRequestNames } from './names.ts'
import { recoverUploads, sweepOrphans } from './recovery.ts'
import { bucketRoutes } from './routes/buckets.ts'
import { objectListRoutes } from './routes/objects-list.ts'
import { objectManageRoutes } from './routes/objects-manage.ts'
import { objectReadRoutes } from './routes/objects-read.ts'
import { objectWriteRoutes } from './routes/objects-write.ts'
import { renderRoutes } from './routes/render.ts'
import { signRoutes } from './routes/sign.ts'
import { seedConfigBuckets } from './seed-buckets.ts'
import { UrlSigner } from './signed-url.ts'
import { resumableUploads } from './tus/index.ts'
import type { ResumableUploads } from './tus/index.ts'

/** Storage's JSON body limit: Fastify's default (1 MiB), which Storage does not change. */
export const JSON_BODY_LIMIT = 1024 * 1024

export function storageService(): Service {
  let deps: StorageDeps | null = null
  let resumable: ResumableUploads | null = null
  let sweep: Promise<unknown> | null = null
  let stopping = false

  return {
    name: 'storage',
    prefix: '/storage/v1',

    async register(app, ctx) {
      const log = ctx.log.child('storage')
      const disk = await Disk.open(path.join(ctx.dataDir, 'storage'))
      const current: StorageDeps = { ctx, disk, log }
      deps = current
      // Before any request: uploads a previous run left between commit and rename.
      await recoverUploads(current)
      const signer = new UrlSigner(ctx.keys.jwtSecret, ctx.config.storage.signedUrlMaxExpiry)
      app.setErrorHandler(storageErrorHandler(log))
      app.setNotFoundHandler(storageNotFoundHandler)
      // Every name of every route, checked in one place once the body is parsed (names.ts).
      app.addHook('preHandler', (request, _reply, done) => {
        try {
          checkRequestNames(request)
        } catch (error) {
          done(error as Error)
          return
        }
        done()
      })
      await app.register(async (scope) => {
        // JSON bodies nested beyond MAX_JSON_DEPTH are refused (InvalidRequest) before parsing;
        // larger than Fastify's default limit, which Storage keeps, 413 (error-handler.ts).
        installBoundedJsonParser(scope, { bodyLimit: JSON_BODY_LIMIT })
        bucketRoutes(scope, current)
        objectReadRoutes(scope, current, signer)
        objectManageRoutes(scope, current)
        objectListRoutes(scope, current)
        signRoutes(scope, current, signer)
        renderRoutes(scope, current, signer)
      })
      await app.register(async (scope) => objectWriteRoutes(scope, current, signer))
      // Resumable uploads own their store, routes, recovery and sweep (tus/index.ts).
      resumable = resumableUploads(current, signer)
      await resumable.register(app)
    },

    async start() {
      if (!deps) return
      const current = deps
      await seedConfigBuckets(current)
      await resumable?.start()
      sweep = sweepOrphans(current, () => stopping).catch((error: unknown) => {
        if (!stopping) current.log.warn('the sweep of unreferenced files failed', error)
      })
    },

    async settled() {
      await deps?.disk.settled()
    },

    async stop() {
      stopping = true
      resumable?.stop()
      await sweep
      await deps?.disk.close()
    },
  }
}
