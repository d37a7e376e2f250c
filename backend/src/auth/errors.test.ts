// The catalogue: one factory per GoTrue error code, each with GoTrue's status, rendered as
// GoTrue's JSON ({code, error_code, msg} on the legacy API, {code, message} from 2024-01-01).
import { describe, expect, it } from 'vitest'
import { AuthError, ERRORS } from './errors.ts'
import { API_VERSION_2024, renderError } from './http/error-response.ts'

// GoTrue's codes (internal/api/apierrors/errorcode.go) and the status each is answered with.
const EXPECTED: Array<[string, number]> = [
  ['unknown', 500],
  ['validation_failed', 400],
  ['bad_json', 400],
  ['email_exists', 422],
  ['phone_exists', 422],
  ['bad_jwt', 403],
  ['not_admin', 403],
  ['no_authorization', 401],
  ['user_not_found', 404],
  ['session_not_found', 403],
  ['session_expired', 403],
  ['refresh_token_not_found', 400],
  ['refresh_token_already_used', 400],
  ['flow_state_not_found', 404],
  ['flow_state_expired', 422],
  ['signup_disabled', 422],
  ['user_banned', 400],
  ['unexpected_audience', 403],
  ['email_provider_disabled', 422],
  ['phone_provider_disabled', 422],
  ['email_not_confirmed', 400],
  ['phone_not_confirmed', 400],
  ['user_already_exists', 422],
  ['reauthentication_needed', 400],
  ['reauthentication_not_valid', 422],
  ['same_password', 422],
  ['current_password_required', 400],
  ['current_password_invalid', 400],
  ['otp_expired', 403],
  ['otp_disabled', 422],
  ['over_request_rate_limit', 429],
  ['over_email_send_rate_limit', 429],
  ['bad_code_verifier', 400],
  ['anonymous_provider_disabled', 422],
  ['insufficient_aal', 403],
  ['invalid_credentials', 400],
  ['email_address_invalid', 400],
  ['request_timeout', 504],
  ['conflict', 409],
  ['provider_disabled', 400],
  ['bad_oauth_callback', 400],
  ['manual_linking_disabled', 404],
  ['mfa_totp_enroll_not_enabled', 422],
  ['mfa_phone_enroll_not_enabled', 422],
  ['mfa_webauthn_enroll_not_enabled', 422],
  ['mfa_factor_not_found', 404],
  ['mfa_factor_name_conflict', 422],
  ['too_many_enrolled_mfa_factors', 422],
  ['mfa_ip_address_mismatch', 422],
  ['mfa_challenge_expired', 422],
  ['mfa_verification_failed', 422],
  ['mfa_verified_factor_exists', 422],
  ['mfa_totp_verify_not_enabled', 422],
  ['mfa_phone_verify_not_enabled', 422],
  ['mfa_webauthn_verify_not_enabled', 422],
  ['feature_disabled', 404],
  ['oauth_client_not_found', 404],
  ['oauth_authorization_not_found', 404],
  ['oauth_consent_not_found', 404],
  ['oauth_dynamic_client_registration_disabled', 403],
  ['saml_provider_disabled', 400],
  ['web3_provider_disabled', 422],
]

const SPECIAL = ['unexpectedFailure', 'weakPassword', 'hookError']
const factoryName = (code: string) =>
  code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

describe('the Auth error catalogue', () => {
  it('has exactly one factory per code, named after it', () => {
    const names = Object.keys(ERRORS).filter((name) => !SPECIAL.includes(name))
    expect(names.sort()).toEqual(EXPECTED.map(([code]) => factoryName(code)).sort())
  })

  it.each(EXPECTED)('%s: status %i, rendered as GoTrue renders it', (code, status) => {
    const factory = ERRORS[factoryName(code) as keyof typeof ERRORS] as (m: string) => AuthError
    const error = factory(`a ${code} message`)
    expect(error).toBeInstanceOf(AuthError)
    expect([error.code, error.status, error.message]).toEqual([code, status, `a ${code} message`])

    const legacy = renderError(error, undefined)
    expect(legacy.status).toBe(status)
    expect(legacy.headers['x-sb-error-code']).toBe(code)
    const body: Record<string, unknown> = {
      code: status,
      error_code: code,
      msg: `a ${code} message`,
    }
    if (status >= 500) body.error_id = expect.any(String)
    expect(legacy.body).toEqual(body)

    const versioned = renderError(error, API_VERSION_2024)
    expect(versioned.status).toBe(status)
    expect(versioned.body).toEqual({ code, message: `a ${code} message` })
  })

  it('answers another status where GoTrue does, keeping code and message', () => {
    const error = ERRORS.validationFailed('Invalid email format', 422)
    expect(renderError(error, undefined)).toMatchObject({
      status: 422,
      body: { code: 422, error_code: 'validation_failed', msg: 'Invalid email format' },
    })
  })

  it('keeps the cause of an unexpected failure for the log, never the body', () => {
    const cause = new Error('duplicate key value violates unique constraint')
    const error = ERRORS.unexpectedFailure('Database error saving new user', cause)
    expect([error.status, error.code, error.cause]).toEqual([500, 'unexpected_failure', cause])
    const rendered = renderError(error, undefined)
    expect(rendered.body).toEqual({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Database error saving new user',
      error_id: expect.any(String),
    })
    expect(JSON.stringify(rendered.body)).not.toContain('duplicate key')
  })

  it('renders weak_password with its reasons, and a hook error with its own status', () => {
    const weak = ERRORS.weakPassword('Password should be at least 6 characters.', ['length'])
    expect(renderError(weak, API_VERSION_2024)).toMatchObject({
      status: 422,
      body: {
        code: 'weak_password',
        message: 'Password should be at least 6 characters.',
        weak_password: { reasons: ['length'] },
      },
    })
    expect([ERRORS.hookError(403, 'no').status, ERRORS.hookError(403, 'no').code]).toEqual([
      403,
      'unknown',
    ])
    expect(ERRORS.hookError(503, 'down').code).toBe('unexpected_failure')
  })
})
