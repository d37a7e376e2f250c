import { describe, expect, it } from 'vitest'
import type { Membership } from '../data/memberships.ts'
import type { NewMessage } from '../data/new-messages.ts'
import { initialNotifierState, JUST_ADDED_MS, reduceNotifier } from './notifier-machine.ts'
import type {
  NotifierEffect,
  NotifierEvent,
  NotifierState,
  Source,
  WatchedChannel,
} from './notifier-machine.ts'

const NOW = Date.parse('2026-11-26T10:00:00Z')

const channel = (id: string, lastSeq: number, patch: Partial<WatchedChannel> = {}) => ({
  id,
  kind: 'public' as const,
  label: `#${id}`,
  lastSeq,
  lastReadSeq: 0,
  muted: false,
  level: null,
  ...patch,
})

const membership = (channelId: string, workspaceId: string, lastSeq: number): Membership => ({
  channelId,
  workspaceId,
  kind: 'public',
  name: channelId,
  lastSeq,
  lastReadSeq: 0,
  lastMessageAt: null,
  level: null,
  muted: false,
})

/** Runs the events from `state`: the state after them, and every effect they asked for. */
function play(events: NotifierEvent[], state: NotifierState = initialNotifierState()) {
  const effects: NotifierEffect[] = []
  for (const event of events) {
    const step = reduceNotifier(state, event)
    state = step.state
    effects.push(...step.effects)
  }
  return { state, effects }
}

const alerts = (effects: NotifierEffect[]) =>
  effects.flatMap((e) =>
    e.type === 'alert-open'
      ? [['open', e.channel.id, e.afterSeq, e.since ?? null]]
      : e.type === 'alert-other'
        ? [['other', e.channel.channelId, e.afterSeq, e.since ?? null]]
        : []
  )

const list = (workspaceId: string, channels: WatchedChannel[], now = NOW): NotifierEvent => ({
  type: 'open-list',
  workspaceId,
  channels,
  now,
})

describe('the open workspace', () => {
  it("alerts a channel's move past what was seen, only as the notifier and never a muted one", () => {
    const { effects } = play([
      { type: 'lock', leading: true },
      list('w1', [channel('a', 3), channel('m', 1, { muted: true })]),
      list('w1', [channel('a', 5), channel('m', 4, { muted: true })]),
      list('w1', [channel('a', 5), channel('m', 4, { muted: true })]),
    ])
    expect(alerts(effects)).toEqual([['open', 'a', 3, null]])

    const follower = play([
      list('w1', [channel('a', 3)]),
      list('w1', [channel('a', 5)]),
      { type: 'lock', leading: true },
      list('w1', [channel('a', 6)]),
    ])
    // what came while another tab was the notifier is that tab's; from the lock on, this one's
    expect(alerts(follower.effects)).toEqual([['open', 'a', 5, null]])
  })

  // Race: I was added to a channel and mentioned in it at once; the message came before the
  // channel was in my list, so no move of it was ever seen.
  it('alerts what came in a channel I was just added to, in the moments before the list had it', () => {
    const { effects } = play([
      { type: 'lock', leading: true },
      list('w1', [channel('a', 3)]),
      list('w1', [channel('a', 3), channel('new', 25)]),
    ])
    expect(alerts(effects)).toEqual([['open', 'new', 5, NOW - JUST_ADDED_MS]])
    // the first list of a workspace is where it starts: nothing in it is news
    const switched = play([
      { type: 'lock', leading: true },
      list('w1', [channel('a', 3)]),
      list('w2', [channel('b', 9)]),
    ])
    expect(alerts(switched.effects)).toEqual([])
  })
})

describe('the other workspaces', () => {
  // Race: a workspace just left is watched through its topic from then on; a message that came
  // while that topic was being joined (and the memberships loading) was lost, since the watch
  // started from the memberships' last_seq.
  it('start from what was seen of a channel while its workspace was open', () => {
    const { effects } = play([
      { type: 'lock', leading: true },
      list('w1', [channel('a', 5)]),
      list('w2', [channel('b', 1)]),
      { type: 'others-watch' },
      {
        type: 'others-loaded',
        workspaceIds: ['w1'],
        rows: [membership('a', 'w1', 6)],
        catchUp: false,
        pageStart: null,
      },
    ])
    expect(alerts(effects)).toEqual([['other', 'a', 5, null]])
  })

  it('catch up a move that came before the memberships were known, from before it', () => {
    const { effects } = play([
      { type: 'lock', leading: true },
      { type: 'others-watch' },
      { type: 'other-move', channelId: 'c', seq: 7 },
      { type: 'other-move', channelId: 'c', seq: 8 },
      {
        type: 'others-loaded',
        workspaceIds: ['w2'],
        rows: [membership('c', 'w2', 8)],
        catchUp: false,
        pageStart: null,
      },
      { type: 'other-move', channelId: 'c', seq: 9 },
    ])
    expect(effects.filter((e) => e.type === 'reload-others')).toHaveLength(2)
    expect(alerts(effects)).toEqual([
      ['other', 'c', 6, null],
      ['other', 'c', 8, null],
    ])
  })

  // Race: the other workspaces were watched from the page's start, and a change that came before
  // this tab was granted the notifier's lock was dropped for good. They are watched by the
  // notifier only, and its first load hands over what came since the page started.
  it('hand over, once, what came since the page started to a notifier that starts with it', () => {
    const pageStart = NOW - 5_000
    const recent = { ...membership('c', 'w2', 12), lastMessageAt: '2026-11-26T09:59:58Z' }
    const old = { ...membership('d', 'w2', 4), lastMessageAt: '2026-11-25T09:00:00Z' }
    const loaded = (rows: Membership[]): NotifierEvent => ({
      type: 'others-loaded',
      workspaceIds: ['w2'],
      rows,
      catchUp: false,
      pageStart,
    })
    const before = play([{ type: 'others-watch' }, { type: 'other-move', channelId: 'c', seq: 12 }])
    // not the notifier yet: nothing alerts, and nothing is marked as handed over
    expect(alerts(before.effects)).toEqual([])
    const { effects, state } = play(
      [{ type: 'lock', leading: true }, { type: 'others-watch' }, loaded([recent, old])],
      { ...before.state, seen: new Map() }
    )
    expect(alerts(effects)).toEqual([['other', 'c', 0, pageStart]])
    expect(state.sinceStartDone).toBe(true)
    // a watch started again (a workspace added) hands nothing over a second time
    const again = play([{ type: 'others-watch' }, loaded([recent, old])], {
      ...state,
      seen: new Map(),
    })
    expect(alerts(again.effects)).toEqual([])
  })
})

describe('what is shown', () => {
  const source: Source = {
    channel: { id: 'a', kind: 'public', label: '#a', lastReadSeq: 0, muted: false, level: null },
    workspaceId: 'w1',
    workspaceName: null,
    defaultLevel: 'all',
    dnd: { enabled: false, start: '22:00', end: '08:00', timeZone: 'UTC', snoozeUntil: null },
  }
  const message = (id: string, patch: Partial<NewMessage> = {}): NewMessage => ({
    id,
    channelId: 'a',
    seq: 1,
    authorId: 'ben',
    body: 'hi',
    mentions: [],
    deleted: false,
    createdAt: '2026-11-26T10:00:00Z',
    ...patch,
  })
  const fetched = (messages: NewMessage[], patch: object = {}): NotifierEvent => ({
    type: 'messages',
    source,
    messages,
    onScreen: false,
    me: 'me',
    now: new Date(NOW),
    ...patch,
  })
  const shown = (effects: NotifierEffect[]) =>
    effects.flatMap((e) => (e.type === 'show' ? [e.message.id] : []))

  it('shows each message once, whichever way it came, never mine, nor what is on screen', () => {
    const { effects } = play([
      { type: 'lock', leading: true },
      fetched([message('m1'), message('m2', { authorId: 'me' })]),
      fetched([message('m1'), message('m3')]),
      fetched([message('m4')], { onScreen: true }),
      fetched([message('m5', { createdAt: '2026-11-26T09:00:00Z' })], { since: NOW - 1000 }),
    ])
    expect(shown(effects)).toEqual(['m1', 'm3'])
  })
})
