// OPTIONS: the server's tus capabilities and the CORS preflight's answer, without a JWT.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TusContext } from '../context.ts'
import { corsHeaders } from '../context.ts'
import {
  EXTRA_ALLOWED_HEADERS,
  TUS_EXTENSIONS,
  TUS_HEADERS,
  TUS_MAX_AGE,
  TUS_METHODS,
  TUS_RESUMABLE,
  TUS_VERSION,
} from '../protocol.ts'

export function optionsHandler(t: TusContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    corsHeaders(request, reply, t.deps.ctx.corsOrigin)
    void reply
      .code(204)
      .headers({
        'Tus-Resumable': TUS_RESUMABLE,
        'Tus-Version': TUS_VERSION,
        'Tus-Extension': TUS_EXTENSIONS,
        'Tus-Max-Size': String(t.globalLimit),
        'Access-Control-Allow-Methods': TUS_METHODS,
        'Access-Control-Allow-Headers': [...TUS_HEADERS, ...EXTRA_ALLOWED_HEADERS].join(', '),
        'Access-Control-Max-Age': TUS_MAX_AGE,
      })
      .send()
  }
}
