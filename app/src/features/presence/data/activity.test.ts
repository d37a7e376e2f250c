import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AWAY_AFTER_MS, ActivityTimer } from './activity.ts'
import type { Activity } from './activity.ts'
import { presenceOf } from './presence-of.ts'

describe('ActivityTimer', () => {
  let changes: Activity[]
  let timer: ActivityTimer
  beforeEach(() => {
    vi.useFakeTimers()
    changes = []
    timer = new ActivityTimer((state) => changes.push(state))
    timer.start()
  })
  afterEach(() => {
    timer.stop()
    vi.useRealTimers()
  })

  it('is away after 10 minutes without input, not a moment before', () => {
    expect(AWAY_AFTER_MS).toBe(10 * 60_000)
    vi.advanceTimersByTime(AWAY_AFTER_MS - 1)
    expect(changes).toEqual([])
    expect(timer.current).toBe('active')
    vi.advanceTimersByTime(1)
    expect(changes).toEqual(['away'])
    expect(timer.current).toBe('away')
  })

  it('counts the 10 minutes from the last input', () => {
    vi.advanceTimersByTime(9 * 60_000)
    timer.input()
    vi.advanceTimersByTime(9 * 60_000)
    expect(changes).toEqual([])
    vi.advanceTimersByTime(60_000)
    expect(changes).toEqual(['away'])
  })

  it('is active again at the next input, and away again 10 minutes later', () => {
    vi.advanceTimersByTime(AWAY_AFTER_MS)
    vi.advanceTimersByTime(60 * 60_000)
    expect(changes).toEqual(['away'])
    timer.input()
    expect(changes).toEqual(['away', 'active'])
    vi.advanceTimersByTime(AWAY_AFTER_MS)
    expect(changes).toEqual(['away', 'active', 'away'])
  })

  it('says nothing once stopped', () => {
    timer.stop()
    vi.advanceTimersByTime(AWAY_AFTER_MS * 2)
    expect(changes).toEqual([])
  })
})

describe('presenceOf', () => {
  it('has everyone online, away when every tab of theirs is, and me by my own state', () => {
    const p = presenceOf(
      {
        ann: [{ state: 'away' }],
        bob: [{ state: 'away' }, { state: 'active' }],
        cy: [{}],
        me: [{ state: 'active' }],
      },
      'me',
      'away'
    )
    expect([...p].sort()).toEqual(['ann', 'bob', 'cy', 'me'])
    expect([...p.away].sort()).toEqual(['ann', 'me'])
    expect(presenceOf({}, 'me', 'active').has('me')).toBe(true)
  })

  it('has people in Do Not Disturb when any tab of theirs says so, and me by my own', () => {
    const state = { ann: [{ dnd: true }, { dnd: false }], bob: [{ dnd: false }], cy: [{}] }
    expect([...presenceOf(state, 'me', 'active', true).dnd].sort()).toEqual(['ann', 'me'])
    expect([...presenceOf(state, 'me', 'active').dnd]).toEqual(['ann'])
  })
})
