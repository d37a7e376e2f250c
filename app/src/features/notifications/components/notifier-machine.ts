// The browser notifier's decisions as a pure function: (state, event) -> (state, effects), as the
// live channel's sync-machine.ts is. use-browser-notifications.ts feeds it what happens (this tab
// got or lost the notifier's lock, the open workspace's channel list changed, the other
// workspaces' memberships loaded or one of their channels moved, messages or a reply were
// fetched) and runs what it asks for (fetch a channel's messages after a seq, reload the other
// workspaces' memberships, show a notification). What it keeps:
//
// - `seen`: the highest seq seen of each channel, whichever way it was seen, kept across
//   switches of workspace, so a channel of the workspace just left starts from what was seen of
//   it while it was open (a message that comes while its topic is joined still alerts);
// - a channel new to the open workspace's list (I was just added) alerts what came in it in the
//   JUST_ADDED_MS before;
// - the other workspaces are watched only by the notifier; a move that comes before their
//   memberships are known is caught up from once they are, and the first load after the page
//   started hands over what came since then (once per page);
// - `shown`: every message and reply alerts once, whichever way it came.
import { shouldNotify, shouldNotifyReply } from '../notify-rule.ts'
import type { ChannelKind, DoNotDisturb, NotifyLevel } from '../rules.ts'
import type { Membership } from '../data/memberships.ts'
import type { NewMessage } from '../data/new-messages.ts'
import { SINCE_LIMIT } from '../data/page-start.ts'
import type { Reply, ThreadReplyEvent } from '../data/thread-replies.ts'

/** How far back a channel I was just added to is read (its last SINCE_LIMIT messages at most). */
export const JUST_ADDED_MS = 10_000

/** A channel of the open workspace, as its live list shows it. */
export interface WatchedChannel {
  id: string
  kind: ChannelKind
  label: string
  lastSeq: number
  /** My read position in it: what is at or before it was read, here or on another device. */
  lastReadSeq: number
  muted: boolean
  level: NotifyLevel | null
}

/** A channel whose new messages may alert, in its workspace, with that workspace's default. */
export interface Source {
  channel: Pick<WatchedChannel, 'id' | 'kind' | 'label' | 'lastReadSeq' | 'muted' | 'level'>
  workspaceId: string
  /** Added to the title: the workspace's name when it is not the open one. */
  workspaceName: string | null
  defaultLevel: NotifyLevel
  dnd: DoNotDisturb
}

export interface NotifierState {
  /** This tab holds the notifier's lock. */
  leading: boolean
  seen: ReadonlyMap<string, number>
  /** The workspace of the last channel list seen. */
  listOf: string | null
  /** The other workspaces' channels, once their memberships loaded (while they are watched). */
  others: ReadonlyMap<string, Membership>
  othersLoaded: boolean
  /** Channels that moved before the memberships were known: the seq before that move. */
  early: ReadonlyMap<string, number>
  /** The hand-over of what came since the page started was done (once per page). */
  sinceStartDone: boolean
  shown: ReadonlySet<string>
}

export type NotifierEvent =
  | { type: 'lock'; leading: boolean }
  | { type: 'open-list'; workspaceId: string; channels: readonly WatchedChannel[]; now: number }
  /** The other workspaces' watch (re)started: what it knew of them is gone. */
  | { type: 'others-watch' }
  | {
      type: 'others-loaded'
      workspaceIds: readonly string[]
      rows: readonly Membership[]
      /** A reload after moves or a rejoin: catch up from what was known. */
      catchUp: boolean
      /** When the page started (ms), if the notifier starts with it; else null. */
      pageStart: number | null
    }
  | { type: 'other-move'; channelId: string; seq: number }
  | {
      type: 'messages'
      source: Source
      messages: readonly NewMessage[]
      /** Only messages sent at this time (ms) or later count, when given. */
      since?: number
      /** A visible tab shows the channel. */
      onScreen: boolean
      me: string
      now: Date
    }
  | {
      type: 'reply'
      event: ThreadReplyEvent
      reply: Reply
      onScreen: boolean
      me: string
      defaultLevel: NotifyLevel
      dnd: DoNotDisturb
      now: Date
    }

export type NotifierEffect =
  /** Fetch the open workspace's channel's messages after the seq (if they may alert). */
  | { type: 'alert-open'; channel: WatchedChannel; afterSeq: number; since?: number }
  /** The same for a channel of another workspace, by that workspace's settings. */
  | { type: 'alert-other'; channel: Membership; afterSeq: number; since?: number }
  /** A known channel of another workspace moved (its workspace's badge moves with it). */
  | { type: 'moved'; channel: Membership; before: number }
  /** Load the other workspaces' memberships again (and their badges). */
  | { type: 'reload-others' }
  /** Fetch the other workspaces' badges again. */
  | { type: 'badges' }
  | { type: 'show'; source: Source; message: NewMessage }
  | { type: 'show-reply'; event: ThreadReplyEvent; reply: Reply }

export interface NotifierStep {
  state: NotifierState
  effects: NotifierEffect[]
}

export function initialNotifierState(): NotifierState {
  return {
    leading: false,
    seen: new Map(),
    listOf: null,
    others: new Map(),
    othersLoaded: false,
    early: new Map(),
    sinceStartDone: false,
    shown: new Set(),
  }
}

const seeing = (seen: Map<string, number>, channelId: string, seq: number) =>
  seen.set(channelId, Math.max(seen.get(channelId) ?? 0, seq))

export function reduceNotifier(state: NotifierState, event: NotifierEvent): NotifierStep {
  const fx: NotifierEffect[] = []
  switch (event.type) {
    case 'lock':
      return { state: { ...state, leading: event.leading }, effects: fx }
    case 'open-list': {
      const seen = new Map(state.seen)
      // A channel new to a list of the same workspace is one I was just added to.
      const sameWorkspace = state.listOf === event.workspaceId
      for (const c of event.channels) {
        const before = state.seen.get(c.id)
        seeing(seen, c.id, c.lastSeq)
        if (!state.leading || c.muted) continue
        if (before === undefined) {
          // Added and mentioned at once: what came in it in the moments before the list had it.
          if (sameWorkspace && c.lastSeq > 0)
            fx.push({
              type: 'alert-open',
              channel: c,
              afterSeq: Math.max(0, c.lastSeq - SINCE_LIMIT),
              since: event.now - JUST_ADDED_MS,
            })
        } else if (c.lastSeq > before) {
          fx.push({ type: 'alert-open', channel: c, afterSeq: before })
        }
      }
      return { state: { ...state, seen, listOf: event.workspaceId }, effects: fx }
    }
    case 'others-watch':
      return {
        state: { ...state, others: new Map(), othersLoaded: false, early: new Map() },
        effects: fx,
      }
    case 'others-loaded':
      return othersLoaded(state, event)
    case 'other-move': {
      const channel = state.others.get(event.channelId)
      if (channel && event.seq > channel.lastSeq) {
        const moved = { ...channel, lastSeq: event.seq }
        const seen = new Map(state.seen)
        seeing(seen, channel.channelId, event.seq)
        fx.push({ type: 'moved', channel: moved, before: channel.lastSeq })
        if (state.leading && !channel.muted)
          fx.push({ type: 'alert-other', channel: moved, afterSeq: channel.lastSeq })
        const others = new Map(state.others).set(channel.channelId, moved)
        return { state: { ...state, others, seen }, effects: fx }
      }
      if (!channel && !state.othersLoaded) {
        // Moved while the memberships load: caught up from before this move once they are.
        const early = new Map(state.early)
        if (event.seq > 0)
          early.set(
            event.channelId,
            Math.min(early.get(event.channelId) ?? Infinity, event.seq - 1)
          )
        fx.push({ type: 'reload-others' })
        return { state: { ...state, early }, effects: fx }
      }
      // A rename or an archiving (the badges leave out archived channels), or a move of a
      // channel not mine once the memberships are known.
      if (channel) fx.push({ type: 'badges' })
      return { state, effects: fx }
    }
    case 'messages': {
      if (event.onScreen || !state.leading) return { state, effects: fx }
      const { source, me, now } = event
      const shown = new Set(state.shown)
      for (const m of event.messages) {
        if (shown.has(m.id)) continue
        if (event.since !== undefined && Date.parse(m.createdAt) < event.since) continue
        // Read already (on another device, before a catch-up came to it): no alert.
        const read = m.seq <= source.channel.lastReadSeq
        const notify = shouldNotify({
          message: { authorId: m.authorId, mentions: m.mentions, deleted: m.deleted, read },
          me,
          prefs: {
            kind: source.channel.kind,
            level: source.channel.level,
            muted: source.channel.muted,
          },
          workspaceDefault: source.defaultLevel,
          dnd: source.dnd,
          now,
        })
        if (!notify) continue
        shown.add(m.id)
        fx.push({ type: 'show', source, message: m })
      }
      return { state: { ...state, shown }, effects: fx }
    }
    case 'reply': {
      const { reply, event: about } = event
      if (event.onScreen || !state.leading || state.shown.has(reply.id))
        return { state, effects: fx }
      const notify = shouldNotifyReply({
        message: { authorId: reply.authorId, mentions: reply.mentions, deleted: reply.deleted },
        me: event.me,
        prefs: { kind: about.kind, level: about.level, muted: about.muted },
        following: about.following,
        workspaceDefault: event.defaultLevel,
        dnd: event.dnd,
        now: event.now,
      })
      if (!notify) return { state, effects: fx }
      fx.push({ type: 'show-reply', event: about, reply })
      return { state: { ...state, shown: new Set(state.shown).add(reply.id) }, effects: fx }
    }
  }
}

function othersLoaded(
  state: NotifierState,
  event: Extract<NotifierEvent, { type: 'others-loaded' }>
): NotifierStep {
  const fx: NotifierEffect[] = []
  const ids = new Set(event.workspaceIds)
  const seen = new Map(state.seen)
  const others = new Map<string, Membership>()
  const sinceStart = event.pageStart !== null && !state.sinceStartDone
  const alert = (channel: Membership, afterSeq: number, since?: number) => {
    if (state.leading && !channel.muted)
      fx.push({ type: 'alert-other', channel, afterSeq, ...(since === undefined ? {} : { since }) })
  }
  for (const row of event.rows) {
    if (!ids.has(row.workspaceId)) continue
    const before = state.others.get(row.channelId)
    // Met for the first time here: from before a move seen while loading, or from what was seen
    // of it earlier (its workspace was open), whichever is older.
    const starts = [state.early.get(row.channelId), state.seen.get(row.channelId)].filter(
      (n) => n !== undefined
    )
    const from = before
      ? event.catchUp
        ? before.lastSeq
        : null
      : starts.length > 0
        ? Math.min(...starts)
        : undefined
    others.set(row.channelId, { ...row, lastSeq: Math.max(row.lastSeq, before?.lastSeq ?? 0) })
    seeing(seen, row.channelId, row.lastSeq)
    if (from !== undefined && from !== null) {
      if (row.lastSeq > from) alert(row, from)
    } else if (
      !before &&
      sinceStart &&
      row.lastMessageAt !== null &&
      Date.parse(row.lastMessageAt) >= event.pageStart!
    ) {
      alert(row, Math.max(0, row.lastSeq - SINCE_LIMIT), event.pageStart!)
    }
  }
  return {
    state: {
      ...state,
      seen,
      others,
      othersLoaded: true,
      early: new Map(),
      sinceStartDone: true,
    },
    effects: fx,
  }
}
