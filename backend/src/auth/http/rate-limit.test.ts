import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit.ts'

describe('RateLimiter', () => {
  it('lets a burst of N through per key, then refills N per window', () => {
    const limiter = new RateLimiter({ events: 3, windowMs: 300_000 })
    const t0 = 1_000_000
    expect([1, 2, 3].map(() => limiter.take('ip-a', t0))).toEqual([true, true, true])
    expect(limiter.take('ip-a', t0)).toBe(false)
    expect(limiter.take('ip-b', t0)).toBe(true)
    // One event's worth of time later, one more passes.
    expect(limiter.take('ip-a', t0 + 100_000)).toBe(true)
    expect(limiter.take('ip-a', t0 + 100_000)).toBe(false)
    // A whole window later the bucket is full again, never fuller.
    const later = t0 + 10 * 300_000
    expect([1, 2, 3, 4].map(() => limiter.take('ip-a', later))).toEqual([true, true, true, false])
  })

  it('refuses everything when the limit is zero', () => {
    expect(new RateLimiter({ events: 0, windowMs: 1000 }).take('x')).toBe(false)
  })
})
