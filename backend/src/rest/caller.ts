// Who is calling, in PostgREST's terms: no token is the anon role; a token that fails verification
// is a 401 with PostgREST's codes and messages. The shared verifier checks `nbf` and `iat` with
// PostgREST's 30 seconds of leeway; an expired token gets the same leeway here.
import type { StackContext } from '../context.ts'
import { callerSoon } from '../http/caller.ts'
import type { Caller, KeyedRequest } from '../http/caller.ts'
import { CLOCK_SKEW_SECONDS } from '../jwt/jwt-keys.ts'
import type { JwtClaims } from '../jwt/jwt-keys.ts'
import { errors } from './errors.ts'

/** PostgREST's allowedSkewSeconds, the stack's one clock-skew allowance. */
export { CLOCK_SKEW_SECONDS }

export interface RestCaller {
  role: string
  claims: Record<string, unknown>
}

function decodePayload(token: string): JwtClaims | null {
  const part = token.split('.')[1]
  if (part === undefined) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JwtClaims)
      : null
  } catch {
    return null
  }
}

function roleOf(claims: JwtClaims): string {
  return typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon'
}

/**
 * The caller of a request in PostgREST's terms, without waiting when the token is absent or
 * already verified; a token that fails verification throws (or rejects with) PostgREST's 401.
 */
export function restCaller(
  ctx: StackContext,
  request: KeyedRequest
): RestCaller | Promise<RestCaller> {
  const caller = callerSoon(ctx, request)
  return caller instanceof Promise ? caller.then(restCallerOf) : restCallerOf(caller)
}

function restCallerOf(caller: Caller): RestCaller {
  if (caller.ok) return { role: caller.role, claims: caller.claims }
  const error = caller.error
  switch (error.kind) {
    case 'expired': {
      // The signature, nbf and iat were good; within the leeway the token still counts.
      const claims = decodePayload(caller.token)
      if (claims && (error.expiredBySeconds ?? Infinity) <= CLOCK_SKEW_SECONDS) {
        return { role: roleOf(claims), claims }
      }
      throw errors.jwt('PGRST303', 'JWT expired')
    }
    case 'not_yet_valid':
      throw errors.jwt('PGRST303', 'JWT not yet valid')
    case 'issued_in_future':
      throw errors.jwt('PGRST303', 'JWT issued at future')
    case 'claims':
      throw errors.jwt('PGRST303', `The JWT '${error.claim ?? 'exp'}' claim must be a number`)
    case 'malformed':
      throw errors.jwt(
        'PGRST301',
        error.parts !== undefined && error.parts !== 3
          ? `Expected 3 parts in JWT; got ${error.parts}`
          : 'JWT cryptographic operation failed'
      )
    case 'signature':
      throw errors.jwt(
        'PGRST301',
        error.message.startsWith('signing method')
          ? 'Wrong or unsupported encoding algorithm'
          : 'JWT cryptographic operation failed'
      )
  }
}
