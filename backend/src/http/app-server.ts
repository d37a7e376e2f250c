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

export interface RuntimeConfig {
  supabaseUrl: string
  supabaseKey: string
}

export interface AppServerOptions {
  distDir: string
  /** What /config.json answers (a function: read per request). */
  runtimeConfig: RuntimeConfig | (() => RuntimeConfig)
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
  await registerApp(app, options)
  return app
}

/**
 * Adds the app to `app`'s root: GET /config.json, and a not-found handler that sends the app's
 * files (hashed assets/ cached for a year, immutable; the rest no-cache) and index.html for any
 * other GET that does not look like a file. `elsewhere` is offered every such request first.
 */
export async function registerApp(
  app: FastifyInstance,
  options: AppServerOptions,
  elsewhere?: Elsewhere
): Promise<void> {
  const distDir = path.resolve(options.distDir)
  assertAppBuilt(distDir)
  const runtimeConfig = options.runtimeConfig
  app.get('/config.json', async (_request, reply) => {
    const body = typeof runtimeConfig === 'function' ? runtimeConfig() : runtimeConfig
    return reply.header('cache-control', 'no-store').send(body)
  })
  // Files are looked up per request, so a rebuild while the stack runs is served at once.
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    // The cache rules below are the only ones (send's own max-age=0 would come first).
    cacheControl: false,
    setHeaders(response, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`)
      response.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
      )
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
