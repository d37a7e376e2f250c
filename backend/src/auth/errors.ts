// The Auth service's one error type and its one catalogue: a factory per GoTrue error code
// (supabase/auth internal/api/apierrors/errorcode.go; feature_disabled is a newer GoTrue's), each
// with the status GoTrue answers that code with. GoTrue picks the status per call site
// (NewBadRequestError, NewForbiddenError, …), so where it answers a code with another status (e.g.
// validation_failed is 400, but 404 for an unknown factor type and 422 for an invalid email on
// /verify) the call passes that status as the factory's second argument. Handlers throw these;
// http/error-response.ts renders them in the wire format the request asked for.

/** Each factory's code and the status GoTrue answers it with. */
const CODES = {
  unknown: ['unknown', 500],
  validationFailed: ['validation_failed', 400],
  badJson: ['bad_json', 400],
  emailExists: ['email_exists', 422],
  phoneExists: ['phone_exists', 422],
  badJwt: ['bad_jwt', 403],
  notAdmin: ['not_admin', 403],
  noAuthorization: ['no_authorization', 401],
  userNotFound: ['user_not_found', 404],
  sessionNotFound: ['session_not_found', 403],
  sessionExpired: ['session_expired', 403],
  refreshTokenNotFound: ['refresh_token_not_found', 400],
  refreshTokenAlreadyUsed: ['refresh_token_already_used', 400],
  flowStateNotFound: ['flow_state_not_found', 404],
  flowStateExpired: ['flow_state_expired', 422],
  signupDisabled: ['signup_disabled', 422],
  userBanned: ['user_banned', 400],
  unexpectedAudience: ['unexpected_audience', 403],
  emailProviderDisabled: ['email_provider_disabled', 422],
  phoneProviderDisabled: ['phone_provider_disabled', 422],
  emailNotConfirmed: ['email_not_confirmed', 400],
  phoneNotConfirmed: ['phone_not_confirmed', 400],
  userAlreadyExists: ['user_already_exists', 422],
  reauthenticationNeeded: ['reauthentication_needed', 400],
  reauthenticationNotValid: ['reauthentication_not_valid', 422],
  samePassword: ['same_password', 422],
  currentPasswordRequired: ['current_password_required', 400],
  // GoTrue's Go constant is ErrorCodeCurrentPasswordMismatch; the code it carries is this one.
  currentPasswordInvalid: ['current_password_invalid', 400],
  otpExpired: ['otp_expired', 403],
  otpDisabled: ['otp_disabled', 422],
  overRequestRateLimit: ['over_request_rate_limit', 429],
  overEmailSendRateLimit: ['over_email_send_rate_limit', 429],
  badCodeVerifier: ['bad_code_verifier', 400],
  anonymousProviderDisabled: ['anonymous_provider_disabled', 422],
  insufficientAal: ['insufficient_aal', 403],
  invalidCredentials: ['invalid_credentials', 400],
  emailAddressInvalid: ['email_address_invalid', 400],
  requestTimeout: ['request_timeout', 504],
  conflict: ['conflict', 409],
  providerDisabled: ['provider_disabled', 400],
  badOauthCallback: ['bad_oauth_callback', 400],
  manualLinkingDisabled: ['manual_linking_disabled', 404],
  mfaTotpEnrollNotEnabled: ['mfa_totp_enroll_not_enabled', 422],
  mfaPhoneEnrollNotEnabled: ['mfa_phone_enroll_not_enabled', 422],
  mfaWebauthnEnrollNotEnabled: ['mfa_webauthn_enroll_not_enabled', 422],
  mfaFactorNotFound: ['mfa_factor_not_found', 404],
  mfaFactorNameConflict: ['mfa_factor_name_conflict', 422],
  tooManyEnrolledMfaFactors: ['too_many_enrolled_mfa_factors', 422],
  mfaIpAddressMismatch: ['mfa_ip_address_mismatch', 422],
  mfaChallengeExpired: ['mfa_challenge_expired', 422],
  mfaVerificationFailed: ['mfa_verification_failed', 422],
  mfaVerifiedFactorExists: ['mfa_verified_factor_exists', 422],
  mfaTotpVerifyNotEnabled: ['mfa_totp_verify_not_enabled', 422],
  mfaPhoneVerifyNotEnabled: ['mfa_phone_verify_not_enabled', 422],
  mfaWebauthnVerifyNotEnabled: ['mfa_webauthn_verify_not_enabled', 422],
  featureDisabled: ['feature_disabled', 404],
  oauthClientNotFound: ['oauth_client_not_found', 404],
  oauthAuthorizationNotFound: ['oauth_authorization_not_found', 404],
  oauthConsentNotFound: ['oauth_consent_not_found', 404],
  oauthDynamicClientRegistrationDisabled: ['oauth_dynamic_client_registration_disabled', 403],
  samlProviderDisabled: ['saml_provider_disabled', 400],
  web3ProviderDisabled: ['web3_provider_disabled', 422],
} as const

type CatalogueCode = (typeof CODES)[keyof typeof CODES][0]
export type ErrorCode = CatalogueCode | 'unexpected_failure' | 'weak_password'

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

/** A factory: the message as GoTrue words it; the status only where GoTrue answers another one. */
export type ErrorFactory = (message: string, status?: number) => AuthError

type Catalogue = { readonly [K in keyof typeof CODES]: ErrorFactory } & {
  /** A 500; `cause` (the database error behind it) goes to the log, never to the client. */
  readonly unexpectedFailure: (message: string, cause?: unknown) => AuthError
  /** 422 weak_password with the reasons rendered as weak_password.reasons. */
  readonly weakPassword: (message: string, reasons: string[]) => AuthError
  /** The error a hook answered: its http_code, unknown below 500, unexpected_failure from 500. */
  readonly hookError: (status: number, message: string) => AuthError
}

function catalogue(): Catalogue {
  const factories: Record<string, unknown> = {}
  for (const [name, [code, usual]] of Object.entries(CODES)) {
    factories[name] = (message: string, status: number = usual) =>
      new AuthError(status, code, message)
  }
  factories.unexpectedFailure = (message: string, cause?: unknown) => {
    const error = new AuthError(500, 'unexpected_failure', message)
    if (cause !== undefined) error.cause = cause
    return error
  }
  factories.weakPassword = (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, reasons)
  factories.hookError = (status: number, message: string) =>
    new AuthError(status, status >= 500 ? 'unexpected_failure' : 'unknown', message)
  return factories as Catalogue
}

/** The catalogue: `throw ERRORS.validationFailed('…')`. */
export const ERRORS: Catalogue = catalogue()

// Messages GoTrue uses in several places.
export const INVALID_LOGIN = 'Invalid login credentials'
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered'
export const EMAIL_RATE_LIMIT = 'email rate limit exceeded'
export const REQUEST_RATE_LIMIT = 'Request rate limit reached'
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

export function frequencyLimit(sentAt: Date, frequencyMs: number, now = Date.now()): AuthError {
  // GoTrue truncates the remaining duration to whole seconds.
  const seconds = Math.trunc((sentAt.getTime() + frequencyMs - now) / 1000)
  return ERRORS.overEmailSendRateLimit(
    `For security purposes, you can only request this after ${seconds} seconds.`
  )
}

/** A Postgres error raised while writing a user (a failing trigger, a constraint). */
export { isPostgresError as isDatabaseError } from '../db/errors.ts'
