import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../messages/conversation/types.ts'
import { isRemoved, moderationActions, moderationMarkers } from './slot.ts'

const message = (patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'm1',
  channelId: 'c1',
  seq: 1,
  authorId: 'author',
  body: 'hello',
  createdAt: '2026-01-01T00:00:00Z',
  editedAt: null,
  deletedAt: null,
  reactions: [],
  attachments: [],
  ...patch,
})
const caps = { me: 'me', readOnly: false }
const noop = () => undefined

describe('moderation in the message slot', () => {
  it('offers "Report message" on others\' messages not yet reported, never on mine', () => {
    const actions = moderationActions(new Set(), false, noop, noop)
    expect(actions(message(), caps).map((a) => a.label)).toEqual(['Report message'])
    expect(actions(message({ authorId: 'me' }), caps)).toEqual([])
    expect(actions(message(), { ...caps, readOnly: true })).toEqual([])
    expect(moderationActions(new Set(['m1']), false, noop, noop)(message(), caps)).toEqual([])
  })

  it('marks a message an admin removed (as it says, not by its empty text) and lets admins restore it', () => {
    const removed = message({ body: '', removedAt: '2026-01-02T00:00:00Z' })
    expect(isRemoved(removed)).toBe(true)
    // an empty text is no removal (a message of files whose files are gone), nor is a deletion
    expect(isRemoved(message({ body: '' }))).toBe(false)
    expect(isRemoved(message({ body: '', removedAt: null }))).toBe(false)
    expect(isRemoved(message({ body: '', deletedAt: 'now', removedAt: 'then' }))).toBe(false)
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
    expect(moderationMarkers(new Set(['m1']))(message()).map((m) => m.label)).toEqual(['Reported'])
    expect(moderationMarkers(new Set())(message())).toEqual([])
  })
})
