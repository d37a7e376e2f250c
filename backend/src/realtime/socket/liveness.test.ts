import { describe, expect, it } from 'vitest'
import { livenessVerdict, sweepEveryMs } from './liveness.ts'

const limits = { idleTimeoutMs: 60_000, livenessMs: 15_000 }
const at = (frameAgo: number, heardAgo = frameAgo) => ({
  lastFrame: 100_000 - frameAgo,
  lastHeard: 100_000 - heardAgo,
})

describe('livenessVerdict', () => {
  it('leaves a connection that spoke lately alone, and pings one quiet for a third of the time', () => {
    expect(livenessVerdict(at(0), 100_000, limits)).toBe('fine')
    expect(livenessVerdict(at(4_999), 100_000, limits)).toBe('fine')
    expect(livenessVerdict(at(5_000), 100_000, limits)).toBe('ping')
    expect(livenessVerdict(at(14_999), 100_000, limits)).toBe('ping')
  })

  it('cuts off one that answered nothing, not even a ping, for the liveness time', () => {
    expect(livenessVerdict(at(15_000), 100_000, limits)).toBe('cut')
    // A pong counts as heard: frames may stop for a while (realtime-js heartbeats every 25 s).
    expect(livenessVerdict(at(30_000, 1_000), 100_000, limits)).toBe('fine')
  })

  it('still holds Phoenix’s idle timeout for a peer that answers pings but sends no frames', () => {
    expect(livenessVerdict(at(59_999, 0), 100_000, limits)).toBe('fine')
    expect(livenessVerdict(at(60_000, 0), 100_000, limits)).toBe('cut')
  })

  it('is only the idle timeout when liveness is off', () => {
    const off = { idleTimeoutMs: 60_000, livenessMs: 0 }
    expect(livenessVerdict(at(59_000), 100_000, off)).toBe('fine')
    expect(livenessVerdict(at(60_000), 100_000, off)).toBe('cut')
    expect(sweepEveryMs(off)).toBe(5000)
  })

  it('sweeps often enough to ping on time', () => {
    expect(sweepEveryMs(limits)).toBe(1250)
    expect(sweepEveryMs({ idleTimeoutMs: 1500, livenessMs: 15_000 })).toBe(375)
  })
})
