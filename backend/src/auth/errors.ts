// The Auth service's one error type and its catalogue: GoTrue's error codes with the status each
// situation answers. Handlers throw these; error-response.ts renders them in the wire format the
// request asked for (versioned or legacy).

export type ErrorCode =
  | 'unexpected_failure'
  | 'unknown'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'phone_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'session_expired'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'signup_disabled'
  | 'user_banned'
  | 'unexpected_audience'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'email_not_confirmed'
  | 'phone_not_confirmed'
  | 'user_already_exists'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'same_password'
  | 'otp_expired'
  | 'otp_disabled'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'bad_code_verifier'
  | 'anonymous_provider_disabled'
  | 'insufficient_aal'
  | 'invalid_credentials'
  | 'email_address_invalid'
  | 'request_timeout'
  | 'conflict'
  | 'provider_disabled'
  | 'bad_oauth_callback'
  | 'manual_linking_disabled'
  | 'mfa_totp_enroll_not_enabled'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'mfa_factor_not_found'
  | 'mfa_factor_name_conflict'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_ip_address_mismatch'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_verified_factor_exists'
  | 'mfa_totp_verify_not_enabled'
  | 'mfa_phone_verify_not_enabled'
  | 'mfa_webauthn_verify_not_enabled'
  | 'feature_disabled'
  | 'oauth_client_not_found'
  | 'oauth_authorization_not_found'
  | 'oauth_consent_not_found'
  | 'oauth_dynamic_client_registration_disabled'
  | 'saml_provider_disabled'
  | 'web3_provider_disabled'

export class AuthError extends Error {
  override name = 'AuthError'
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Reasons of a weak_password error, rendered as weak_password.reasons. */
    readonly reasons?: string[]
  ) {
    super(message)
  }
}

/** OAuth-style errors of /token: {"error","error_description"}, always 400. */
export class OAuthError extends Error {
  override name = 'OAuthError'
  constructor(
    readonly error: string,
    readonly description: string
  ) {
    super(`${error}: ${description}`)
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AuthError(400, code, message)
export const unauthorized = (code: ErrorCode, message: string) => new AuthError(401, code, message)
export const forbidden = (code: ErrorCode, message: string) => new AuthError(403, code, message)
export const notFound = (code: ErrorCode, message: string) => new AuthError(404, code, message)
export const unprocessable = (code: ErrorCode, message: string) => new AuthError(422, code, message)
export const tooManyRequests = (code: ErrorCode, message: string) =>
  new AuthError(429, code, message)
/** A 500; `cause` (the database error behind it) goes to the log, never to the client. */
export const internalError = (message: string, cause?: unknown) => {
  const error = new AuthError(500, 'unexpected_failure', message)
  if (cause !== undefined) error.cause = cause
  return error
}

// Messages GoTrue uses in several places.
export const INVALID_LOGIN = 'Invalid login credentials'
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered'
export const EMAIL_RATE_LIMIT = 'email rate limit exceeded'
export const REQUEST_RATE_LIMIT = 'Request rate limit reached'
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, reasons)
}

export function frequencyLimit(sentAt: Date, frequencyMs: number, now = Date.now()): AuthError {
  // GoTrue truncates the remaining duration to whole seconds.
  const seconds = Math.trunc((sentAt.getTime() + frequencyMs - now) / 1000)
  return tooManyRequests(
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`
  )
}

/** A Postgres error raised while writing a user (a failing trigger, a constraint). */
export { isPostgresError as isDatabaseError } from '../db/errors.ts'
