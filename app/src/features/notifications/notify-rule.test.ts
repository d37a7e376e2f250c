// The browser's side of "should this person be told?": every case of the one table
// (supabase/tests/support/notify-cases.json, which the database's side runs too:
// supabase/tests/notifications-rule.test.ts) played through the notifier's machine as the live
// path feeds it: a message in the channel comes as the channel's new messages, a reply as the
// thread reply event (a reply also sent to the channel as both), with the person's settings of
// the time and, for the channel's messages, their read position (a reply's live event comes
// before anyone can have read it); @here and groups reach it as the database wrote them (the
// message's mentions).
import { describe, expect, it } from 'vitest'
import { NOTIFY_CASES } from '../../../../supabase/tests/support/notify-cases.ts'
import type { NotifyCase } from '../../../../supabase/tests/support/notify-cases.ts'
import { initialNotifierState, reduceNotifier } from './components/notifier-machine.ts'
import type { NotifierEvent } from './components/notifier-machine.ts'
import type { DoNotDisturb } from './rules.ts'

const ME = 'me-id'
const AUTHOR = 'author-id'
/** When a case without a time of its own is decided. */
const NOW = '2026-11-26T10:00:00Z'

function events(c: NotifyCase): NotifierEvent[] {
  const now = new Date(c.at ?? NOW)
  const dnd: DoNotDisturb = {
    enabled: c.dnd ? c.dnd.enabled !== false : false,
    start: c.dnd?.start ?? '22:00',
    end: c.dnd?.end ?? '08:00',
    timeZone: c.dnd?.timeZone ?? 'UTC',
    snoozeUntil: c.snoozeUntil ?? null,
  }
  const m = c.message
  const message = {
    id: 'message-id',
    authorId: m.byMe ? ME : AUTHOR,
    body: 'hello',
    mentions: m.mentionsMe ? [ME] : m.mention ? ['someone-else'] : [],
    deleted: m.deleted ?? false,
  }
  const settings = { kind: c.channel, level: c.level ?? null, muted: c.muted ?? false }
  const defaultLevel = c.default ?? 'mentions'
  const out: NotifierEvent[] = []
  if (!m.reply || m.alsoToChannel)
    out.push({
      type: 'messages',
      source: {
        // The message is seq 5: read elsewhere, my read position is at it.
        channel: { id: 'channel-id', label: '#plaza', lastReadSeq: c.read ? 5 : 4, ...settings },
        workspaceId: 'workspace-id',
        workspaceName: null,
        defaultLevel,
        dnd,
      },
      messages: [{ ...message, channelId: 'channel-id', seq: 5, createdAt: now.toISOString() }],
      onScreen: false,
      me: ME,
      now,
    })
  if (m.reply)
    out.push({
      type: 'reply',
      event: {
        id: message.id,
        channelId: 'channel-id',
        threadId: 'thread-id',
        workspaceId: 'workspace-id',
        following: m.reply === 'following',
        ...settings,
      },
      reply: { ...message, channelName: 'plaza' },
      onScreen: false,
      me: ME,
      defaultLevel,
      dnd,
      now,
    })
  return out
}

/** Whether the notifier (this tab holds its lock) shows a notification for the case's message. */
function browserTells(c: NotifyCase): boolean {
  let state = reduceNotifier(initialNotifierState(), { type: 'lock', leading: true }).state
  let shown = false
  for (const event of events(c)) {
    const step = reduceNotifier(state, event)
    state = step.state
    shown ||= step.effects.some((e) => e.type === 'show' || e.type === 'show-reply')
  }
  return shown
}

describe('should this person be told? (the browser)', () => {
  it('has the cases', () => {
    expect(NOTIFY_CASES.length).toBeGreaterThan(50)
  })

  it.each(NOTIFY_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(browserTells(c)).toBe(c.told.browser)
  })
})
