import { describe, expect, it } from 'vitest'
import { watchedSummary } from './first-steps.ts'

describe('watchedSummary', () => {
  it('watches my channels, the members and invitations, notifications and push devices here', () => {
    expect(watchedSummary('w', ['channels', 'w', 'list'], [1, 2])).toBe('2')
    expect(watchedSummary('w', ['workspaces', 'w', 'members'], [1])).toBe('1')
    expect(watchedSummary('w', ['workspaces', 'w', 'invites'], [])).toBe('0')
    expect(watchedSummary('w', ['notifications', 'w', 'settings'], { level: 'all' })).toBe(
      '{"level":"all"}'
    )
    expect(watchedSummary('w', ['push', 'devices'], [{ id: 'd' }])).toBe('1')
  })

  it('leaves other workspaces and everything else alone', () => {
    expect(watchedSummary('w', ['channels', 'other', 'list'], [1])).toBeUndefined()
    expect(watchedSummary('w', ['channels', 'w', 'browse'], [1])).toBeUndefined()
    expect(watchedSummary('w', ['workspaces', 'list'], [1])).toBeUndefined()
    expect(watchedSummary('w', ['first-steps', 'w'], {})).toBeUndefined()
    expect(watchedSummary('w', ['messages', 'c'], [])).toBeUndefined()
  })

  it('summarizes a list by its length: counts moving in it ask nothing again', () => {
    const before = watchedSummary('w', ['channels', 'w', 'list'], [{ unread: 0 }])
    expect(watchedSummary('w', ['channels', 'w', 'list'], [{ unread: 3 }])).toBe(before)
  })
})
