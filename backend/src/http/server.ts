// The API server: one Fastify app on the loopback interface, answering CORS for every route,
// applying the front door's strict-key check, and mounting each service under its prefix.
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { corsHeaders, preflightHeaders } from './cors.ts'
import { gatewayRequest } from './caller.ts'

/** Paths the gateway lets through without a key, as the CLI's Kong does (browser redirects). */
const OPEN_PATHS = [/^\/auth\/v1\/(verify|callback|authorize)(\?|$)/, /^\/auth\/v1\/health(\?|$)/]
/** Paths behind the front door. */
const GUARDED = /^\/(rest|auth|storage|functions)\/v1(\/|\?|$)|^\/realtime\/v1\/api(\/|\?|$)/

export const NO_ROUTE = { message: 'no Route matched with those values' }

export async function buildApiServer(
  ctx: StackContext,
  services: Service[]
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    // Services read bodies as they need (streams for Storage); this is the default JSON limit.
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { maxParamLength: 4096 },
    // Services that need the raw query string (REST's repeated keys) read request.url.
  })

  // The same CORS headers for every response, built once.
  const cors = corsHeaders()
  // A callback hook, not an async one: it runs for every request, and settles without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(cors)
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const requested = request.headers['access-control-request-headers']
      void reply.code(200).headers(preflightHeaders(requested)).send()
      return
    }
    const url = request.url
    if (ctx.gateway.strictKeys && GUARDED.test(url) && !OPEN_PATHS.some((p) => p.test(url))) {
      const resolved = ctx.gateway.resolve(gatewayRequest(request))
      if (!resolved.ok) {
        void reply.code(resolved.status).send(resolved.body)
        return
      }
    }
    done()
  })

  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send(NO_ROUTE)
  })

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode
    if (status !== undefined && status >= 400 && status < 500) {
      void reply.code(status).send({ message: (error as Error).message })
      return
    }
    ctx.log.error(`unhandled error on ${request.method} ${request.url}`, error)
    void reply.code(500).send({ message: 'An unexpected error occurred' })
  })

  for (const service of services) {
    await app.register(async (scope) => service.register(scope, ctx), { prefix: service.prefix })
  }
  return app
}
