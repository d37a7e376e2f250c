// Who is calling: the front door's bearer token, verified. Each service turns a failure into
// its own wire format (PostgREST's PGRST301/303, Storage's 403, Auth's bad_jwt, …).
import type { FastifyRequest } from 'fastify'
import type { StackContext } from '../context.ts'
import type { JwtClaims, JwtError } from '../jwt/jwt-keys.ts'
import type { GatewayRequest } from './gateway.ts'

export type Caller =
  /** A verified caller; `token` is null for a request that carried no key at all. */
  | { ok: true; role: string; claims: JwtClaims; token: string | null }
  | { ok: false; error: JwtError; token: string }

/** The credentials of a request as the gateway reads them. */
export function gatewayRequest(request: FastifyRequest): GatewayRequest {
  const query = request.query as Record<string, unknown> | undefined
  const apikeyQuery = typeof query?.apikey === 'string' ? query.apikey : undefined
  const header = request.headers.apikey
  return {
    authorization: request.headers.authorization,
    apikeyHeader: Array.isArray(header) ? header[0] : header,
    apikeyQuery,
  }
}

/** Resolves and verifies the caller of a request. Never throws for bad tokens. */
export async function callerOf(ctx: StackContext, request: FastifyRequest): Promise<Caller> {
  const resolved = ctx.gateway.resolve(gatewayRequest(request))
  // Strict-key refusals are answered by the front door before a service sees the request.
  const token = resolved.ok ? resolved.token : null
  return verifyToken(ctx, token)
}

/** Verifies a bearer token (null = anonymous without a key) into a caller. */
export async function verifyToken(ctx: StackContext, token: string | null): Promise<Caller> {
  if (token === null) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null }
  const result = await ctx.keys.verify(token)
  if (!result.ok) return { ok: false, error: result.error, token }
  const role =
    typeof result.claims.role === 'string' && result.claims.role !== ''
      ? result.claims.role
      : 'anon'
  return { ok: true, role, claims: result.claims, token }
}
