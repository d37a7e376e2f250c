import { describe, expect, it, vi } from 'vitest'
import { chatMessage } from '../../slots/chat-message.test-support.ts'
import { newLine, newLineAt, unreadActions } from './message-extension.tsx'

const message = chatMessage({ id: 'm7', seq: 7 })

describe('unread in the extension slot (pure)', () => {
  it('puts the line after what I had read, only when something newer is there', () => {
    expect(newLineAt({ lastReadSeq: 4, newestSeq: 9 })).toBe(4)
    expect(newLineAt({ lastReadSeq: 9, newestSeq: 9 })).toBeNull()
    expect(newLineAt({ lastReadSeq: 0, newestSeq: 0 })).toBeNull()
  })

  it('names the line for the channel and for a thread, and shows none while nothing is new', () => {
    expect(newLine(4, false)).toEqual({
      id: 'new',
      afterSeq: 4,
      label: 'New messages',
      className: 'new-marker',
    })
    expect(newLine(0, true)?.label).toBe('New replies')
    expect(newLine(null, false)).toBeNull()
    expect(newLine(undefined, true)).toBeNull()
  })

  it('offers "Mark unread" on a message, which marks that one', () => {
    const mark = vi.fn()
    const actions = unreadActions(mark)(message)
    expect(actions.map((a) => [a.id, a.label, a.icon, a.order])).toEqual([
      ['mark-unread', 'Mark unread', 'circle-dot', 60],
    ])
    actions[0]?.run()
    expect(mark).toHaveBeenCalledWith(message)
  })
})
