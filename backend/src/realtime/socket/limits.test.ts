import { describe, expect, it } from 'vitest'
import { RateWindow, limitsFromEnv } from './limits.ts'

describe('RateWindow', () => {
  it('allows `limit` events per window and frees them as time passes', () => {
    const rate = new RateWindow(3, 1000)
    expect([rate.take(0), rate.take(10), rate.take(20), rate.take(30)]).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(rate.take(1001)).toBe(true)
    expect(rate.take(1002)).toBe(false)
    expect(rate.take(1021)).toBe(true)
  })
})

describe('limitsFromEnv', () => {
  it('has the local tenant defaults and reads overrides', () => {
    const defaults = limitsFromEnv({})
    expect(defaults).toMatchObject({
      maxChannelsPerClient: 100,
      maxJoinsPerSecond: 500,
      channelErrorBackoffMs: 5000,
      connectErrorBackoffMs: 2000,
      clientPresenceMaxCalls: 5,
    })
    expect(
      limitsFromEnv({ CHANNEL_ERROR_BACKOFF_MS: '10', TENANT_MAX_JOINS_PER_SECOND: 'x' })
    ).toMatchObject({ channelErrorBackoffMs: 10, maxJoinsPerSecond: 500 })
  })
})
