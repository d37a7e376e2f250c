// [auth.mfa] of config.toml as the Supabase CLI reads it: the factor limit and, per factor type,
// whether enrolment and verification are on. The CLI's defaults come from its config template:
// at most 10 factors, TOTP and phone off, WebAuthn off (its section is commented out).
import type { ConfigReader } from './project-config.ts'

export interface FactorSwitches {
  enrollEnabled: boolean
  verifyEnabled: boolean
}

export interface AuthMfaConfig {
  maxEnrolledFactors: number
  totp: FactorSwitches
  phone: FactorSwitches
  webAuthn: FactorSwitches
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
  }
}
