// Who is calling: the front door's bearer token, verified. Each service turns a failure into
// its own wire format (PostgREST's PGRST301/303, Storage's 403, Auth's bad_jwt, …).
import type { IncomingHttpHeaders } from 'node:http'
import type { StackContext } from '../context.ts'
import type { JwtClaims, JwtError, VerifyResult } from '../jwt/jwt-keys.ts'
import type { GatewayRequest } from './gateway.ts'

export type Caller =
  /** A verified caller; `token` is null for a request that carried no key at all. */
  | { ok: true; role: string; claims: JwtClaims; token: string | null }
  | { ok: false; error: JwtError; token: string }

/**
 * What the front door reads of a request: a FastifyRequest, or a plain Node request (the direct
 * paths of http/server.ts), whose query string is read from the URL only when it names an apikey.
 */
export interface KeyedRequest {
  headers: IncomingHttpHeaders
  url: string
  query?: unknown
}

/** The credentials of a request as the gateway reads them. */
export function gatewayRequest(request: KeyedRequest): GatewayRequest {
  const apikeyQuery =
    request.query !== undefined ? apikeyOf(request.query) : apikeyInUrl(request.url)
  const header = request.headers.apikey
  return {
    authorization: request.headers.authorization,
    apikeyHeader: Array.isArray(header) ? header[0] : header,
    apikeyQuery,
  }
}

function apikeyOf(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | null)?.apikey
  return typeof value === 'string' ? value : undefined
}

/** The apikey query parameter, if given exactly once (a repeated one is ignored, as Fastify's). */
function apikeyInUrl(url: string): string | undefined {
  const q = url.indexOf('?')
  if (q === -1 || !url.includes('apikey', q)) return undefined
  const values = new URLSearchParams(url.slice(q + 1)).getAll('apikey')
  return values.length === 1 ? values[0] : undefined
}

/** Resolves and verifies the caller of a request. Never throws for bad tokens. */
export async function callerOf(ctx: StackContext, request: KeyedRequest): Promise<Caller> {
  const resolved = ctx.gateway.resolve(gatewayRequest(request))
  // Strict-key refusals are answered by the front door before a service sees the request.
  const token = resolved.ok ? resolved.token : null
  return verifyToken(ctx, token)
}

/**
 * callerOf() that settles without a promise when the request carries no token or one already
 * verified (the token is resolved once either way).
 */
export function callerSoon(ctx: StackContext, request: KeyedRequest): Caller | Promise<Caller> {
  const resolved = ctx.gateway.resolve(gatewayRequest(request))
  const token = resolved.ok ? resolved.token : null
  if (token === null) return anonymous()
  const result = ctx.keys.verifyKnown(token)
  return result ? callerFrom(result, token) : verifyToken(ctx, token)
}

/** Verifies a bearer token (null = anonymous without a key) into a caller. */
export async function verifyToken(ctx: StackContext, token: string | null): Promise<Caller> {
  if (token === null) return anonymous()
  return callerFrom(await ctx.keys.verify(token), token)
}

function anonymous(): Caller {
  return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null }
}

function callerFrom(result: VerifyResult, token: string): Caller {
  if (!result.ok) return { ok: false, error: result.error, token }
  const role =
    typeof result.claims.role === 'string' && result.claims.role !== ''
      ? result.claims.role
      : 'anon'
  return { ok: true, role, claims: result.claims, token }
}
