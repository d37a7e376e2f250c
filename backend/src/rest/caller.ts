// Who is calling, in PostgREST's terms: no token is the anon role; a token that fails verification
// is a 401 with PostgREST's codes and messages. The shared verifier checks `nbf` and `iat` with
// PostgREST's 30 seconds of leeway; an expired token gets the same leeway here.
import type { StackContext } from '../context.ts'
import { callerOf, knownCallerOf } from '../http/caller.ts'
import type { Caller, KeyedRequest } from '../http/caller.ts'
import { CLOCK_SKEW_SECONDS } from '../jwt/jwt-keys.ts'
import type { JwtClaims } from '../jwt/jwt-keys.ts'
import { errors } from './errors.ts'
import type { RestError } from './errors.ts'

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

/** The caller of a request in PostgREST's terms (see knownRestCaller for the quick path). */
export async function restCaller(
  ctx: StackContext,
  request: KeyedRequest
): Promise<RestCaller | RestError> {
  return restCallerOf(await callerOf(ctx, request))
}

/** restCaller() without waiting, when the token is absent or known; null otherwise. */
export function knownRestCaller(
  ctx: StackContext,
  request: KeyedRequest
): RestCaller | RestError | null {
  const caller = knownCallerOf(ctx, request)
  return caller && restCallerOf(caller)
}

function restCallerOf(caller: Caller): RestCaller | RestError {
  if (caller.ok) return { role: caller.role, claims: caller.claims }
  const error = caller.error
  switch (error.kind) {
    case 'expired': {
      // The signature, nbf and iat were good; within the leeway the token still counts.
      const claims = decodePayload(caller.token)
      if (claims && (error.expiredBySeconds ?? Infinity) <= CLOCK_SKEW_SECONDS) {
        return { role: roleOf(claims), claims }
      }
      return errors.jwt('PGRST303', 'JWT expired')
    }
    case 'not_yet_valid':
      return errors.jwt('PGRST303', 'JWT not yet valid')
    case 'issued_in_future':
      return errors.jwt('PGRST303', 'JWT issued at future')
    case 'claims':
      return errors.jwt('PGRST303', `The JWT '${error.claim ?? 'exp'}' claim must be a number`)
    case 'malformed':
      return errors.jwt(
        'PGRST301',
        error.parts !== undefined && error.parts !== 3
          ? `Expected 3 parts in JWT; got ${error.parts}`
          : 'JWT cryptographic operation failed'
      )
    case 'signature':
      return errors.jwt(
        'PGRST301',
        error.message.startsWith('signing method')
          ? 'Wrong or unsupported encoding algorithm'
          : 'JWT cryptographic operation failed'
      )
  }
}
