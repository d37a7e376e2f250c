import { describe, expect, it } from 'vitest'
import { chatMessage } from '../../slots/chat-message.test-support.ts'
import { isRemoved, moderationActions, moderationMarkers } from './slot.ts'

const caps = { me: 'me', readOnly: false }
const noop = () => undefined

describe('moderation in the message slot', () => {
  it('offers "Report message" on others\' messages not yet reported, never on mine', () => {
    const actions = moderationActions(new Set(), false, noop, noop)
    expect(actions(chatMessage(), caps).map((a) => a.label)).toEqual(['Report message'])
    expect(actions(chatMessage({ authorId: 'me' }), caps)).toEqual([])
    expect(actions(chatMessage(), { ...caps, readOnly: true })).toEqual([])
    expect(moderationActions(new Set(['m1']), false, noop, noop)(chatMessage(), caps)).toEqual([])
  })

  it('marks a message an admin removed (as it says, not by its empty text) and lets admins restore it', () => {
    const removed = chatMessage({ body: '', removedAt: '2026-01-02T00:00:00Z' })
    expect(isRemoved(removed)).toBe(true)
    // an empty text is no removal (a message of files whose files are gone), nor is a deletion
    expect(isRemoved(chatMessage({ body: '' }))).toBe(false)
    expect(isRemoved(chatMessage({ body: '', removedAt: null }))).toBe(false)
    expect(isRemoved(chatMessage({ body: '', deletedAt: 'now', removedAt: 'then' }))).toBe(false)
    expect(moderationMarkers(new Set())(removed).map((m) => m.label)).toEqual([
      'Removed by an admin',
    ])
    const restored: string[] = []
    const admin = moderationActions(new Set(), true, noop, (id) => restored.push(id))
    const [restore] = admin(removed, caps)
    expect(restore?.label).toBe('Restore message')
    restore?.run()
    expect(restored).toEqual(['m1'])
    expect(moderationActions(new Set(), false, noop, noop)(removed, caps)).toEqual([])
  })

  it('says "Reported" above a message I reported', () => {
    expect(moderationMarkers(new Set(['m1']))(chatMessage()).map((m) => m.label)).toEqual([
      'Reported',
    ])
    expect(moderationMarkers(new Set())(chatMessage())).toEqual([])
  })
})
