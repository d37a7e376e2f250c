import { describe, expect, it } from 'vitest'
import { RateCounter, RateWindow, limitsFromEnv } from './limits.ts'

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

describe('RateCounter', () => {
  it('averages events per second over the ticks so far, up to a minute of them', () => {
    const rate = new RateCounter(10, 1000, 60, 0)
    rate.add(25, 100)
    // The average moves once a tick.
    expect(rate.triggered(999)).toBe(false)
    expect(rate.average(1000)).toBe(25)
    expect(rate.triggered(1000)).toBe(true)
    // Quiet seconds weigh the burst down: 25 over 3 ticks is under 10.
    expect(rate.average(3000)).toBeCloseTo(25 / 3)
    expect(rate.triggered(3000)).toBe(false)
    // After a minute of quiet the burst has left the window.
    expect(rate.average(70_000)).toBe(0)
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
      maxEventsPerSecond: 100,
      privateRecheckMs: 1000,
    })
    expect(
      limitsFromEnv({ CHANNEL_ERROR_BACKOFF_MS: '10', TENANT_MAX_JOINS_PER_SECOND: 'x' })
    ).toMatchObject({ channelErrorBackoffMs: 10, maxJoinsPerSecond: 500 })
  })
})
