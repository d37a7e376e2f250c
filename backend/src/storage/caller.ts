// Who is calling Storage and the database scope their request runs in. Storage verifies the
// bearer token itself and refuses a missing or bad one with AccessDenied carrying the JWT
// library's message; the scope publishes the claims, the request and the Storage operation
// (storage.operation()) to row-level security, as Storage's db plugin does.
import type { FastifyRequest } from 'fastify'
import type { StackContext } from '../context.ts'
import type { RequestScope } from '../db/scope.ts'
import { callerOf } from '../http/caller.ts'
import type { JwtError } from '../jwt/jwt-keys.ts'
import { ERRORS } from './errors.ts'

export interface StorageCaller {
  role: string
  claims: Record<string, unknown>
  token: string
  /** The JWT's sub, when it has one. */
  sub: string | null
}

export const STORAGE_PREFIX = '/storage/v1'

/** The verified caller of an authenticated route, or Storage's AccessDenied. */
export async function requireCaller(
  ctx: StackContext,
  request: FastifyRequest
): Promise<StorageCaller> {
  const caller = await callerOf(ctx, request)
  if (!caller.ok) throw ERRORS.accessDenied(jwtMessage(caller.error))
  // Storage needs a JWT; the CLI's gateway forwards none when the request carried no key at all.
  if (caller.token === null) throw ERRORS.accessDenied('Invalid Compact JWS')
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null
  return { role: caller.role, claims: caller.claims, token: caller.token, sub }
}

/** Requires the service_role key (emptying buckets, purging caches). */
export async function requireServiceRole(
  ctx: StackContext,
  request: FastifyRequest
): Promise<StorageCaller> {
  const caller = await requireCaller(ctx, request)
  if (caller.role !== 'service_role') throw ERRORS.serviceRoleOnly()
  return caller
}

/** The messages Storage's JWT library (jose) gives for each kind of bad token. */
export function jwtMessage(error: JwtError): string {
  switch (error.kind) {
    case 'malformed':
      return 'Invalid Compact JWS'
    case 'expired':
      return '"exp" claim timestamp check failed'
    case 'not_yet_valid':
      return '"nbf" claim timestamp check failed'
    case 'issued_in_future':
      return '"iat" claim timestamp check failed (in the future)'
    case 'claims':
      return `"${error.claim ?? 'exp'}" claim must be a number`
    case 'signature':
      return error.message.startsWith('signing method')
        ? '"alg" (Algorithm) Header Parameter value not allowed'
        : 'signature verification failed'
  }
}

/** The scope a caller's request runs in. */
export function callerScope(
  request: FastifyRequest,
  caller: StorageCaller,
  operation: string
): RequestScope {
  return {
    role: caller.role,
    claims: caller.claims,
    method: request.method,
    path: requestPath(request),
    headers: requestHeaders(request),
    settings: {
      'request.jwt': caller.token,
      'storage.operation': operation,
      // Storage's own deletes pass the guard that refuses direct DELETEs on its tables.
      'storage.allow_delete_query': 'true',
    },
  }
}

/**
 * The scope of work Storage does with its own authority after its own checks (public objects,
 * signed URLs, the bookkeeping write after a caller's permission check): the service role,
 * which bypasses row-level security, keeping the caller's claims when there is one.
 */
export function serviceScope(
  request: FastifyRequest | null,
  operation: string,
  caller: StorageCaller | null = null
): RequestScope {
  return {
    role: 'service_role',
    claims: caller ? { ...caller.claims, role: 'service_role' } : { role: 'service_role' },
    method: request?.method,
    path: request ? requestPath(request) : undefined,
    headers: request ? requestHeaders(request) : undefined,
    settings: {
      'storage.operation': operation,
      'storage.allow_delete_query': 'true',
    },
  }
}

/** The path as Storage sees it behind the gateway: without the /storage/v1 prefix. */
export function requestPath(request: FastifyRequest): string {
  const url = request.url
  return url.startsWith(STORAGE_PREFIX) ? url.slice(STORAGE_PREFIX.length) || '/' : url
}

function requestHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}
