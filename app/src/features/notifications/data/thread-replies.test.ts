import { describe, expect, it } from 'vitest'
import { toThreadReplyEvent } from './thread-replies.ts'

const record = {
  id: 'r1',
  channel_id: 'c1',
  thread_id: 't1',
  workspace_id: 'w1',
  thread_seq: 3,
  kind: 'public',
  following: true,
  muted: false,
  notify_level: 'mentions',
}

describe('toThreadReplyEvent', () => {
  it('reads what the database sends on my user topic', () => {
    expect(toThreadReplyEvent(record)).toEqual({
      id: 'r1',
      channelId: 'c1',
      threadId: 't1',
      workspaceId: 'w1',
      kind: 'public',
      following: true,
      muted: false,
      level: 'mentions',
    })
  })

  it('takes a missing or unknown level as the default, and anything but true as false', () => {
    const event = toThreadReplyEvent({ ...record, notify_level: null, following: 'yes', muted: 1 })
    expect(event).toMatchObject({ level: null, following: false, muted: false })
    expect(toThreadReplyEvent({ ...record, notify_level: 'loud' })?.level).toBeNull()
  })

  it('refuses a record without its ids or with an unknown kind', () => {
    expect(toThreadReplyEvent({ ...record, id: undefined })).toBeNull()
    expect(toThreadReplyEvent({ ...record, thread_id: 7 })).toBeNull()
    expect(toThreadReplyEvent({ ...record, kind: 'group' })).toBeNull()
  })
})
