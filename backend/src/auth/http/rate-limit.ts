// Request rate limits as [auth.rate_limit] states them: N events per window, per key (the client
// IP, or one global key for emails sent). A token bucket of N (or of `burst`) that refills N per
// window, so a burst passes and the steady rate is N per window.

export interface RateLimit {
  /** Events allowed per window. */
  events: number
  /** Window length in milliseconds. */
  windowMs: number
  /** The bucket's size (tollbooth's SetBurst); `events` when not given. */
  burst?: number
}

interface Bucket {
  tokens: number
  updatedAt: number
}

const MAX_KEYS = 10_000

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(private readonly limit: RateLimit) {}

  /** Takes one event for `key`; false when the limit is reached (nothing is taken then). */
  take(key: string, now = Date.now()): boolean {
    if (this.limit.events <= 0) return false
    const capacity = this.limit.burst ?? this.limit.events
    const perMs = this.limit.events / this.limit.windowMs
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now }
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.updatedAt) * perMs)
    bucket.updatedAt = now
    if (bucket.tokens < 1) {
      this.remember(key, bucket)
      return false
    }
    bucket.tokens -= 1
    this.remember(key, bucket)
    return true
  }

  private remember(key: string, bucket: Bucket): void {
    if (!this.buckets.has(key) && this.buckets.size >= MAX_KEYS) {
      // Forget the oldest keys; a forgotten key starts again with a full bucket.
      const oldest = this.buckets.keys().next().value
      if (oldest !== undefined) this.buckets.delete(oldest)
    }
    this.buckets.set(key, bucket)
  }
}

const FIVE_MINUTES = 5 * 60 * 1000
const ONE_HOUR = 60 * 60 * 1000
const ONE_MINUTE = 60 * 1000

/**
 * GoTrue's MFA.RateLimitChallengeAndVerify (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, default 15
 * a minute, burst 30; the CLI's config.toml has no key for it), for each of /challenge and /verify.
 */
export const MFA_CHALLENGE_AND_VERIFY_RATE = 15
export const MFA_BURST = 30

export interface AuthLimiters {
  /** Sign-ups, password/PKCE sign-ins, OTP, recover, resend: per IP per 5 minutes. */
  signInSignUps: RateLimiter
  /** Refresh-token grants: per IP per 5 minutes. */
  tokenRefresh: RateLimiter
  /** /verify: per IP per 5 minutes. */
  tokenVerifications: RateLimiter
  /** Anonymous sign-ins: per IP per hour. */
  anonymousUsers: RateLimiter
  /** Emails sent by the whole service: per hour. */
  emailSent: RateLimiter
  /** POST /factors/{id}/verify: per IP per minute (GoTrue's limiterOpts.FactorVerify). */
  factorVerify: RateLimiter
  /** POST /factors/{id}/challenge: per IP per minute (limiterOpts.FactorChallenge). */
  factorChallenge: RateLimiter
}

export interface LimitConfig {
  signInSignUps: number
  tokenRefresh: number
  tokenVerifications: number
  anonymousUsers: number
  emailSent: number
}

export function authLimiters(config: LimitConfig): AuthLimiters {
  const mfaLimit = { events: MFA_CHALLENGE_AND_VERIFY_RATE, windowMs: ONE_MINUTE, burst: MFA_BURST }
  return {
    signInSignUps: new RateLimiter({ events: config.signInSignUps, windowMs: FIVE_MINUTES }),
    tokenRefresh: new RateLimiter({ events: config.tokenRefresh, windowMs: FIVE_MINUTES }),
    tokenVerifications: new RateLimiter({
      events: config.tokenVerifications,
      windowMs: FIVE_MINUTES,
    }),
    anonymousUsers: new RateLimiter({ events: config.anonymousUsers, windowMs: ONE_HOUR }),
    emailSent: new RateLimiter({ events: config.emailSent, windowMs: ONE_HOUR }),
    factorVerify: new RateLimiter(mfaLimit),
    factorChallenge: new RateLimiter(mfaLimit),
  }
}

/** GoTrue's default hourly email limit, which the CLI keeps unless SMTP is configured. */
export const DEFAULT_EMAIL_RATE = 30
