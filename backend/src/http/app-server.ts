// Serves a built single-page app: its files, index.html for every other path, and
// /config.json with the Supabase URL and key the app reads at run time (so one build works
// against the local stack and against a hosted project).
import { existsSync } from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

export interface AppServerOptions {
  distDir: string
  runtimeConfig: { supabaseUrl: string; supabaseKey: string }
}

export async function buildAppServer(options: AppServerOptions): Promise<FastifyInstance> {
  if (!existsSync(path.join(options.distDir, 'index.html'))) {
    throw new Error(
      `${options.distDir} holds no index.html; build the app first (npm run build -w app)`
    )
  }
  const app = Fastify({ logger: false })
  app.get('/config.json', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(options.runtimeConfig)
  })
  await app.register(fastifyStatic, {
    root: options.distDir,
    // Files are looked up per request, so a rebuild while the stack runs is served at once.
    wildcard: true,
    setHeaders(response, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`)
      response.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
      )
    },
  })
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? ''
    // A missing asset is a 404; any other path is a route of the app.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send()
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
  return app
}
