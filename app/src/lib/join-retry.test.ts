import { describe, expect, it } from 'vitest'
import {
  JOIN_RETRY_CAP_MS,
  QUIET_FOR_MS,
  QUIET_REFUSALS,
  isJoinLimited,
  joinRetryDelayMs,
  quietlyWaiting,
  reconnectDelayMs,
} from './join-retry.ts'

const REASON = 'ClientJoinRateLimitReached: Too many joins per second'
/** A random source that always gives `value` (just under 1 for the ceiling). */
const always = (value: number) => () => value
const TOP = 0.999_999

describe('isJoinLimited', () => {
  it("knows the server's refusal, as realtime-js's Error and as the reply's response", () => {
    expect(isJoinLimited(new Error(REASON, { cause: { reason: REASON } }))).toBe(true)
    expect(isJoinLimited({ reason: REASON })).toBe(true)
    expect(isJoinLimited(new Error('ChannelRateLimitReached: Too many channels'))).toBe(false)
    expect(isJoinLimited({ reason: 'Unauthorized: You do not have permissions' })).toBe(false)
    expect(isJoinLimited(new Error('transport failure'))).toBe(false)
    expect(isJoinLimited(null)).toBe(false)
    expect(isJoinLimited(REASON)).toBe(false)
  })
})

describe('joinRetryDelayMs', () => {
  it('doubles its ceiling at each refusal in a row, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => joinRetryDelayMs(n, always(TOP)))).toEqual([
      999, 1999, 3999, 7999, 15_999, 29_999, 29_999, 29_999,
    ])
  })

  it('is anywhere from 0 to the ceiling (full jitter)', () => {
    expect(joinRetryDelayMs(3, always(0))).toBe(0)
    expect(joinRetryDelayMs(3, always(0.5))).toBe(2000)
    for (let i = 0; i < 1000; i++) {
      const delay = joinRetryDelayMs(10)
      expect(delay).toBeGreaterThanOrEqual(0)
      expect(delay).toBeLessThan(JOIN_RETRY_CAP_MS)
    }
  })

  it('spreads the people refused in the same second over the pause', () => {
    // 1,000 people refused at once, at their third refusal: their next tries over 4 s, about a
    // quarter in each second (not all in the same instant, as realtime-js's fixed pauses).
    const perSecond = [0, 0, 0, 0]
    for (let i = 0; i < 1000; i++) perSecond[Math.floor(joinRetryDelayMs(3) / 1000)]! += 1
    for (const count of perSecond) expect(count).toBeGreaterThan(150)
  })
})

describe('reconnectDelayMs', () => {
  it("after refusals, the join's back-off", () => {
    expect(reconnectDelayMs(1, 3, always(0.5))).toBe(joinRetryDelayMs(3, always(0.5)))
  })

  it("else never later than realtime-js's own pauses, jittered", () => {
    expect([1, 2, 3, 4, 9].map((tries) => reconnectDelayMs(tries, 0, always(TOP)))).toEqual([
      999, 1999, 4999, 9999, 9999,
    ])
    expect(reconnectDelayMs(2, 0, always(0))).toBe(0)
  })
})

describe('quietlyWaiting', () => {
  it('for the first refusals in a row, for a while; then it is said', () => {
    expect(quietlyWaiting(0, null, 0)).toBe(false)
    expect(quietlyWaiting(1, 1000, 1000)).toBe(true)
    expect(quietlyWaiting(QUIET_REFUSALS, 1000, 1000 + QUIET_FOR_MS - 1)).toBe(true)
    expect(quietlyWaiting(QUIET_REFUSALS + 1, 1000, 1001)).toBe(false)
    expect(quietlyWaiting(1, 1000, 1000 + QUIET_FOR_MS)).toBe(false)
  })
})
