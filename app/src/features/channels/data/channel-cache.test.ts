import { describe, expect, it } from 'vitest'
import { applyChannelRow } from './channel-cache.ts'
import type { Channel } from './types.ts'

const general: Channel = {
  id: 'c1',
  workspaceId: 'w',
  kind: 'public',
  name: 'general',
  topic: 'Hello',
  archivedAt: null,
  lastSeq: 10,
  isMember: true,
  isDefault: true,
  createdBy: null,
  lastReadSeq: 8,
  unread: 2,
  mentions: 1,
  dmMembers: [],
}

describe('channel list cache', () => {
  it('a new last_seq moves the unread count; fields the row lacks stay', () => {
    const list = applyChannelRow([general], { id: 'c1', last_seq: '15' })
    expect(list).toEqual([{ ...general, lastSeq: 15, unread: 7 }])
  })

  it('renames, topics (empty is none) and archiving apply as sent', () => {
    const [changed] = applyChannelRow([general], {
      id: 'c1',
      name: 'all-hands',
      topic: '',
      archived_at: '2026-02-01T00:00:00Z',
    })!
    expect(changed).toMatchObject({
      name: 'all-hands',
      topic: null,
      archivedAt: '2026-02-01T00:00:00Z',
      unread: 2,
    })
  })

  it('a channel the list does not hold is reported, not added', () => {
    expect(applyChannelRow([general], { id: 'c2', last_seq: 3 })).toBeNull()
  })
})
