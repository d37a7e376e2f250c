import { describe, expect, it } from 'vitest'
import {
  badgeOf,
  dndActive,
  dndNextChange,
  effectiveLevel,
  localMinutes,
  shouldNotify,
  shouldNotifyReply,
  sumBadges,
  titleWith,
} from './rules.ts'
import type { ChannelPrefs, DoNotDisturb, NotifyInput, ReplyNotifyInput } from './rules.ts'

const ME = 'me-id'
const OTHER = 'other-id'
const NOON_UTC = new Date('2026-11-25T12:00:00Z')
const noDnd: DoNotDisturb = {
  enabled: false,
  start: '22:00',
  end: '08:00',
  timeZone: 'UTC',
  snoozeUntil: null,
}
const channel: ChannelPrefs = { kind: 'public', level: null, muted: false }
const dm: ChannelPrefs = { kind: 'dm', level: null, muted: false }
const plain = { authorId: OTHER, mentions: [] as string[] }
const mention = { authorId: OTHER, mentions: [ME] }

function notify(overrides: Partial<NotifyInput>): boolean {
  return shouldNotify({
    message: plain,
    me: ME,
    prefs: channel,
    workspaceDefault: 'mentions',
    dnd: noDnd,
    now: NOON_UTC,
    ...overrides,
  })
}

describe('levels', () => {
  it('default to mentions for channels (the workspace default) and all for direct messages', () => {
    expect(effectiveLevel(channel, 'mentions')).toBe('mentions')
    expect(effectiveLevel(channel, 'all')).toBe('all')
    expect(effectiveLevel(dm, 'nothing')).toBe('all')
    expect(effectiveLevel({ ...dm, level: 'nothing' }, 'all')).toBe('nothing')
    expect(effectiveLevel({ ...channel, level: 'all' }, 'nothing')).toBe('all')
  })

  it('"mentions" lets through a mention of me and any direct message, nothing else', () => {
    expect(notify({ message: plain })).toBe(false)
    expect(notify({ message: mention })).toBe(true)
    expect(notify({ message: { authorId: OTHER, mentions: ['someone-else'] } })).toBe(false)
    expect(notify({ message: plain, prefs: { ...dm, level: 'mentions' } })).toBe(true)
  })

  it('"all" lets every message through, "nothing" none, not even a mention', () => {
    expect(notify({ prefs: { ...channel, level: 'all' } })).toBe(true)
    expect(notify({ message: mention, prefs: { ...channel, level: 'nothing' } })).toBe(false)
    expect(notify({ message: plain, workspaceDefault: 'all' })).toBe(true)
    expect(notify({ message: mention, workspaceDefault: 'nothing' })).toBe(false)
  })

  it('never tells me about my own message or a deleted one', () => {
    expect(notify({ message: { authorId: ME, mentions: [ME] } })).toBe(false)
    expect(notify({ message: { ...mention, deleted: true } })).toBe(false)
  })

  it('mute silences a channel whatever its level, mentions and DMs too', () => {
    expect(notify({ message: mention, prefs: { ...channel, level: 'all', muted: true } })).toBe(
      false
    )
    expect(notify({ message: plain, prefs: { ...dm, muted: true } })).toBe(false)
  })
})

describe('Do Not Disturb', () => {
  const nightly: DoNotDisturb = { ...noDnd, enabled: true, start: '22:00', end: '08:00' }

  it('holds alerts inside an overnight schedule, in its own time zone', () => {
    expect(dndActive(nightly, new Date('2026-11-25T23:30:00Z'))).toBe(true)
    expect(dndActive(nightly, new Date('2026-11-25T07:59:00Z'))).toBe(true)
    expect(dndActive(nightly, new Date('2026-11-25T08:00:00Z'))).toBe(false)
    expect(dndActive(nightly, NOON_UTC)).toBe(false)
    // 12:00 UTC is 21:00 in Tokyo (before 22:00) and 23:00 in Tokyo at 14:00 UTC.
    const tokyo = { ...nightly, timeZone: 'Asia/Tokyo' }
    expect(dndActive(tokyo, NOON_UTC)).toBe(false)
    expect(dndActive(tokyo, new Date('2026-11-25T14:00:00Z'))).toBe(true)
    expect(notify({ message: mention, dnd: tokyo, now: new Date('2026-11-25T14:00:00Z') })).toBe(
      false
    )
  })

  it('holds alerts inside a daytime schedule, and not when the schedule is off', () => {
    const lunch = { ...noDnd, enabled: true, start: '12:00:00', end: '13:30:00' }
    expect(dndActive(lunch, NOON_UTC)).toBe(true)
    expect(dndActive(lunch, new Date('2026-11-25T13:30:00Z'))).toBe(false)
    expect(dndActive({ ...lunch, enabled: false }, NOON_UTC)).toBe(false)
  })

  it('a snooze holds everything until it ends, with the schedule off', () => {
    const snoozed = { ...noDnd, snoozeUntil: '2026-11-25T13:00:00Z' }
    expect(dndActive(snoozed, NOON_UTC)).toBe(true)
    expect(notify({ message: mention, prefs: dm, dnd: snoozed })).toBe(false)
    expect(dndActive(snoozed, new Date('2026-11-25T13:00:00Z'))).toBe(false)
  })

  it('reads local time in the zone, and UTC for a zone it does not know', () => {
    expect(localMinutes(NOON_UTC, 'Europe/Paris')).toBe(13 * 60)
    expect(localMinutes(NOON_UTC, 'Mars/Base')).toBe(12 * 60)
  })
})

describe('badges', () => {
  it('are red counts of mentions, and of every unread message in a DM', () => {
    expect(badgeOf({ kind: 'public', unread: 5, mentions: 2, muted: false })).toEqual({
      count: 2,
      bold: true,
    })
    expect(badgeOf({ kind: 'dm', unread: 3, mentions: 0, muted: false })).toEqual({
      count: 3,
      bold: true,
    })
  })

  it('are bold alone for other unread, and nothing when read or muted', () => {
    expect(badgeOf({ kind: 'private', unread: 4, mentions: 0, muted: false })).toEqual({
      count: 0,
      bold: true,
    })
    expect(badgeOf({ kind: 'public', unread: 0, mentions: 0, muted: false })).toEqual({
      count: 0,
      bold: false,
    })
    expect(badgeOf({ kind: 'dm', unread: 9, mentions: 1, muted: true })).toEqual({
      count: 0,
      bold: false,
    })
  })

  it('put the total in front of the title, replacing an earlier one', () => {
    expect(titleWith(3, 'Chorus')).toBe('(3) Chorus')
    expect(titleWith(5, '(3) Chorus')).toBe('(5) Chorus')
    expect(titleWith(0, '(3) Chorus')).toBe('Chorus')
    expect(titleWith(120, 'Chorus')).toBe('(99+) Chorus')
    expect(titleWith(1, '(99+) Chorus')).toBe('(1) Chorus')
  })
})

describe('sumBadges', () => {
  it('adds the red counts and is bold when any channel is', () => {
    expect(
      sumBadges([
        { count: 2, bold: true },
        { count: 0, bold: false },
        { count: 1, bold: true },
      ])
    ).toEqual({ count: 3, bold: true })
    expect(sumBadges([{ count: 0, bold: false }])).toEqual({ count: 0, bold: false })
    expect(sumBadges([])).toEqual({ count: 0, bold: false })
  })
})

describe('dndNextChange', () => {
  it('is the end of a snooze, nothing once it has passed, nothing without a schedule', () => {
    const until = '2026-11-25T13:00:00.000Z'
    expect(dndNextChange({ ...noDnd, snoozeUntil: until }, NOON_UTC)?.toISOString()).toBe(until)
    expect(dndNextChange({ ...noDnd, snoozeUntil: '2026-11-25T11:00:00Z' }, NOON_UTC)).toBeNull()
    expect(dndNextChange(noDnd, NOON_UTC)).toBeNull()
  })

  it('is the next whole minute while a schedule is on, or a sooner snooze end', () => {
    const at = new Date('2026-11-25T12:00:20.500Z')
    const scheduled = { ...noDnd, enabled: true }
    expect(dndNextChange(scheduled, at)?.toISOString()).toBe('2026-11-25T12:01:00.000Z')
    const soon = { ...scheduled, snoozeUntil: '2026-11-25T12:00:30.000Z' }
    expect(dndNextChange(soon, at)?.toISOString()).toBe('2026-11-25T12:00:30.000Z')
  })

  it('finds the moment a schedule starts holding alerts', () => {
    const dnd = { ...noDnd, enabled: true, start: '12:01', end: '13:00' }
    const before = new Date('2026-11-25T12:00:59Z')
    expect(dndActive(dnd, before)).toBe(false)
    const next = dndNextChange(dnd, before)!
    expect(dndActive(dnd, next)).toBe(true)
  })
})

function notifyReply(overrides: Partial<ReplyNotifyInput>): boolean {
  return shouldNotifyReply({
    message: plain,
    me: ME,
    prefs: channel,
    workspaceDefault: 'mentions',
    dnd: noDnd,
    now: NOON_UTC,
    following: false,
    ...overrides,
  })
}

describe('thread replies', () => {
  it('a mention in a thread alerts at "mentions" and "all", not at "nothing"', () => {
    expect(notifyReply({ message: mention })).toBe(true)
    expect(notifyReply({ message: mention, workspaceDefault: 'all' })).toBe(true)
    expect(notifyReply({ message: mention, prefs: { ...channel, level: 'nothing' } })).toBe(false)
  })

  it('a reply in a followed thread alerts at "mentions" too (as Slack), not at "nothing"', () => {
    expect(notifyReply({ following: true })).toBe(true)
    expect(notifyReply({ following: true, prefs: { ...channel, level: 'all' } })).toBe(true)
    expect(notifyReply({ following: true, prefs: { ...channel, level: 'nothing' } })).toBe(false)
    expect(notifyReply({ following: true, workspaceDefault: 'nothing' })).toBe(false)
  })

  it('a reply in a thread not followed, mentioning someone else, alerts at no level', () => {
    expect(notifyReply({})).toBe(false)
    expect(notifyReply({ prefs: { ...channel, level: 'all' } })).toBe(false)
    expect(notifyReply({ message: { authorId: OTHER, mentions: ['someone-else'] } })).toBe(false)
  })

  it("any reply in a direct message's thread alerts (a DM is personal), unless set to nothing", () => {
    expect(notifyReply({ prefs: dm })).toBe(true)
    expect(notifyReply({ prefs: { ...dm, level: 'mentions' } })).toBe(true)
    expect(notifyReply({ prefs: { ...dm, level: 'nothing' } })).toBe(false)
  })

  it('mute, Do Not Disturb, my own reply and a deleted one silence even a mention', () => {
    const all = { message: mention, following: true }
    expect(notifyReply({ ...all, prefs: { ...channel, muted: true } })).toBe(false)
    expect(notifyReply({ ...all, prefs: { ...dm, muted: true } })).toBe(false)
    expect(notifyReply({ ...all, dnd: { ...noDnd, snoozeUntil: '2026-11-25T13:00:00Z' } })).toBe(
      false
    )
    expect(
      notifyReply({ ...all, dnd: { ...noDnd, enabled: true, start: '11:00', end: '13:00' } })
    ).toBe(false)
    expect(notifyReply({ ...all, message: { authorId: ME, mentions: [ME] } })).toBe(false)
    expect(notifyReply({ ...all, message: { ...mention, deleted: true } })).toBe(false)
  })
})
