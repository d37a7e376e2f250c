// The REST service at /rest/v1, answering as PostgREST does behind Supabase's gateway. The schema
// cache loads when the service starts and reloads on `NOTIFY pgrst, 'reload schema'` (or
// 'reload config', or an empty payload) and after migrations.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { directBodyLength, readDirectBody, sendDirect } from '../http/direct.ts'
import { corsHeaders } from '../http/cors.ts'
import { SECURITY_HEADERS, transportHeaders } from '../http/security-headers.ts'
import { RestHandler } from './handler.ts'
import type { HttpResponse } from './respond.ts'
import { SchemaHolder } from './schema/holder.ts'

export function restService(): Service {
  let holder: SchemaHolder | null = null
  let unlisten: (() => Promise<void>) | null = null
  let onMigrated: (() => void) | null = null
  let context: StackContext | null = null
  let direct:
    ((request: IncomingMessage, response: ServerResponse, length: number) => void) | null = null

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
      direct = directPath(ctx, handler)
      // Bodies are read raw: PostgREST's own parsing decides what an empty or bad body means.
      app.removeAllContentTypeParsers()
      app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body)
      )
      // Every method and path, and the methods no route is registered for (PGRST117).
      const route = async (request: FastifyRequest, reply: FastifyReply) => {
        const response = await handler.handle(request)
        return reply.code(response.status).headers(response.headers).send(response.body)
      }
      app.all('/*', route)
      app.all('/', route)
      app.setNotFoundHandler(route)
    },
    // Every request Fastify would route to the handler, except bodies Fastify must judge.
    direct(request, response) {
      if (!direct) return false
      const length = directBodyLength(request)
      if (length === null) return false
      if (length > 0 && (request.method === 'GET' || request.method === 'HEAD')) return false
      direct(request, response, length)
      return true
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

/**
 * The handler answering straight from Node's HTTP server (http/direct.ts), as the routes above do
 * through Fastify: the same CORS headers, the raw body, Fastify's answer to an unexpected error.
 */
function directPath(ctx: StackContext, handler: RestHandler) {
  // The front door's headers, which its hook sets on the answers Fastify sends (http/server.ts).
  const cors = {
    ...corsHeaders(ctx.corsOrigin),
    ...SECURITY_HEADERS,
    ...transportHeaders(ctx.publicUrl),
  }
  const send = (request: IncomingMessage, response: ServerResponse, answer: HttpResponse) => {
    const headers = Object.assign({}, cors, answer.headers)
    sendDirect(request, response, answer.status, headers, answer.body)
  }
  const answer = (request: IncomingMessage, response: ServerResponse, body?: Buffer) => {
    const method = request.method ?? 'GET'
    const url = request.url ?? '/'
    handler.handle({ method, url, headers: request.headers, body }).then(
      (reply) => send(request, response, reply),
      (error: unknown) => {
        ctx.log.error(`unhandled error on ${method} ${url}`, error)
        send(request, response, {
          status: 500,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ message: 'An unexpected error occurred' }),
        })
      }
    )
  }
  return (request: IncomingMessage, response: ServerResponse, length: number): void => {
    if (length === 0) return answer(request, response)
    readDirectBody(request, length).then(
      (body) => answer(request, response, body),
      // The client went away before its body arrived: nobody to answer.
      () => response.destroy()
    )
  }
}

function schemasOf(ctx: StackContext): string[] {
  return ctx.config.api.schemas.length > 0 ? ctx.config.api.schemas : ['public']
}
