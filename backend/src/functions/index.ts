// Edge Functions at /functions/v1/<name>, as the Supabase CLI's edge runtime answers them.
// A function is supabase/functions/<name>/index.{ts,js,mjs} running in this Node process: it
// either default-exports a fetch handler `(request: Request) => Response` or calls
// `Deno.serve(handler)`, for which a small Deno.serve/Deno.env shim is provided; its Deno-style
// imports (npm:, jsr:@supabase/, esm.sh) resolve to the installed packages (deno-imports.ts). JWTs
// are verified unless [functions.<name>] verify_jwt = false; sb_ keys reach the function as the
// JWT the CLI's gateway makes of them. Deno.env has the runtime's SUPABASE_* values, then the
// process environment, then the secrets of [edge_runtime.secrets] and supabase/functions/.env
// (secrets.ts; read at start, as the CLI does), and under `serve` the settings file's
// CHORUS_OUTBOUND_ALLOW over them (config.serverSecrets). CHORUS_STACK_MODE (`start` or `serve`) is the
// stack's own addition, set like the SUPABASE_* values so that no secret can change it. The
// functions chorus.toml names as background functions run in a process of their own instead, at
// a lower priority and with a heap cap (background.ts), with the same runtime and values
// (runtime.ts: the Deno shim, Deno.env, loading a function anew when it changes).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { parse } from 'smol-toml'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { corsHeaders } from '../http/cors.ts'
import { redactConsole } from '../redact.ts'
import { backgroundHost, BODY_UNREAD } from './background.ts'
import type { BackgroundHost } from './background.ts'
import { serveVapidKeys } from '../serve/secrets.ts'
import { productionSecrets, readFunctionSecrets, stackEnvironment } from './secrets.ts'
import { environmentValues, functionVersion, loadHandler } from './runtime.ts'
import { setRuntimeValue, useSecrets } from './runtime.ts'
import type { Handler } from './runtime.ts'
import { localVapidKeys, vapidSecrets } from './vapid.ts'

export { functionVersion, loadHandler, useEnvironment } from './runtime.ts'

const NAME = /^[A-Za-z0-9_-]+$/

/** The function a URL under /functions/v1 names ('' when none). */
export function functionName(rest: string): string {
  return rest.split('/')[0]?.split('?')[0] ?? ''
}

export function functionsService(): Service {
  let background: BackgroundHost | null = null
  const service: Service = {
    name: 'functions',
    prefix: '/functions/v1',
    async stop() {
      await background?.stop()
      background = null
    },
    async start(ctx: StackContext) {
      // The functions log with console: no secret reaches the log that way either.
      redactConsole()
      setRuntimeValue('SUPABASE_URL', ctx.apiUrl)
      // The address others reach the API at (serve's --public-url): what a function hands out.
      setRuntimeValue('SUPABASE_PUBLIC_URL', ctx.publicUrl)
      setRuntimeValue('SUPABASE_ANON_KEY', ctx.keys.anonKey)
      setRuntimeValue('SUPABASE_SERVICE_ROLE_KEY', ctx.keys.serviceRoleKey)
      setRuntimeValue('SUPABASE_DB_URL', ctx.db.url)
      // Not a Supabase variable: lets functions tell a local stack from production (`serve`),
      // e.g. _shared/safe-fetch.ts's test setting, which production refuses. Nothing overrides it.
      setRuntimeValue('CHORUS_STACK_MODE', ctx.mode)
      setRuntimeValue(
        'SUPABASE_PUBLISHABLE_KEYS',
        JSON.stringify({ default: ctx.keys.publishableKey })
      )
      setRuntimeValue('SUPABASE_SECRET_KEYS', JSON.stringify({ default: ctx.keys.secretKey }))
      const production =
        ctx.mode === 'serve' ? productionSecrets(ctx.config, ctx.publicUrl) : undefined
      const secrets = readFunctionSecrets(
        ctx.config.supabaseDir,
        readConfigDoc(ctx),
        ctx.log,
        production,
        stackEnvironment(ctx.inboxSmtpPort),
        ctx.config.serverSecrets
      )
      useSecrets(secrets)
      // Web Push's VAPID pair (vapid.ts), unless the project's secrets name one.
      const vapid =
        (ctx.mode === 'serve' ? await serveVapidKeys(ctx.dataDir) : null) ??
        (await localVapidKeys(ctx.dataDir))
      for (const [name, value] of vapidSecrets(vapid)) {
        if (!secrets.has(name)) secrets.set(name, value)
      }
    },
    async register(app: FastifyInstance, ctx: StackContext) {
      const handlers = new Map<string, { version: number; handler: Promise<Handler> }>()
      const verifyJwt = readVerifyJwt(ctx)
      const inBackground = new Set(ctx.config.backgroundFunctions?.names ?? [])
      if (inBackground.size > 0) {
        background = backgroundHost({
          supabaseDir: ctx.config.supabaseDir,
          memoryBytes: ctx.config.backgroundFunctions?.memoryBytes ?? 256 * 1024 ** 2,
          environment: environmentValues,
          log: ctx.log,
          names: [...inBackground],
          sql: ctx.db.admin,
        })
      }
      // Hosted Supabase's gateway asks no key of a function that verifies no JWT.
      service.keyless = (url) => {
        const name = functionName(url.slice(service.prefix.length + 1))
        return NAME.test(name) && !verifyJwt(name)
      }
      /** A function's handler in this process, loaded anew when its files changed. */
      async function localHandler(file: string, name: string): Promise<Handler> {
        // Like the CLI's edge runtime, which reloads edited functions, new code runs at once.
        const version = await functionVersion(ctx.config.supabaseDir, name)
        let loaded = handlers.get(file)
        if (!loaded || loaded.version !== version) {
          loaded = { version, handler: loadHandler(file, version) }
          handlers.set(file, loaded)
          const current = loaded
          current.handler.catch(() => {
            if (handlers.get(file) === current) handlers.delete(file)
          })
        }
        return loaded.handler
      }
      app.removeAllContentTypeParsers()
      app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
      app.all('/*', async (request, reply) => {
        const rest = (request.params as { '*': string })['*']
        const name = functionName(rest)
        const file = name && NAME.test(name) ? findEntry(ctx.config.supabaseDir, name) : null
        if (!file) return reply.code(404).type('text/plain').send('Function not found')
        const authorization = gatewayAuthorization(ctx, request)
        if (request.method !== 'OPTIONS' && verifyJwt(name)) {
          const refusal = await checkJwt(ctx, authorization)
          if (refusal) return reply.code(401).send({ msg: refusal })
        }
        let handler: Handler
        try {
          handler =
            background && inBackground.has(name)
              ? background.handler
              : await localHandler(file, name)
        } catch (error) {
          ctx.log.error(`function ${name} failed to boot`, error)
          return reply
            .code(503)
            .send({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' })
        }
        try {
          return await forward(handler, request, reply, ctx, authorization)
        } catch (error) {
          ctx.log.error(`function ${name} failed`, error)
          return reply.code(500).send({
            code: 'WORKER_ERROR',
            message: 'Function exited due to an error (please check logs)',
          })
        }
      })
    },
  }
  return service
}

export function findEntry(supabaseDir: string, name: string): string | null {
  for (const entry of ['index.ts', 'index.js', 'index.mjs']) {
    const file = path.join(supabaseDir, 'functions', name, entry)
    if (existsSync(file)) return file
  }
  return null
}

function readConfigDoc(ctx: StackContext): Record<string, unknown> {
  try {
    return parse(readFileSync(path.join(ctx.config.supabaseDir, 'config.toml'), 'utf8'))
  } catch {
    // the stack already validated config.toml; a missing file or table means defaults
    return {}
  }
}

function readVerifyJwt(ctx: StackContext): (name: string) => boolean {
  const doc = readConfigDoc(ctx) as { functions?: Record<string, { verify_jwt?: unknown }> }
  const table = doc.functions ?? {}
  return (name) => table[name]?.verify_jwt !== false
}

/**
 * The Authorization header the function sees. Like the CLI's Kong in front of the edge runtime,
 * an sb_publishable_/sb_secret_ key (as `apikey`, or as the bearer that supabase-js sends when
 * nobody is signed in) becomes the anon / service_role JWT; any other Authorization passes as is.
 */
function gatewayAuthorization(ctx: StackContext, request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header && !/^Bearer sb_/i.test(header)) return header
  const apikey = request.headers.apikey
  const key = typeof apikey === 'string' && apikey ? apikey : header?.replace(/^Bearer\s+/i, '')
  if (key === undefined) return header
  const translated = ctx.gateway.translateKey(key)
  return translated === key ? header : `Bearer ${translated}`
}

async function checkJwt(ctx: StackContext, header: string | undefined): Promise<string | null> {
  if (!header) return 'Error: Missing authorization header'
  const match = /^Bearer\s+(.+)$/.exec(header)
  if (!match) return "Error: Auth header is not 'Bearer {token}'"
  const result = await ctx.keys.verify(match[1] ?? '')
  return result.ok ? null : 'Invalid JWT'
}

async function forward(
  handler: Handler,
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: StackContext,
  authorization: string | undefined
): Promise<FastifyReply> {
  const url = new URL(request.url.replace(/^\/functions\/v1/, ''), ctx.apiUrl)
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(key, Array.isArray(value) ? value.join(', ') : value)
  }
  if (authorization) headers.set('authorization', authorization)
  // A POST without a body (functions.invoke() with no body sends no content-type) has no stream.
  const stream = request.body instanceof Readable ? request.body : undefined
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && stream !== undefined
  const body = hasBody ? (Readable.toWeb(stream) as ReadableStream) : undefined
  const response = await handler(
    new Request(url, { method: request.method, headers, body, duplex: 'half' } as RequestInit)
  )
  reply.code(response.status)
  reply.headers(corsHeaders(ctx.corsOrigin))
  response.headers.forEach((value, key) => {
    if (key !== BODY_UNREAD) reply.header(key, value)
  })
  // Answered before the body was read to its end (a refusal; the background process says so of
  // its function): the connection closes after the answer, so the client's next request is not
  // left behind the rest of this body.
  if ((stream && !stream.readableEnded) || response.headers.has(BODY_UNREAD)) {
    reply.header('connection', 'close')
  }
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream))
}
