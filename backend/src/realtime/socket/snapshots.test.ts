import { describe, expect, it } from 'vitest'
import { nothingEndedSince, parseSnapshot } from './snapshots.ts'

const snap = (text: string) => {
  const parsed = parseSnapshot(text)
  if (!parsed) throw new Error(`not a snapshot: ${text}`)
  return parsed
}

describe('nothingEndedSince', () => {
  it('parses pg_current_snapshot() text', () => {
    expect(snap('100:105:100,102')).toEqual({ xmin: 100n, xmax: 105n, xip: new Set([100n, 102n]) })
    expect(snap('7:7:')).toEqual({ xmin: 7n, xmax: 7n, xip: new Set() })
    expect(parseSnapshot('nonsense')).toBeNull()
  })

  it('holds when nothing began or ended, or only our own transaction did', () => {
    expect(nothingEndedSince(snap('100:105:100,102'), snap('100:105:100,102'), new Set())).toBe(
      true
    )
    // Our round's transaction took 105 and ended; 106 began and still runs.
    expect(nothingEndedSince(snap('100:105:100'), snap('100:107:100,106'), new Set([105n]))).toBe(
      true
    )
  })

  it('fails when another transaction ended: one running before, or one begun since', () => {
    expect(nothingEndedSince(snap('100:105:100,102'), snap('102:105:102'), new Set())).toBe(false)
    expect(nothingEndedSince(snap('100:105:'), snap('106:106:'), new Set())).toBe(false)
    expect(nothingEndedSince(snap('100:105:'), snap('107:107:'), new Set([105n]))).toBe(false)
    expect(nothingEndedSince(snap('100:105:'), snap('100:5000:'), new Set())).toBe(false)
  })
})
