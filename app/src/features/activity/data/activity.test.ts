// Which live changes may be Activity of mine (and so fetch it again), and where an item opens.
import { describe, expect, it } from 'vitest'
import type { LiveChange } from '../../../lib/live.ts'
import { activityHref } from '../components/ActivityRow.tsx'
import { readPassed, touchesActivity } from './activity.ts'
import type { ActivityItem } from './activity.ts'

const change = (table: string, record: Record<string, unknown>, operation = 'INSERT') =>
  ({ table, operation, record }) as LiveChange

describe('touchesActivity', () => {
  it('takes what comes for me in this workspace', () => {
    for (const table of ['activity', 'activity_marks', 'thread_replies']) {
      expect(touchesActivity(change(table, { workspace_id: 'w' }), 'w', 'me')).toBe(true)
      expect(touchesActivity(change(table, { workspace_id: 'other' }), 'w', 'me')).toBe(false)
    }
    expect(touchesActivity(change('saved_items', { workspace_id: 'w' }), 'w', 'me')).toBe(false)
  })

  it('takes being added to a channel, not my read position moving', () => {
    const mine = { workspace_id: 'w', user_id: 'me' }
    expect(touchesActivity(change('channel_members', mine), 'w', 'me')).toBe(true)
    expect(touchesActivity(change('channel_members', mine, 'UPDATE'), 'w', 'me')).toBe(false)
  })

  it("takes a channel's new messages that mention me, or that it cannot list", () => {
    const moved = (new_messages: unknown) =>
      change('channels', { workspace_id: 'w', new_messages }, 'UPDATE')
    expect(touchesActivity(moved([{ author_id: 'ana', mentions: ['me'] }]), 'w', 'me')).toBe(true)
    expect(touchesActivity(moved([{ author_id: 'ana', mentions: ['bob'] }]), 'w', 'me')).toBe(false)
    expect(touchesActivity(moved([{ author_id: 'me', mentions: ['me'] }]), 'w', 'me')).toBe(false)
    expect(touchesActivity(moved([{ author_id: 'ana', mentions: null }]), 'w', 'me')).toBe(true)
    expect(touchesActivity(moved(null), 'w', 'me')).toBe(true)
    expect(touchesActivity(change('channels', { workspace_id: 'w' }, 'UPDATE'), 'w', 'me')).toBe(
      false
    )
  })
})

describe('activityHref', () => {
  const item = (over: Partial<ActivityItem>): ActivityItem => ({
    id: 'm:1',
    kind: 'mention',
    at: '2026-11-28T10:00:00Z',
    actorId: 'ana',
    channelId: 'c',
    channelName: 'general',
    channelKind: 'public',
    messageId: 'm1',
    threadId: null,
    body: 'hi',
    emoji: null,
    mention: 'you',
    seq: 4,
    threadSeq: null,
    unread: true,
    ...over,
  })
  it('opens a message in its channel, a reply in its thread, an invitation in the channel', () => {
    expect(activityHref('w', item({}))).toBe('/w/w/c/c/m/m1')
    expect(activityHref('w', item({ kind: 'reply', threadId: 't1' }))).toBe('/w/w/c/c/t/t1')
    expect(activityHref('w', item({ kind: 'channel_invite', messageId: null }))).toBe('/w/w/c/c')
  })
})

describe('readPassed', () => {
  const base: ActivityItem = {
    id: 'm:1',
    kind: 'mention',
    at: '2026-11-28T10:00:00Z',
    actorId: 'ana',
    channelId: 'c',
    channelName: 'general',
    channelKind: 'public',
    messageId: 'm1',
    threadId: null,
    body: 'hi',
    emoji: null,
    mention: 'you',
    seq: 4,
    threadSeq: null,
    unread: true,
  }
  const reply = {
    ...base,
    id: 'm:2',
    kind: 'reply' as const,
    threadId: 't',
    seq: null,
    threadSeq: 2,
  }
  const reaction = { ...base, id: 'r:3', kind: 'reaction' as const }
  const unread = (items: ActivityItem[]) => items.filter((i) => i.unread).map((i) => i.id)

  it('reads what my new channel position passed, not reactions nor later messages', () => {
    const items = [base, { ...base, id: 'm:5', seq: 9 }, reply, reaction]
    const moved = change('channel_members', { channel_id: 'c', last_read_seq: 4 }, 'UPDATE')
    expect(unread(readPassed(items, moved))).toEqual(['m:5', 'm:2', 'r:3'])
  })

  it("reads a thread's replies up to my position in the thread", () => {
    const moved = change('thread_members', { thread_id: 't', last_read_seq: 2 }, 'UPDATE')
    expect(unread(readPassed([base, reply], moved))).toEqual(['m:1'])
    const other = change('thread_members', { thread_id: 'x', last_read_seq: 9 }, 'UPDATE')
    const items = [reply]
    expect(readPassed(items, other)).toBe(items)
  })
})
