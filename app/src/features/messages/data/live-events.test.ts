import { describe, expect, it } from 'vitest'
import { toLiveChange } from '../../../lib/live.ts'
import { channelEventOf } from './live-events.ts'

const channel = '7c1d4a52-1f0e-4c55-9d4c-0d6f8b1f2a10'
const change = (payload: unknown) => {
  const parsed = toLiveChange(payload)
  if (!parsed) throw new Error('not a change')
  return parsed
}

describe('channelEventOf', () => {
  const message = {
    id: 'm1',
    channel_id: channel,
    seq: 7,
    author_id: 'u1',
    body: 'hi',
    mentions: [],
    created_at: '2026-11-23T02:00:00.123+00:00',
    edited_at: null,
    deleted_at: null,
  }

  it('ignores a reply kept in its thread, and takes one also sent to the channel', () => {
    const reply = { ...message, parent_id: 'p1', thread_seq: 3, seq: null }
    for (const operation of ['INSERT', 'UPDATE']) {
      const record = { ...reply, in_channel: false }
      expect(channelEventOf(change({ table: 'messages', operation, record }), channel)).toBeNull()
    }
    const shared = { ...reply, in_channel: true, seq: 9 }
    expect(
      channelEventOf(change({ table: 'messages', operation: 'INSERT', record: shared }), channel)
    ).toMatchObject({ kind: 'message', message: { id: 'm1', seq: 9 } })
  })

  it('gives a thread its own replies by thread seq, and nothing else of the channel', () => {
    const thread = { kind: 'thread', threadId: 'p1' } as const
    const reply = { ...message, parent_id: 'p1', thread_seq: 3, seq: 42, in_channel: true }
    expect(
      channelEventOf(
        change({ table: 'messages', operation: 'INSERT', record: reply }),
        channel,
        thread
      )
    ).toMatchObject({ kind: 'message', message: { id: 'm1', seq: 3 } })
    const other = { ...reply, parent_id: 'p2' }
    const top = { ...message, parent_id: null, in_channel: true }
    const summary = { id: 'p1', channel_id: channel, reply_count: 1, last_seq: 1 }
    for (const [table, record] of [
      ['messages', other],
      ['messages', top],
      ['threads', summary],
    ] as const) {
      expect(
        channelEventOf(change({ table, operation: 'INSERT', record }), channel, thread)
      ).toBeNull()
    }
  })

  it('turns a thread summary into a thread event for the channel', () => {
    const record = {
      id: 'p1',
      channel_id: channel,
      reply_count: 2,
      last_seq: 3,
      last_reply_at: '2026-11-23T06:00:00+00:00',
      last_repliers: ['u2', 'u1'],
    }
    expect(
      channelEventOf(change({ table: 'threads', operation: 'UPDATE', record }), channel)
    ).toEqual({
      kind: 'thread',
      summary: {
        threadId: 'p1',
        replyCount: 2,
        lastSeq: 3,
        lastReplyAt: '2026-11-23T06:00:00+00:00',
        lastRepliers: ['u2', 'u1'],
      },
    })
  })

  it('turns a new or changed message into a message event', () => {
    for (const operation of ['INSERT', 'UPDATE']) {
      expect(
        channelEventOf(change({ table: 'messages', operation, record: message }), channel)
      ).toEqual({
        kind: 'message',
        message: {
          id: 'm1',
          channelId: channel,
          seq: 7,
          authorId: 'u1',
          body: 'hi',
          createdAt: '2026-11-23T02:00:00.123+00:00',
          editedAt: null,
          deletedAt: null,
          removedAt: null,
          app: null,
        },
      })
    }
  })

  it("carries what the event says of an app's message and of a removal", () => {
    const record = {
      ...message,
      author_id: null,
      body: '',
      removed_at: '2026-11-23T03:00:00+00:00',
      app_name: 'CI Builds',
      app_username: 'ghost-bot',
    }
    expect(
      channelEventOf(change({ table: 'messages', operation: 'UPDATE', record }), channel)
    ).toMatchObject({
      kind: 'message',
      message: {
        authorId: null,
        removedAt: '2026-11-23T03:00:00+00:00',
        app: { name: 'CI Builds', username: 'ghost-bot' },
      },
    })
  })

  it('turns reactions into added and removed events, by id', () => {
    const record = { id: 'r1', message_id: 'm1', channel_id: channel, user_id: 'u2', emoji: '👀' }
    expect(
      channelEventOf(change({ table: 'reactions', operation: 'INSERT', record }), channel)
    ).toEqual({
      kind: 'reaction-added',
      messageId: 'm1',
      reaction: { id: 'r1', emoji: '👀', userId: 'u2' },
    })
    expect(
      channelEventOf(change({ table: 'reactions', operation: 'DELETE', record }), channel)
    ).toEqual({ kind: 'reaction-removed', reactionId: 'r1' })
  })

  it('turns a new attachment into an attachment event', () => {
    const record = {
      id: 'a1',
      message_id: 'm1',
      channel_id: channel,
      path: `w/${channel}/m1/cat.png`,
      name: 'cat.png',
      size: 1234,
      mime_type: 'image/png',
      width: 10,
      height: 20,
    }
    expect(
      channelEventOf(change({ table: 'attachments', operation: 'INSERT', record }), channel)
    ).toEqual({
      kind: 'attachment',
      attachment: {
        id: 'a1',
        messageId: 'm1',
        path: record.path,
        name: 'cat.png',
        size: 1234,
        mime: 'image/png',
        width: 10,
        height: 20,
      },
    })
    expect(
      channelEventOf(change({ table: 'attachments', operation: 'DELETE', record }), channel)
    ).toEqual({ kind: 'attachment-removed', messageId: 'm1', attachmentId: 'a1' })
  })

  it("ignores another channel's rows and other tables", () => {
    const other = { ...message, channel_id: 'elsewhere' }
    expect(
      channelEventOf(change({ table: 'messages', operation: 'INSERT', record: other }), channel)
    ).toBeNull()
    expect(
      channelEventOf(change({ table: 'channels', operation: 'UPDATE', record: message }), channel)
    ).toBeNull()
  })
})

describe('toLiveChange', () => {
  it('accepts only { table, operation, record } with a known operation', () => {
    expect(toLiveChange({ table: 'messages', operation: 'INSERT', record: { id: 'x' } })).toEqual({
      table: 'messages',
      operation: 'INSERT',
      record: { id: 'x' },
    })
    for (const bad of [
      null,
      'INSERT',
      { table: 'messages', operation: 'TRUNCATE', record: {} },
      { table: 'messages', operation: 'INSERT', record: null },
      { table: 'messages', operation: 'INSERT', record: [] },
      { operation: 'INSERT', record: {} },
    ]) {
      expect(toLiveChange(bad)).toBeNull()
    }
  })
})
