// Broadcast over HTTP, as realtime-js uses it: the batch endpoint POST /api/broadcast (what
// channel.send() falls back to before a channel is joined) and the single-event endpoint
// POST /api/broadcast/:topic/events/:event (httpSend, JSON or binary). The caller's JWT must be
// valid; messages to private topics are sent only where the caller's insert policy on
// realtime.messages allows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StackContext } from '../context.ts'
import { gatewayRequest } from '../http/caller.ts'
import { installBoundedJsonParser, JsonTooDeep } from '../http/json-limits.ts'
import { flexibleBoolean, isObject } from './protocol/join-config.ts'
import type { RealtimeEnv } from './socket/env.ts'
import { jsonBroadcast, topicKey } from './socket/hub.ts'
import type { BroadcastMessage } from './socket/hub.ts'
import { RATE_ERRORS } from './errors.ts'
import { canWrite } from './socket/private-auth.ts'
import type { CallerScope } from './socket/private-auth.ts'
import { checkToken } from './tokens.ts'

/** The largest batch the endpoint takes in one request. */
const MAX_BATCH = 1000
/** Plug.Parsers' default length: the largest JSON body Phoenix reads. */
const MAX_JSON_BODY = 8_000_000

/** Phoenix's answers to a body Plug.Parsers refuses: the status message as a JSON string. */
const PARSER_REFUSALS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request Entity Too Large'],
  FST_ERR_CTP_INVALID_JSON: [400, 'Bad Request'],
  JSON_TOO_DEEP: [400, 'Bad Request'],
}

type Authorized = { ok: true; scope: CallerScope } | { ok: false }

async function authorize(
  ctx: StackContext,
  env: RealtimeEnv,
  request: FastifyRequest
): Promise<Authorized> {
  const resolved = ctx.gateway.resolve(gatewayRequest(request))
  if (!resolved.ok || resolved.token === null) return { ok: false }
  const checked = await checkToken(env.keys, resolved.token)
  if (!checked.ok) return { ok: false }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value
  }
  return { ok: true, scope: { role: checked.role, claims: checked.claims, headers } }
}

function unauthorized(reply: FastifyReply) {
  return reply.code(401).send({ message: 'Unauthorized' })
}

interface BatchMessage {
  topic: string
  event: string
  payload: unknown
  private: boolean
  id: string | null
}

/** Checks the batch as the real server's changeset does; returns the errors per message. */
function validateBatch(
  body: unknown,
  maxPayloadBytes: number
): { ok: true; messages: BatchMessage[] } | { ok: false; errors: unknown } {
  if (!isObject(body) || !Array.isArray(body.messages)) {
    return { ok: false, errors: { messages: ["can't be blank"] } }
  }
  if (body.messages.length > MAX_BATCH) {
    return {
      ok: false,
      errors: { messages: ['Too many messages to broadcast, please reduce the batch size'] },
    }
  }
  const messages: BatchMessage[] = []
  const errors: Record<string, string[]>[] = []
  let failed = false
  for (const entry of body.messages as unknown[]) {
    const error: Record<string, string[]> = {}
    const message = isObject(entry) ? entry : {}
    if (typeof message.topic !== 'string' || message.topic === '') error.topic = ["can't be blank"]
    if (typeof message.event !== 'string' || message.event === '') error.event = ["can't be blank"]
    if (!isObject(message.payload)) error.payload = ["can't be blank"]
    else if (Buffer.byteLength(JSON.stringify(message.payload)) > maxPayloadBytes) {
      error.payload = ['Payload size exceeds tenant limit']
    }
    const isPrivate = message.private === undefined ? false : flexibleBoolean(message.private)
    if (isPrivate === undefined) error.private = ['is invalid']
    errors.push(error)
    if (Object.keys(error).length > 0) {
      failed = true
      continue
    }
    messages.push({
      topic: message.topic as string,
      event: message.event as string,
      payload: message.payload,
      private: isPrivate ?? false,
      id: typeof message.id === 'string' && message.id !== '' ? message.id : null,
    })
  }
  return failed ? { ok: false, errors: { messages: errors } } : { ok: true, messages }
}

export function registerHttpApi(app: FastifyInstance, ctx: StackContext, env: RealtimeEnv): void {
  // JSON bodies: at most Plug.Parsers' length, and nesting beyond MAX_JSON_DEPTH refused before
  // parsing (stricter than Jason, which takes any depth; payloads are re-encoded recursively).
  installBoundedJsonParser(app, { bodyLimit: MAX_JSON_BODY })
  app.setErrorHandler((error, _request, reply) => {
    const code = error instanceof JsonTooDeep ? error.code : (error as { code?: string }).code
    const refusal = code === undefined ? undefined : PARSER_REFUSALS[code]
    if (!refusal) throw error
    void reply
      .code(refusal[0])
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(refusal[1]))
  })
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: env.limits.maxFrameBytes },
    (_request, body, done) => done(null, body)
  )

  // The socket endpoint answers plain HTTP requests as Phoenix does: not a WebSocket upgrade.
  app.get('/websocket', async (_request, reply) => reply.code(400).send(''))

  app.post('/api/broadcast', async (request, reply) => {
    const caller = await authorize(ctx, env, request)
    if (!caller.ok) return unauthorized(reply)
    const batch = validateBatch(request.body, env.limits.maxPayloadBytes)
    if (!batch.ok) return reply.code(422).send({ errors: batch.errors })
    const rate = env.hub.events.average()
    if (rate > env.limits.maxEventsPerSecond) {
      return reply.code(429).send({ message: RATE_ERRORS.exceeded })
    }
    if (rate + batch.messages.length > env.limits.maxEventsPerSecond) {
      return reply.code(429).send({ message: RATE_ERRORS.batchTooLarge })
    }
    const allowed = new Map<string, boolean>()
    for (const message of batch.messages) {
      if (message.private) {
        let ok = allowed.get(message.topic)
        if (ok === undefined) {
          ok = await canWrite(env.db, caller.scope, message.topic, 'broadcast', env.log)
          allowed.set(message.topic, ok)
        }
        if (!ok) continue
      }
      const meta = message.id === null ? null : JSON.stringify({ id: message.id })
      env.hub.broadcast(
        topicKey(message.topic, message.private),
        jsonBroadcast(message.event, JSON.stringify(message.payload), meta)
      )
    }
    return reply.code(202).send()
  })

  app.post<{ Params: { topic: string; event: string }; Querystring: Record<string, unknown> }>(
    '/api/broadcast/:topic/events/:event',
    async (request, reply) => {
      const caller = await authorize(ctx, env, request)
      if (!caller.ok) return unauthorized(reply)
      const { topic, event } = request.params
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/json' && type !== 'application/octet-stream') {
        return reply.code(415).send({ message: 'Unsupported Media Type' })
      }
      if (env.hub.events.average() >= env.limits.maxEventsPerSecond) {
        return reply.code(429).send({ message: RATE_ERRORS.exceeded })
      }
      const isPrivate = flexibleBoolean(request.query.private) ?? false
      const body: unknown = request.body
      let message: BroadcastMessage
      if (Buffer.isBuffer(body)) {
        if (body.length > env.limits.maxPayloadBytes) {
          return reply.code(422).send({ message: 'Payload size exceeds tenant limit' })
        }
        message = { json: null, binary: { event, metadata: '', encoding: 'binary', payload: body } }
      } else {
        if (body === undefined) return reply.code(422).send({ message: 'Payload is required' })
        const json = JSON.stringify(body)
        if (Buffer.byteLength(json) > env.limits.maxPayloadBytes) {
          return reply.code(422).send({ message: 'Payload size exceeds tenant limit' })
        }
        message = jsonBroadcast(event, json)
      }
      if (isPrivate && !(await canWrite(env.db, caller.scope, topic, 'broadcast', env.log))) {
        return reply.code(403).send({ message: 'Unauthorized' })
      }
      env.hub.broadcast(topicKey(topic, isPrivate), message)
      return reply.code(202).send()
    }
  )
}
