import { describe, expect, it } from 'vitest'
import { applyChannelRow, applyMembership } from './channel-live.ts'
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

describe('my membership, live', () => {
  it('a read moves my position and takes my counts as sent, with no fetch', () => {
    const list = applyMembership([general], 'UPDATE', {
      channel_id: 'c1',
      last_read_seq: 10,
      last_seq: 10,
      unread_count: 0,
      mention_count: 0,
    })
    expect(list).toEqual([{ ...general, lastReadSeq: 10, unread: 0, mentions: 0 }])
  })

  it('a read back (mark unread) brings the counts back; the rail sums them from the rows', () => {
    const read = { ...general, lastReadSeq: 10, unread: 0, mentions: 0 }
    const [changed] = applyMembership([read], 'UPDATE', {
      channel_id: 'c1',
      last_read_seq: 6,
      last_seq: 10,
      unread_count: 4,
      mention_count: 2,
    })!
    expect(changed).toMatchObject({ lastReadSeq: 6, unread: 4, mentions: 2 })
  })

  it('a level or mute set on another device applies; a newer last_seq is kept', () => {
    const [changed] = applyMembership([general], 'UPDATE', {
      channel_id: 'c1',
      muted: true,
      notify_level: 'nothing',
      last_read_seq: 8,
      last_seq: 12,
    })!
    expect(changed).toMatchObject({ muted: true, notifyLevel: 'nothing', lastSeq: 12, unread: 4 })
  })

  it('joining adds the channel from the row the event carries', () => {
    const list = applyMembership([general], 'INSERT', {
      channel_id: 'c2',
      last_read_seq: 0,
      muted: false,
      notify_level: null,
      mention_count: 0,
      channel: {
        id: 'c2',
        workspace_id: 'w',
        kind: 'private',
        name: 'news',
        topic: '',
        is_default: false,
        created_by: 'u',
        archived_at: null,
        last_seq: 3,
      },
    })
    expect(list?.[1]).toEqual({
      id: 'c2',
      workspaceId: 'w',
      kind: 'private',
      name: 'news',
      topic: null,
      isDefault: false,
      createdBy: 'u',
      archivedAt: null,
      lastSeq: 3,
      isMember: true,
      lastReadSeq: 0,
      unread: 3,
      mentions: 0,
      muted: false,
      notifyLevel: null,
      dmMembers: [],
    })
  })

  it('leaving removes the channel; a gap (unknown channel, a new DM) asks for the list', () => {
    expect(applyMembership([general], 'DELETE', { channel_id: 'c1' })).toEqual([])
    expect(applyMembership([general], 'UPDATE', { channel_id: 'c9', last_read_seq: 1 })).toBeNull()
    expect(
      applyMembership([general], 'INSERT', {
        channel_id: 'c3',
        channel: { id: 'c3', workspace_id: 'w', kind: 'dm', name: null, last_seq: 0 },
      })
    ).toBeNull()
  })
})
