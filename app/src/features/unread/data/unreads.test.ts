// All unreads follows the sidebar's list: which channels have something unread (muted ones left
// out), and the key that has the groups fetched again when any of them moves.
import { describe, expect, it } from 'vitest'
import type { Channel } from '../../channels/index.ts'
import { unreadChannels, unreadSignature } from './unreads.ts'

const channel = (id: string, over: Partial<Channel> = {}): Channel => ({
  id,
  workspaceId: 'w',
  kind: 'public',
  name: id,
  topic: null,
  archivedAt: null,
  lastSeq: 5,
  isMember: true,
  isDefault: false,
  createdBy: null,
  lastReadSeq: 3,
  unread: 2,
  mentions: 0,
  dmMembers: [],
  muted: false,
  notifyLevel: null,
  ...over,
})

describe('unreadChannels', () => {
  it('keeps member channels with something unread, not muted ones', () => {
    const list = [
      channel('a'),
      channel('read', { unread: 0, lastReadSeq: 5 }),
      channel('muted', { muted: true }),
      channel('browsed', { isMember: false }),
    ]
    expect(unreadChannels(list).map((c) => c.id)).toEqual(['a'])
  })
})

describe('unreadSignature', () => {
  it('changes when a channel moves on or is read, not with the order', () => {
    const before = unreadSignature([channel('a'), channel('b')])
    expect(unreadSignature([channel('b'), channel('a')])).toBe(before)
    expect(unreadSignature([channel('a', { lastSeq: 6, unread: 3 }), channel('b')])).not.toBe(
      before
    )
    expect(unreadSignature([channel('a'), channel('b', { unread: 0, lastReadSeq: 5 })])).toBe(
      'a:3:5'
    )
  })
})
