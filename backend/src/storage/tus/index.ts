// Resumable uploads, a sub-service of Storage that owns all of its parts: the store under
// <dataDir>/storage/resumable (store.ts) and its routes (routes.ts) at register; at start the
// uploads a stop interrupted after their last byte are finished, then expired uploads are swept,
// at once and every minute at most; at stop the sweeper ends.
import type { FastifyInstance } from 'fastify'
import path from 'node:path'
import type { StorageDeps } from '../deps.ts'
import type { UrlSigner } from '../signed-url.ts'
import { completeUpload } from './complete.ts'
import type { TusContext } from './context.ts'
import { TUS_OPERATIONS } from './protocol.ts'
import { resumableRoutes } from './routes.ts'
import { ResumableStore } from './store.ts'

/** How long an incomplete resumable upload is kept: a day, as Supabase documents its upload URLs. */
export const DEFAULT_TUS_EXPIRY_MS = 24 * 60 * 60 * 1000
/** How often expired resumable uploads are looked for, at most. */
const TUS_SWEEP_INTERVAL_MS = 60_000

export interface ResumableUploads {
  /** Opens the store and registers the routes in `app`. */
  register(app: FastifyInstance): Promise<void>
  /** Finishes interrupted uploads, sweeps expired ones and keeps sweeping. */
  start(): Promise<void>
  stop(): void
}

export function resumableUploads(deps: StorageDeps, signer: UrlSigner): ResumableUploads {
  let store: ResumableStore | null = null
  let sweeper: NodeJS.Timeout | null = null

  return {
    async register(app) {
      const opened = await ResumableStore.open(
        path.join(deps.ctx.dataDir, 'storage', 'resumable'),
        expiryMs(),
        () => deps.disk.md5Session()
      )
      store = opened
      const t: TusContext = {
        deps,
        signer,
        store: opened,
        globalLimit: deps.ctx.config.storage.fileSizeLimit,
      }
      await app.register(async (scope) => resumableRoutes(scope, t))
    },

    async start() {
      if (!store) return
      const opened = store
      await finishInterrupted(deps, opened)
      const sweep = () =>
        opened.sweep().catch((error: unknown) => {
          deps.log.warn('the sweep of expired resumable uploads failed', error)
        })
      await sweep()
      sweeper = setInterval(() => void sweep(), Math.min(TUS_SWEEP_INTERVAL_MS, opened.expiryMs))
      sweeper.unref()
    },

    stop() {
      if (sweeper) clearInterval(sweeper)
    },
  }
}

/** TUS_URL_EXPIRY_MS as Storage names it: how long an incomplete resumable upload lives. */
function expiryMs(): number {
  const expiry = Number(process.env.TUS_URL_EXPIRY_MS ?? DEFAULT_TUS_EXPIRY_MS)
  return Number.isFinite(expiry) && expiry > 0 ? expiry : DEFAULT_TUS_EXPIRY_MS
}

/**
 * Resumable uploads whose last byte was acknowledged but whose row a stop interrupted are
 * finished as they would have been (their writer's checks were passed before the last PATCH).
 */
async function finishInterrupted(deps: StorageDeps, store: ResumableStore): Promise<void> {
  for (const info of await store.all()) {
    if (info.completed || info.size !== info.offset || store.isExpired(info)) continue
    const target = {
      bucket: info.bucket,
      key: info.key,
      upsert: info.upsert,
      owner: info.owner,
      operation: TUS_OPERATIONS.part,
    }
    try {
      await completeUpload(deps, store, null, info, target, null)
    } catch (error) {
      deps.log.warn(`could not finish the resumable upload of ${info.bucket}/${info.key}`, error)
    }
  }
}
