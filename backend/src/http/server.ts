// The API server: one Fastify app, answering CORS for every route, applying the front door's
// strict-key check, and mounting each service under its prefix; with `serve`, the web app too.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { redactUrl } from '../redact.ts'
import { registerApp } from './app-server.ts'
import { clientAddress, passClientAddress, trustedProxies } from './client-address.ts'
import { corsHeaders, preflightHeaders } from './cors.ts'
import { gatewayRequest } from './caller.ts'
import { registerCspReports } from './csp-reports.ts'
import { BODY_LIMIT } from './direct.ts'
import { CSP_REPORT_PATH, SECURITY_HEADERS, transportHeaders } from './security-headers.ts'

/** Paths the gateway lets through without a key, as the CLI's Kong does (browser redirects). */
const OPEN_PATHS = [
  /^\/auth\/v1\/(verify|callback|authorize)(\?|$)/,
  /^\/auth\/v1\/health(\?|$)/,
  // Auth's OAuth 2.1 server, for third-party apps, which hold no project key: the browser sent
  // to authorize, the app's token and userinfo requests, the discovery documents.
  /^\/auth\/v1\/oauth\/(authorize|token|userinfo)(\?|$)/,
  /^\/auth\/v1\/\.well-known\/(openid-configuration|oauth-authorization-server)(\?|$)/,
  // The public keys, as self-hosted Supabase's Kong opens them (auth-v1-open-jwks).
  /^\/auth\/v1\/\.well-known\/jwks\.json(\?|$)/,
]
/** Reads open without a key: public and signed Storage URLs, which browsers load as they are
 * (img src, a download link), as on hosted projects and behind self-hosted Kong. */
const OPEN_READS = /^\/storage\/v1\/(object|render\/image)\/(public|sign)\//
/** Paths behind the front door. */
const GUARDED = /^\/(rest|auth|storage|functions)\/v1(\/|\?|$)|^\/realtime\/v1\/api(\/|\?|$)/

/** Paths of the API, never the app's. */
const API_PATH = /^\/(rest|auth|storage|realtime|functions|graphql)\/v1(\/|\?|$)/

export const NO_ROUTE = { message: 'no Route matched with those values' }

/** What `serve` adds to the front door (http/front-door.ts); `start` passes none of it. */
export interface FrontDoorOptions {
  /**
   * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (addresses or CIDR
   * ranges, or 'loopback'); without any, the socket's address is the client's.
   */
  trustedProxies?: string[]
  /**
   * The built web app (its dist/ folder) on the same port, for every path no service owns; its
   * /config.json names the public URL and the publishable key.
   */
  appDist?: string
  /** A line per request (method, URL, status, time) in the log: `serve` with LOG_LEVEL=debug. */
  logRequests?: boolean
  /** Mounts more on the root scope once the services are registered (/health). */
  extend?: (app: FastifyInstance, ctx: StackContext, services: Service[]) => Promise<void>
}

export async function buildApiServer(
  ctx: StackContext,
  services: Service[],
  front: FrontDoorOptions = {}
): Promise<FastifyInstance> {
  // Services with a direct path (see direct.ts) are offered their requests before Fastify. The
  // front door's strict-key check and CORS preflights stay with Fastify's hook.
  const direct = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url
    if (ctx.gateway.strictKeys || request.method === 'OPTIONS' || url === undefined) return false
    for (const service of services) {
      if (!service.direct || !url.startsWith(service.prefix)) continue
      const next = url.charCodeAt(service.prefix.length)
      // '/', '?' or the end of the URL: the prefix is a whole path segment.
      if (next === 47 || next === 63 || Number.isNaN(next)) return service.direct(request, response)
    }
    return false
  }
  const trusted = trustedProxies(front.trustedProxies ?? [])
  const app = Fastify({
    logger: false,
    // Services read bodies as they need (streams for Storage); this is the default JSON limit.
    bodyLimit: BODY_LIMIT,
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        passClientAddress(request, trusted)
        if (!direct(request, response)) handler(request, response)
      })
      // What Fastify sets on a server it makes itself (it leaves a factory's server alone).
      server.keepAliveTimeout = 72_000
      server.requestTimeout = 0
      server.setTimeout(0)
      return server
    },
    routerOptions: { maxParamLength: 4096 },
    // X-Forwarded-Proto and -Host from trusted proxies only. The client's address is not
    // request.ip but clientAddress() (X-Real-IP, set by passClientAddress above): one answer
    // for rate limits, sessions, the request log and the audit log.
    trustProxy: front.trustedProxies?.length ? front.trustedProxies : false,
    // Services that need the raw query string (REST's repeated keys) read request.url.
  })

  // The same CORS and security headers for every response, built once.
  const cors = {
    ...corsHeaders(ctx.corsOrigin),
    ...SECURITY_HEADERS,
    ...transportHeaders(ctx.publicUrl),
  }
  // A callback hook, not an async one: it runs for every request, and settles without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(cors)
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const requested = request.headers['access-control-request-headers']
      void reply.code(200).headers(preflightHeaders(requested, ctx.corsOrigin)).send()
      return
    }
    const url = request.url
    const openRead = (request.method === 'GET' || request.method === 'HEAD') && OPEN_READS.test(url)
    if (
      ctx.gateway.strictKeys &&
      GUARDED.test(url) &&
      !openRead &&
      !OPEN_PATHS.some((p) => p.test(url)) &&
      !services.some((s) => s.keyless && url.startsWith(s.prefix + '/') && s.keyless(url))
    ) {
      const resolved = ctx.gateway.resolve(gatewayRequest(request))
      if (!resolved.ok) {
        void reply.code(resolved.status).send(resolved.body)
        return
      }
    }
    done()
  })

  await registerCspReports(app, ctx.log)

  if (front.appDist) {
    const runtimeConfig = () => ({
      supabaseUrl: ctx.publicUrl,
      supabaseKey: ctx.keys.publishableKey,
    })
    // A path of the API that no route answers (a service disabled, too) is the gateway's 404.
    const reportUrl = new URL(CSP_REPORT_PATH, ctx.publicUrl).href
    const appOptions = { distDir: front.appDist, runtimeConfig, reportUrl }
    await registerApp(app, appOptions, (request, reply) => {
      if (!API_PATH.test(request.url)) return false
      void reply.code(404).send(NO_ROUTE)
      return true
    })
  } else {
    app.setNotFoundHandler((_request, reply) => {
      void reply.code(404).send(NO_ROUTE)
    })
  }

  if (front.logRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      const ms = Math.round(reply.elapsedTime)
      // The URL as redactUrl leaves it: no query value, no secret of a path.
      const url = redactUrl(request.url)
      ctx.log.debug(
        `${clientAddress(request.raw) ?? request.ip} ${request.method} ${url} ${reply.statusCode} ${ms} ms`
      )
      done()
    })
  }

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode
    if (status !== undefined && status >= 400 && status < 500) {
      void reply.code(status).send({ message: (error as Error).message })
      return
    }
    ctx.log.error(`unhandled error on ${request.method} ${redactUrl(request.url)}`, error)
    void reply.code(500).send({ message: 'An unexpected error occurred' })
  })

  for (const service of services) {
    await app.register(async (scope) => service.register(scope, ctx), { prefix: service.prefix })
  }
  await front.extend?.(app, ctx, services)
  return app
}
