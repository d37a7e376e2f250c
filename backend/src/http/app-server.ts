// Serves a built single-page app: its files, index.html for every other path, and
// /config.json with the Supabase URL and key the app reads at run time (so one build works
// against the local stack and against a hosted project). `start` runs it as a server of its own
// (buildAppServer); `serve` mounts it on the API server (registerApp), where the paths the
// services own are left to them.
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { buildPageHeaders, pageHeadersOf, SECURITY_HEADERS } from './security-headers.ts'

export interface RuntimeConfig {
  supabaseUrl: string
  supabaseKey: string
}

export interface AppServerOptions {
  distDir: string
  /** What /config.json answers (a function: read per request). */
  runtimeConfig: RuntimeConfig | (() => RuntimeConfig)
  /** Where the pages' Content-Security-Policy has browsers report what it refused (absolute). */
  reportUrl?: string
}

/** Answers a request the app has no file nor route for (API paths on the API server). */
export type Elsewhere = (request: FastifyRequest, reply: FastifyReply) => boolean

export function assertAppBuilt(distDir: string): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} holds no index.html; build the app first (npm run build -w app)`)
  }
}

export async function buildAppServer(options: AppServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  // On the API server, the front door's hook sets these on every answer.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS)
    done()
  })
  await registerApp(app, options)
  return app
}

/**
 * Adds the app to `app`'s root: GET /config.json, and a not-found handler that sends the app's
 * files (hashed assets/ cached for a year, immutable; the rest no-cache; brotli or gzip by
 * Accept-Encoding when the build precompressed them; ETag, 304, ranges) and index.html for any
 * other GET that does not look like a file. `elsewhere` is offered every such request first.
 * Pages (index.html for every route, unsubscribe.html) carry the build's security headers, their
 * Content-Security-Policy naming the API /config.json names (security-headers.ts).
 */
export async function registerApp(
  app: FastifyInstance,
  options: AppServerOptions,
  elsewhere?: Elsewhere
): Promise<void> {
  const distDir = path.resolve(options.distDir)
  assertAppBuilt(distDir)
  const runtimeConfig = options.runtimeConfig
  const configOf = () => (typeof runtimeConfig === 'function' ? runtimeConfig() : runtimeConfig)
  const buildHeaders = buildPageHeaders(distDir)
  app.get('/config.json', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(configOf())
  })
  // Files are looked up per request, so a rebuild while the stack runs is served at once.
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    // The build writes file.br and file.gz beside each text file worth compressing
    // (app/scripts/precompress.ts): the one Accept-Encoding prefers is sent, brotli first, the
    // file itself to a client that takes neither. Nothing is compressed per request.
    preCompressed: true,
    // send's own Cache-Control ("public, max-age=0") is written after setHeaders and would
    // replace the rules below: it is off, so these are the only ones.
    cacheControl: false,
    setHeaders(response, file) {
      response.setHeader('cache-control', cacheControlOf(distDir, file))
      // Whether the body is compressed depends on Accept-Encoding, for every cache on the way.
      response.setHeader('vary', 'Accept-Encoding')
      // `file` is the copy sent: index.html.br for a browser that takes brotli.
      if (/\.html(\.br|\.gz)?$/.test(file)) {
        const headers = pageHeadersOf(buildHeaders(), {
          apiUrl: configOf().supabaseUrl,
          reportUrl: options.reportUrl,
        })
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value)
      }
    },
  })
  app.setNotFoundHandler((request, reply) => {
    if (elsewhere?.(request, reply)) return reply
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send()
    const file = fileOf(distDir, request.url)
    if (file) return reply.sendFile(file)
    // A missing file is a 404; any other path is a route of the app.
    const pathname = request.url.split('?')[0] ?? ''
    if (/\.[a-z0-9]+$/i.test(pathname)) return reply.code(404).send()
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}

/** Hashed files (under assets/) never change: a year, immutable; anything else revalidates. */
function cacheControlOf(distDir: string, file: string): string {
  const relative = path.relative(distDir, file)
  return relative.startsWith(`assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache'
}

/** The file of dist/ a URL names (relative to dist/), or null when there is none. */
function fileOf(distDir: string, url: string): string | null {
  let pathname: string
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '')
  } catch {
    return null
  }
  if (pathname.includes('\0') || pathname.endsWith('/')) return null
  const relative = path.relative(distDir, path.join(distDir, pathname))
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null
  if (relative.split(path.sep).some((part) => part.startsWith('.'))) return null
  try {
    return statSync(path.join(distDir, relative)).isFile() ? relative : null
  } catch {
    return null
  }
}
