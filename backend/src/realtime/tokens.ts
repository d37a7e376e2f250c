// Token checks as Realtime makes them: a JWT verified with the project's keys, with `role` and
// `exp` required, each failure named by the real server's code and message. Stricter than
// Realtime, which checks only `exp`: a token whose `nbf` or `iat` lies ahead (beyond the shared
// clock-skew allowance) is refused as an InvalidJWTToken too.
import type { JwtClaims, JwtKeys } from '../jwt/jwt-keys.ts'
import { CONNECT_ERRORS } from './errors.ts'

export interface VerifiedToken {
  ok: true
  token: string
  role: string
  claims: JwtClaims
  /** Expiry in seconds since the epoch. */
  exp: number
}

export interface TokenFailure {
  ok: false
  /** The join reply's code, e.g. InvalidJWTToken. */
  code: string
  /** The message, as in `system` messages and after the code in join replies. */
  message: string
  /** The answer to a WebSocket upgrade carrying this token. */
  connect: { status: number; message: string }
}

export type TokenCheck = VerifiedToken | TokenFailure

export function joinReason(failure: TokenFailure): string {
  return `${failure.code}: ${failure.message}`
}

export async function checkToken(
  keys: JwtKeys,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000)
): Promise<TokenCheck> {
  const result = await keys.verify(token, nowSeconds)
  if (!result.ok) {
    switch (result.error.kind) {
      case 'malformed':
        return failure(
          'MalformedJWT',
          'The token provided is not a valid JWT',
          CONNECT_ERRORS.malformed
        )
      case 'signature':
        return failure(
          'JwtSignatureError',
          'Failed to validate JWT signature',
          CONNECT_ERRORS.signature
        )
      case 'expired': {
        const ago = result.error.expiredBySeconds ?? 0
        if (nowSeconds - ago <= 0) return invalidExpiry()
        return failure(
          'InvalidJWTToken',
          `Token has expired ${ago} seconds ago`,
          CONNECT_ERRORS.expired
        )
      }
      case 'not_yet_valid':
        return notYetValid('Token is not valid yet')
      case 'issued_in_future':
        return notYetValid('Token was issued in the future')
      case 'claims':
        return result.error.claim === 'exp' || result.error.claim === undefined
          ? invalidExpiry()
          : notYetValid(`Token claim ${result.error.claim} must be a number`)
    }
  }
  const { claims } = result
  const role = claims.role
  const exp = claims.exp
  if (typeof role !== 'string' || role === '' || exp === undefined) {
    return failure(
      'InvalidJWTToken',
      'Fields `role` and `exp` are required in JWT',
      CONNECT_ERRORS.claimsMissing
    )
  }
  if (typeof exp !== 'number' || exp <= 0) return invalidExpiry()
  return { ok: true, token, role, claims, exp }
}

function notYetValid(message: string): TokenFailure {
  return failure('InvalidJWTToken', message, { status: 401, message })
}

function invalidExpiry(): TokenFailure {
  return failure('InvalidJWTToken', 'Token expiration time is invalid', CONNECT_ERRORS.expired)
}

function failure(
  code: string,
  message: string,
  connect: { status: number; message: string }
): TokenFailure {
  return { ok: false, code, message, connect }
}
