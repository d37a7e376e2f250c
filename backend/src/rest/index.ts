// The REST service at /rest/v1, answering as PostgREST does behind Supabase's gateway. The schema
// cache loads when the service starts and reloads on `NOTIFY pgrst, 'reload schema'` (or
// 'reload config', or an empty payload) and after migrations.
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { RestHandler } from './handler.ts'
import { SchemaHolder } from './schema/holder.ts'

export function restService(): Service {
  let holder: SchemaHolder | null = null
  let unlisten: (() => Promise<void>) | null = null
  let onMigrated: (() => void) | null = null
  let context: StackContext | null = null

  const ensureHolder = (ctx: StackContext): SchemaHolder => {
    holder ??= new SchemaHolder(ctx.db.admin, schemasOf(ctx), ctx.log.child('rest'), () =>
      ctx.db.reloadRoleSettings()
    )
    return holder
  }

  return {
    name: 'rest',
    prefix: '/rest/v1',
    async register(app: FastifyInstance, ctx: StackContext) {
      context = ctx
      const handler = new RestHandler(ctx, ensureHolder(ctx))
      // Bodies are read raw: PostgREST's own parsing decides what an empty or bad body means.
      app.removeAllContentTypeParsers()
      app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body)
      )
      app.all('/*', async (request, reply) => {
        const response = await handler.handle(request)
        return reply.code(response.status).headers(response.headers).send(response.body)
      })
      app.all('/', async (request, reply) => {
        const response = await handler.handle(request)
        return reply.code(response.status).headers(response.headers).send(response.body)
      })
      // Methods no route is registered for still get PostgREST's answer (PGRST117).
      app.setNotFoundHandler(async (request, reply) => {
        const response = await handler.handle(request)
        return reply.code(response.status).headers(response.headers).send(response.body)
      })
    },
    async start(ctx: StackContext) {
      const schema = ensureHolder(ctx)
      // Loads in the background; requests wait for it. Not awaited, to keep start-up quick.
      schema.reload().catch(() => undefined)
      const listening = await ctx.db.admin.listen('pgrst', (payload) => {
        if (payload === '' || payload === 'reload schema' || payload === 'reload config') {
          schema.reload().catch(() => undefined)
        }
      })
      unlisten = () => listening.unlisten()
      // At start-up the first load began after the migrations ran; later runs need a reload.
      onMigrated = () => {
        if (schema.loaded) void schema.reload().catch(() => undefined)
      }
      ctx.events.on('migrated', onMigrated)
    },
    async stop() {
      holder?.close()
      if (onMigrated && context) context.events.off('migrated', onMigrated)
      if (unlisten) await unlisten().catch(() => undefined)
      unlisten = null
    },
  }
}

function schemasOf(ctx: StackContext): string[] {
  return ctx.config.api.schemas.length > 0 ? ctx.config.api.schemas : ['public']
}
