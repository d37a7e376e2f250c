// The Auth settings GoTrue runs with, derived from config.toml as the Supabase CLI maps [auth] to
// GOTRUE_* variables (enable_confirmations -> mailer autoconfirm off, double_confirm_changes ->
// secure email change, password_requirements -> required character sets, …).
import type { AuthMfaConfig } from '../config/auth-mfa.ts'
import type { ProjectConfig } from '../config/project-config.ts'
import { pgFunctionHook } from './sessions/hooks.ts'
import type { PgFunctionHook } from './sessions/hooks.ts'
import { compileAllowList } from './http/redirect.ts'
import type { CompiledAllowList } from './http/redirect.ts'

export interface AuthSettings {
  siteUrl: string
  allowList: CompiledAllowList
  jwtExpiry: number
  disableSignup: boolean
  anonymousEnabled: boolean
  emailEnabled: boolean
  /** Sign-ups are confirmed at once (enable_confirmations = false). */
  mailerAutoconfirm: boolean
  secureEmailChange: boolean
  passwordChangeNeedsReauthentication: boolean
  /** Every password change but a recovery session's carries the current password. */
  passwordChangeNeedsCurrentPassword: boolean
  refreshTokenRotation: boolean
  refreshTokenReuseInterval: number
  passwordMinLength: number
  /** Character sets a password must each draw from. */
  passwordRequiredCharacters: string[]
  /** Milliseconds between two emails of one kind to one user. */
  maxFrequency: number
  otpLength: number
  /** Seconds an emailed OTP or link stays valid. */
  otpExpiry: number
  /** PKCE flow states expire after this many seconds (GoTrue's default). */
  flowStateExpiry: number
  adminRoles: string[]
  defaultAudience: string
  /** [auth.hook.custom_access_token], when enabled. */
  customAccessTokenHook: PgFunctionHook | null
  /** [auth.mfa]: the factor limit and which factor types may be enrolled and verified. */
  mfa: AuthMfaConfig & {
    /** GoTrue's MFA_MAX_VERIFIED_FACTORS (not in config.toml). */
    maxVerifiedFactors: number
    /** Seconds a challenge stays valid (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
    challengeExpiry: number
    /** Seconds an unverified, never-challenged factor is kept (MFA_FACTOR_EXPIRY_DURATION). */
    factorExpiry: number
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~'

/** The CLI's password_requirements values and the character sets GoTrue then requires. */
export function requiredCharacters(requirement: string): string[] {
  switch (requirement) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS]
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS]
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS]
    default:
      return []
  }
}

export function authSettings(config: ProjectConfig): AuthSettings {
  const auth = config.auth
  return {
    siteUrl: auth.siteUrl,
    allowList: compileAllowList(auth.additionalRedirectUrls),
    jwtExpiry: auth.jwtExpiry,
    disableSignup: !auth.enableSignup,
    anonymousEnabled: auth.enableAnonymousSignIns,
    emailEnabled: auth.email.enableSignup,
    mailerAutoconfirm: !auth.email.enableConfirmations,
    secureEmailChange: auth.email.doubleConfirmChanges,
    passwordChangeNeedsReauthentication: auth.email.securePasswordChange,
    passwordChangeNeedsCurrentPassword: auth.email.updatePasswordRequireCurrentPassword,
    refreshTokenRotation: auth.enableRefreshTokenRotation,
    refreshTokenReuseInterval: auth.refreshTokenReuseInterval,
    passwordMinLength: auth.minimumPasswordLength,
    passwordRequiredCharacters: requiredCharacters(auth.passwordRequirements),
    maxFrequency: auth.email.maxFrequency,
    otpLength: auth.email.otpLength,
    otpExpiry: auth.email.otpExpiry,
    flowStateExpiry: 300,
    adminRoles: ['service_role', 'supabase_admin'],
    defaultAudience: 'authenticated',
    customAccessTokenHook: pgFunctionHook(auth.customAccessTokenHook),
    mfa: { ...auth.mfa, maxVerifiedFactors: 10, challengeExpiry: 300, factorExpiry: 300 },
  }
}
