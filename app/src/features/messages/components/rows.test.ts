import { describe, expect, it } from 'vitest'
import { fullTimeLabel, timeLabel } from '../../../lib/date-formats.ts'
import { buildRows, dayLabel } from './rows.ts'
import { chatMessage } from '../../../slots/chat-message.test-support.ts'
import type { ChatMessage, PendingMessage } from '../conversation/types.ts'
import type { RowDivider } from '../../../slots/message.ts'

const line = (afterSeq: number, id = 'new'): RowDivider => ({
  id,
  afterSeq,
  label: `after ${afterSeq}`,
  className: 'line',
})

const msg = (seq: number, authorId: string, createdAt: string): ChatMessage =>
  chatMessage({ id: `m${seq}`, seq, authorId, body: `b${seq}`, createdAt })

describe('buildRows', () => {
  const now = new Date(2026, 0, 10, 12, 0)
  it("adds day dividers, groups close messages by one author and places a feature's line", () => {
    const rows = buildRows(
      [
        msg(1, 'a', new Date(2026, 0, 9, 9, 0).toISOString()),
        msg(2, 'a', new Date(2026, 0, 9, 9, 2).toISOString()),
        msg(3, 'a', new Date(2026, 0, 10, 9, 0).toISOString()),
        msg(4, 'a', new Date(2026, 0, 10, 9, 1).toISOString()),
        msg(5, 'b', new Date(2026, 0, 10, 9, 2).toISOString()),
      ],
      [],
      [line(3)],
      now
    )
    expect(
      rows.map((r) =>
        r.kind === 'message'
          ? `${r.key}${r.grouped ? '+' : ''}`
          : r.kind === 'day'
            ? r.label
            : r.kind
      )
    ).toEqual(['Yesterday', 'm1', 'm2+', 'Today', 'm3', 'divider', 'm4', 'm5'])
  })

  it('puts the new line under the day divider, right above the first unread message', () => {
    const rows = buildRows(
      [
        msg(1, 'a', new Date(2026, 0, 9, 9, 0).toISOString()),
        msg(2, 'a', new Date(2026, 0, 10, 9, 0).toISOString()),
        msg(3, 'a', new Date(2026, 0, 10, 9, 1).toISOString()),
      ],
      [],
      [line(1)],
      now
    )
    const shown = rows.map((r) =>
      r.kind === 'message' ? r.key : r.kind === 'day' ? r.label : r.kind
    )
    expect(shown).toEqual(['Yesterday', 'm1', 'Today', 'divider', 'm2', 'm3'])
    // the message under the line starts a group of its own
    expect(rows.find((r) => r.key === 'm2')).toMatchObject({ grouped: false })
  })

  it('waits for the first unread message rather than sit above a later one', () => {
    const at = (minute: number) => new Date(2026, 0, 10, 9, minute).toISOString()
    // Read up to 4; only 8 and 9 are loaded (5 to 7 are on an older page): no line yet.
    const newest = [msg(8, 'a', at(8)), msg(9, 'b', at(9))]
    expect(buildRows(newest, [], [line(4)], now).map((r) => r.kind)).not.toContain('divider')
    // Once 5 is loaded, the line is right above it.
    const all = [msg(5, 'a', at(5)), msg(6, 'b', at(6)), msg(7, 'a', at(7)), ...newest]
    const keys = buildRows(all, [], [line(4)], now).map((r) => r.key)
    expect(keys.slice(0, 3)).toEqual(['day-2026-0-10', 'divider-new', 'm5'])
    // A first unread message that was deleted leaves the line above the next one.
    const gone = { ...msg(5, 'a', at(5)), deletedAt: at(6) }
    const rows = buildRows([gone, ...all.slice(1)], [], [line(4)], now)
    expect(rows.map((r) => r.key).slice(0, 3)).toEqual(['day-2026-0-10', 'divider-new', 'm6'])
  })

  it("groups an app's messages by the app and the name posted under, never two apps or unknowns", () => {
    const at = (minute: number) => new Date(2026, 0, 10, 9, minute).toISOString()
    const app = (seq: number, name: string | null, username: string | null = null) => ({
      ...msg(seq, '', at(seq)),
      authorId: null,
      app: name === null ? null : { name, username },
    })
    const rows = buildRows(
      [
        app(1, 'CI'),
        app(2, 'CI'),
        app(3, 'CI', 'ghost'),
        app(4, 'Deploys'),
        app(5, null),
        app(6, null),
      ],
      [],
      [],
      now
    )
    expect(
      rows.flatMap((r) => (r.kind === 'message' ? [`${r.key}${r.grouped ? '+' : ''}`] : []))
    ).toEqual(['m1', 'm2+', 'm3', 'm4', 'm5', 'm6'])
  })

  it('puts unsent messages after every confirmed one', () => {
    const pending: PendingMessage = {
      id: 'p1',
      channelId: 'c',
      authorId: 'a',
      body: 'x',
      attachments: [],
      createdAt: new Date(2026, 0, 10, 9, 3).toISOString(),
      state: 'waiting',
      error: null,
      attempts: 0,
    }
    const rows = buildRows(
      [msg(1, 'a', new Date(2026, 0, 10, 9, 0).toISOString())],
      [pending],
      [],
      now
    )
    expect(rows.map((r) => r.key)).toEqual([expect.stringMatching(/^day-/), 'm1', 'p1'])
  })

  it('leaves out a deleted message, unless a thread hangs under it', () => {
    const at = (minute: number) => new Date(2026, 0, 10, 9, minute).toISOString()
    const gone: ChatMessage = { ...msg(2, 'b', at(1)), deletedAt: at(5), thread: null }
    const emptied: ChatMessage = {
      ...msg(3, 'b', at(2)),
      deletedAt: at(5),
      thread: { threadId: 'm3', replyCount: 0, lastSeq: 2, lastReplyAt: null, lastRepliers: [] },
    }
    const carrying: ChatMessage = {
      ...msg(4, 'b', at(3)),
      deletedAt: at(5),
      thread: { threadId: 'm4', replyCount: 2, lastSeq: 2, lastReplyAt: at(4), lastRepliers: [] },
    }
    const reply: ChatMessage = { ...msg(5, 'b', at(4)), deletedAt: at(5), parentId: 'm4' }
    const rows = buildRows(
      [msg(1, 'a', at(0)), gone, emptied, carrying, reply, msg(6, 'a', at(5))],
      [],
      [line(1)],
      now
    )
    expect(rows.map((r) => r.key)).toEqual([
      expect.stringMatching(/^day-/),
      'm1',
      'divider-new',
      'm4',
      'm6',
    ])
  })

  it('places each line once, before the first message past it, and breaks the group there', () => {
    const at = (minute: number) => new Date(2026, 0, 10, 9, minute).toISOString()
    const rows = buildRows(
      [msg(1, 'a', at(0)), msg(2, 'a', at(1)), msg(3, 'a', at(2))],
      [],
      [line(1, 'x'), line(2, 'y'), line(9, 'z')],
      now
    )
    expect(
      rows.map((r) => (r.kind === 'message' ? `${r.key}${r.grouped ? '+' : ''}` : r.key))
    ).toEqual([expect.stringMatching(/^day-/), 'm1', 'divider-x', 'm2', 'divider-y', 'm3'])
  })

  it('labels older days with the date', () => {
    expect(dayLabel(new Date(2026, 0, 1), now)).not.toMatch(/Today|Yesterday/)
  })

  it("labels as the browser's toLocale strings do, the year only when it is not this one", () => {
    const lastYear = new Date(2025, 11, 24, 18, 5)
    const thisYear = new Date(now.getFullYear(), 0, 2, 9, 30)
    const day = { weekday: 'long', month: 'long', day: 'numeric' } as const
    expect(dayLabel(lastYear, now)).toBe(
      lastYear.toLocaleDateString(undefined, { ...day, year: 'numeric' })
    )
    expect(dayLabel(thisYear, now)).toBe(thisYear.toLocaleDateString(undefined, day))
    expect(dayLabel(lastYear, now)).toContain('2025')
    expect(timeLabel(lastYear.toISOString())).toBe(
      lastYear.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    )
    expect(fullTimeLabel(lastYear.toISOString())).toBe(
      lastYear.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' })
    )
  })
})
