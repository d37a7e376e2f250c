// Reading a request as GoTrue does: the raw body, the caller's bearer token (after the front
// door's key translation), the verified user and session of a user endpoint, the admin check, the
// audience, the client's address and the redirect target.
import type { FastifyRequest } from 'fastify'
import { gatewayRequest } from '../../http/caller.ts'
import type { JwtClaims, JwtError } from '../../jwt/jwt-keys.ts'
import { authTx } from '../db.ts'
import { ERRORS, REQUEST_RATE_LIMIT } from '../errors.ts'
import { referrerOf } from './redirect.ts'
import type { AuthRuntime } from '../runtime.ts'
import type { ClientInfo } from '../sessions/session-store.ts'
import { findUserAndSession } from '../users/user-store.ts'
import type { User } from '../users/user-json.ts'
import type { RateLimiter } from './rate-limit.ts'
import { assertNoNul } from './params.ts'
import { header } from '../../http/header.ts'
import { clientAddress } from '../../http/client-address.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID.test(value)
}

/** The raw request body as text ('' when there is none). */
export function rawBody(request: FastifyRequest): string {
  const body = request.body
  if (typeof body === 'string') return body
  if (Buffer.isBuffer(body)) return body.toString('utf8')
  return ''
}

export function queryParam(request: FastifyRequest, name: string): string {
  const query = request.query as Record<string, unknown> | undefined
  const raw = query?.[name]
  const value = Array.isArray(raw) ? raw[0] : raw
  if (typeof value !== 'string') return ''
  assertNoNul(value)
  return value
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const agent = header(request, 'user-agent')
  return { userAgent: agent && agent !== '' ? agent : null, ip: clientAddress(request.raw) }
}

/** GoTrue's requestAud: the X-JWT-AUD header, the token's audience, or the default. */
export function requestAud(rt: AuthRuntime, request: FastifyRequest, claims?: JwtClaims): string {
  const fromHeader = header(request, 'x-jwt-aud')
  if (fromHeader) return fromHeader
  const aud = claims?.aud
  if (typeof aud === 'string' && aud !== '') return aud
  if (Array.isArray(aud) && typeof aud[0] === 'string' && aud[0] !== '') return aud[0]
  return rt.settings.defaultAudience
}

/** Where to send the user afterwards: an allowed redirect_to or Referer, else the site URL. */
export function referrer(rt: AuthRuntime, request: FastifyRequest): string {
  return referrerOf(rt.settings.siteUrl, rt.settings.allowList, {
    header: header(request, 'redirect_to'),
    query: queryParam(request, 'redirect_to'),
    referer: header(request, 'referer'),
  })
}

export function rateLimit(limiter: RateLimiter, request: FastifyRequest): void {
  if (!limiter.take(clientAddress(request.raw) ?? '')) {
    throw ERRORS.overRequestRateLimit(REQUEST_RATE_LIMIT)
  }
}

/** The words jwt-go puts after "invalid JWT: unable to parse or verify signature, ". */
export function jwtErrorText(error: JwtError): string {
  switch (error.kind) {
    case 'malformed':
      return error.parts !== undefined && error.parts !== 3
        ? 'token is malformed: token contains an invalid number of segments'
        : 'token is malformed: could not JSON decode header'
    case 'signature':
      return `token signature is invalid: ${error.message}`
    case 'expired':
      return 'token has invalid claims: token is expired'
    case 'not_yet_valid':
      return 'token has invalid claims: token is not valid yet'
    case 'issued_in_future':
      return 'token has invalid claims: token used before issued'
    case 'claims':
      return `token has invalid claims: ${error.message}`
  }
}

/** The verified claims of the request's bearer token (401 without one, 403 when invalid). */
export async function bearerClaims(rt: AuthRuntime, request: FastifyRequest): Promise<JwtClaims> {
  const resolved = rt.ctx.gateway.resolve(gatewayRequest(request))
  const token = resolved.ok ? resolved.token : null
  if (token === null || token === '') {
    throw ERRORS.noAuthorization('This endpoint requires a valid Bearer token')
  }
  const verified = await rt.ctx.keys.verify(token)
  if (!verified.ok) {
    throw ERRORS.badJwt(
      `invalid JWT: unable to parse or verify signature, ${jwtErrorText(verified.error)}`
    )
  }
  return verified.claims
}

export interface Authenticated {
  claims: JwtClaims
  user: User
  /** The session of the token, or null for a token without session_id. */
  sessionId: string | null
}

/** GoTrue's requireAuthentication: a valid user token whose user and session still exist. */
export async function requireUser(
  rt: AuthRuntime,
  request: FastifyRequest
): Promise<Authenticated> {
  const claims = await bearerClaims(rt, request)
  const sub = claims.sub
  if (typeof sub !== 'string' || sub === '') {
    throw ERRORS.badJwt('invalid claim: missing sub claim')
  }
  if (!isUuid(sub)) throw ERRORS.badJwt('invalid claim: sub claim must be a UUID', 400)
  const sid = claims.session_id
  let sessionId: string | null = null
  if (typeof sid === 'string' && sid !== '' && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sid)) {
      throw ERRORS.badJwt('invalid claim: session_id claim must be a UUID')
    }
    sessionId = sid
  }
  const { user, sessionFound } = await authTx(rt.ctx.db, (tx) =>
    findUserAndSession(tx, sub, sessionId)
  )
  if (!user) throw ERRORS.userNotFound('User from sub claim in JWT does not exist', 403)
  if (!sessionFound) {
    throw ERRORS.sessionNotFound('Session from session_id claim in JWT does not exist')
  }
  return { claims, user, sessionId }
}

/** GoTrue's requireAdminCredentials: a token whose role is an admin role. */
export async function requireAdmin(rt: AuthRuntime, request: FastifyRequest): Promise<JwtClaims> {
  const claims = await bearerClaims(rt, request)
  const role = typeof claims.role === 'string' ? claims.role : ''
  if (!rt.settings.adminRoles.includes(role)) throw ERRORS.notAdmin('User not allowed')
  return claims
}
