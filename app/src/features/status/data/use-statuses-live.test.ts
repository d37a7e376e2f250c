import { describe, expect, it } from 'vitest'
import { applyStatusChange, nextClearAt, withoutCleared } from './use-statuses-live.ts'
import type { Statuses } from './types.ts'

const NOW = Date.parse('2026-11-25T12:00:00Z')
const statuses: Statuses = {
  ann: { userId: 'ann', emoji: '📅', text: 'In a meeting', clearAt: '2026-11-25T12:30:00Z' },
  bob: { userId: 'bob', emoji: '🌴', text: 'On holiday', clearAt: null },
  cy: { userId: 'cy', emoji: '🤒', text: 'Out sick', clearAt: '2026-11-25T11:59:00Z' },
}

describe('applyStatusChange', () => {
  const row = { id: 'x', user_id: 'dee', emoji: '🚆', text: 'Commuting', clear_at: null }
  it('adds or replaces on insert and update, removes on delete', () => {
    const added = applyStatusChange(statuses, {
      table: 'user_statuses',
      operation: 'INSERT',
      record: row,
    })
    expect(added.dee).toEqual({ userId: 'dee', emoji: '🚆', text: 'Commuting', clearAt: null })
    const changed = applyStatusChange(added, {
      table: 'user_statuses',
      operation: 'UPDATE',
      record: { ...row, text: 'Home soon' },
    })
    expect(changed.dee?.text).toBe('Home soon')
    const gone = applyStatusChange(changed, {
      table: 'user_statuses',
      operation: 'DELETE',
      record: row,
    })
    expect(gone.dee).toBeUndefined()
    expect(gone.ann).toBe(statuses.ann)
  })

  it('ignores other tables and records without a person', () => {
    expect(
      applyStatusChange(statuses, { table: 'profiles', operation: 'UPDATE', record: row })
    ).toBe(statuses)
    expect(
      applyStatusChange(statuses, {
        table: 'user_statuses',
        operation: 'INSERT',
        record: { emoji: '😀' },
      })
    ).toBe(statuses)
  })
})

describe('expiry', () => {
  it('drops what has cleared and keeps the rest', () => {
    expect(Object.keys(withoutCleared(statuses, NOW)).sort()).toEqual(['ann', 'bob'])
    const fresh = { bob: statuses.bob! }
    expect(withoutCleared(fresh, NOW)).toBe(fresh)
  })

  it('knows the next moment one clears', () => {
    expect(nextClearAt(statuses, NOW)).toBe(Date.parse('2026-11-25T12:30:00Z'))
    expect(nextClearAt({ bob: statuses.bob! }, NOW)).toBeNull()
  })
})
