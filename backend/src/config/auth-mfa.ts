// [auth.mfa] of config.toml as the Supabase CLI reads it: the factor limit and, per factor type,
// whether enrolment and verification are on. The CLI's defaults come from its config template:
// at most 10 factors, TOTP and phone off, WebAuthn off (its section is commented out).
import type { ConfigReader } from './reader.ts'

export interface FactorSwitches {
  enrollEnabled: boolean
  verifyEnabled: boolean
}

/** [auth.webauthn]: the relying party WebAuthn factors are bound to (GOTRUE_WEBAUTHN_RP_*). */
export interface WebAuthnRp {
  /** Empty: the site_url's host. */
  rpId: string
  /** Empty: the project id. */
  rpDisplayName: string
  /** Empty: the site_url's origin. */
  rpOrigins: string[]
}

export interface AuthMfaConfig {
  maxEnrolledFactors: number
  totp: FactorSwitches
  phone: FactorSwitches
  webAuthn: FactorSwitches
  webAuthnRp: WebAuthnRp
}

function switches(read: ConfigReader, section: string): FactorSwitches {
  return {
    enrollEnabled: read.get(section, 'enroll_enabled', 'boolean', false),
    verifyEnabled: read.get(section, 'verify_enabled', 'boolean', false),
  }
}

export function readAuthMfa(read: ConfigReader): AuthMfaConfig {
  return {
    maxEnrolledFactors: read.get('auth.mfa', 'max_enrolled_factors', 'integer', 10),
    totp: switches(read, 'auth.mfa.totp'),
    phone: switches(read, 'auth.mfa.phone'),
    webAuthn: switches(read, 'auth.mfa.web_authn'),
    webAuthnRp: {
      rpId: read.get('auth.webauthn', 'rp_id', 'string', ''),
      rpDisplayName: read.get('auth.webauthn', 'rp_display_name', 'string', ''),
      rpOrigins: read.get('auth.webauthn', 'rp_origins', 'strings', []),
    },
  }
}
