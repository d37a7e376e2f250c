import { describe, expect, it } from 'vitest'
import {
  EventBudget,
  RateCounter,
  RateWindow,
  SERVE_EVENTS_PER_CORE,
  SERVE_JOINS_PER_CORE,
  limitsFromEnv,
} from './limits.ts'

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

describe('limits under serve', () => {
  it('sizes the message rate to the cores, a tenth of it per connection; start keeps the local tenant', () => {
    expect(limitsFromEnv({}, 'serve', 2)).toMatchObject({
      maxEventsPerSecond: 2 * SERVE_EVENTS_PER_CORE,
      clientMaxEventsPerSecond: (2 * SERVE_EVENTS_PER_CORE) / 10,
    })
    expect(limitsFromEnv({}, 'serve', 8).maxEventsPerSecond).toBe(8 * SERVE_EVENTS_PER_CORE)
    expect(limitsFromEnv({}, 'start', 8)).toMatchObject({
      maxEventsPerSecond: 100,
      clientMaxEventsPerSecond: 0,
    })
    // The environment still decides, in either mode.
    expect(
      limitsFromEnv(
        { TENANT_MAX_EVENTS_PER_SECOND: '5000', CLIENT_MAX_EVENTS_PER_SECOND: '7' },
        'serve',
        2
      )
    ).toMatchObject({ maxEventsPerSecond: 5000, clientMaxEventsPerSecond: 7 })
    expect(limitsFromEnv({ TENANT_MAX_EVENTS_PER_SECOND: '300' }, 'serve', 2)).toMatchObject({
      clientMaxEventsPerSecond: 100,
    })
  })
})

describe('joins under serve', () => {
  it("sizes the stack's joins to the cores and a connection's to its channels; start has no per-connection limit", () => {
    expect(limitsFromEnv({}, 'serve', 2)).toMatchObject({
      maxJoinsPerSecond: 2 * SERVE_JOINS_PER_CORE,
      clientMaxJoinsPerSecond: 100,
    })
    // 2,000 people opening within a minute, 5 joins each, ~290 in the busiest second.
    expect(limitsFromEnv({}, 'serve', 1).maxJoinsPerSecond).toBeGreaterThan(290)
    expect(limitsFromEnv({}, 'start', 8)).toMatchObject({
      maxJoinsPerSecond: 500,
      clientMaxJoinsPerSecond: 0,
    })
    expect(
      limitsFromEnv(
        {
          TENANT_MAX_JOINS_PER_SECOND: '50',
          CLIENT_MAX_JOINS_PER_SECOND: '3',
          TENANT_MAX_CHANNELS_PER_CLIENT: '20',
        },
        'serve',
        2
      )
    ).toMatchObject({ maxJoinsPerSecond: 50, clientMaxJoinsPerSecond: 3, maxChannelsPerClient: 20 })
    expect(limitsFromEnv({ TENANT_MAX_CHANNELS_PER_CLIENT: '20' }, 'serve', 2)).toMatchObject({
      clientMaxJoinsPerSecond: 20,
    })
  })
})

describe('EventBudget', () => {
  it('lets a second of messages through, refills, and lets one large send overdraw it', () => {
    const budget = new EventBudget(10, 0)
    for (let i = 0; i < 10; i++) expect(budget.take(1, 0)).toBe(true)
    expect(budget.take(1, 0)).toBe(false)
    expect(budget.take(1, 100)).toBe(true) // 100 ms: one more
    expect(budget.take(1, 100)).toBe(false)
    // A send to an audience larger than the budget goes once; the debt is then paid back.
    const big = new EventBudget(10, 0)
    expect(big.take(25, 0)).toBe(true)
    expect(big.take(1, 1000)).toBe(false)
    expect(big.take(1, 2600)).toBe(true)
    expect(new EventBudget(0).take(1_000_000)).toBe(true)
  })
})
