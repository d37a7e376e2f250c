// The action mix's pure parts: rates into a person's timeline, the sign-in storm's moments.
import { describe, expect, it } from 'vitest'
import { MIX, random, stormOffsets, timeline, timelineRates } from './mix.ts'

const HOUR = 3_600_000

describe('the mix', () => {
  it('names a source for every action and a rate for those on the timeline', () => {
    for (const entry of MIX) {
      expect(entry.source.length).toBeGreaterThan(10)
      expect(entry.how.length).toBeGreaterThan(10)
      expect(entry.perHour).toBeGreaterThanOrEqual(0)
    }
    const actions = timelineRates().map(([action]) => action)
    expect(actions).toEqual([
      'thread reply',
      'reaction',
      'search',
      'channel switch',
      'thread open',
      'file upload',
      'file download',
      'status change',
    ])
    expect(timelineRates(30).find(([a]) => a === 'search')?.[1]).toBe(30)
  })
})

describe('timeline', () => {
  it('is the same for the same seed, and sorted', () => {
    const rates = timelineRates()
    const a = timeline(rates, HOUR, random(7))
    expect(timeline(rates, HOUR, random(7))).toEqual(a)
    expect(timeline(rates, HOUR, random(8))).not.toEqual(a)
    for (let i = 1; i < a.length; i++) expect(a[i]!.at).toBeGreaterThanOrEqual(a[i - 1]!.at)
    expect(a.every((p) => p.at >= 0 && p.at < HOUR)).toBe(true)
  })

  it('holds each action at its rate on average', () => {
    const rates = timelineRates()
    const hours = 400
    const plan = timeline(rates, hours * HOUR, random(1))
    for (const [action, perHour] of rates) {
      const count = plan.filter((p) => p.action === action).length
      // A Poisson count: within 5 standard deviations of its mean.
      const mean = perHour * hours
      expect(Math.abs(count - mean)).toBeLessThan(5 * Math.sqrt(mean) + 1)
    }
  })

  it('plans nothing for a zero rate or an empty window', () => {
    expect(timeline([['search', 0]], HOUR, random(1))).toEqual([])
    expect(timeline(timelineRates(), 0, random(1))).toEqual([])
  })
})

describe('stormOffsets', () => {
  it('spreads everyone over the window, repeatably', () => {
    const offsets = stormOffsets(2000, 300_000, random(3))
    expect(offsets).toHaveLength(2000)
    expect(offsets.every((t) => t >= 0 && t < 300_000)).toBe(true)
    expect(stormOffsets(2000, 300_000, random(3))).toEqual(offsets)
    // Uniform: each minute of the five holds about a fifth.
    for (let minute = 0; minute < 5; minute++) {
      const inIt = offsets.filter((t) => Math.floor(t / 60_000) === minute).length
      expect(inIt).toBeGreaterThan(330)
      expect(inIt).toBeLessThan(470)
    }
  })

  it('opens everyone at once for a window of 0', () => {
    expect(stormOffsets(3, 0, random(1))).toEqual([0, 0, 0])
  })
})
