// [auth.rate_limit] of config.toml as the Supabase CLI reads it, with its defaults: emails and SMS
// per hour, and per IP the anonymous sign-ins, refreshes, sign-ins and verifications GoTrue allows.
import type { ConfigReader } from './reader.ts'

export interface AuthRateLimits {
  /** Emails sent per hour. */
  emailSent: number
  smsSent: number
  /** Anonymous sign-ins per hour per IP. */
  anonymousUsers: number
  /** Token refreshes per 5 minutes per IP. */
  tokenRefresh: number
  /** Sign-ups and sign-ins per 5 minutes per IP. */
  signInSignUps: number
  /** OTP and magic-link verifications per 5 minutes per IP. */
  tokenVerifications: number
  web3: number
}

export function readAuthRateLimits(read: ConfigReader): AuthRateLimits {
  return {
    emailSent: read.get('auth.rate_limit', 'email_sent', 'integer', 2),
    smsSent: read.get('auth.rate_limit', 'sms_sent', 'integer', 30),
    anonymousUsers: read.get('auth.rate_limit', 'anonymous_users', 'integer', 30),
    tokenRefresh: read.get('auth.rate_limit', 'token_refresh', 'integer', 150),
    signInSignUps: read.get('auth.rate_limit', 'sign_in_sign_ups', 'integer', 30),
    tokenVerifications: read.get('auth.rate_limit', 'token_verifications', 'integer', 30),
    web3: read.get('auth.rate_limit', 'web3', 'integer', 30),
  }
}
