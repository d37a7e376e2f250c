// Browser notifications for every workspace of mine. One tab per person is the notifier (it
// holds a Web Lock, so with several tabs open each message raises one notification); the tabs
// tell each other over a BroadcastChannel which channel each shows and whether it is visible.
// When a channel's last_seq moves (the open workspace: its live channel list; the others: their
// live topics, use-other-workspaces.ts), the notifier fetches the new messages and shows each one
// the rules let through (level, mute, that workspace's default, DND), unless a visible tab has
// that channel open. Clicking one focuses the tab and opens the message (its permalink), in its
// own workspace. Replies in threads (which move no channel's last_seq) come on my user topic to
// whoever follows the thread or is in its direct message (data/thread-replies.ts); the notifier
// reads each by id and shows it by the reply rule (shouldNotifyReply), unless a visible tab shows
// that thread; clicking one opens the thread at the reply (the reply's permalink). Each reply
// alerts once, whichever way it came (a reply also sent to the channel comes both ways). The
// notifier's code loads a moment after the first screen: when it starts with the page, it hands
// over once what came before it listened (the open workspace's channels whose last message is
// newer than the page, and the thread replies since then). A channel that appears in the open
// workspace's list (I was just added) alerts what came in it in the 10 s before.
// Saved-for-later reminders alert from the notifier too, as they come due (held
// while Do Not Disturb is on, shown when it ends), and open their message.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { bodyAsText, mentionedIds } from '../../../lib/message-tokens.ts'
import { navigate, useRoute } from '../../../lib/router.ts'
import { notificationKeys } from '../data/keys.ts'
import { fetchDisplayName, fetchDisplayNames } from '../data/memberships.ts'
import type { Membership } from '../data/memberships.ts'
import { fetchMessagesAfter, mayAlert } from '../data/new-messages.ts'
import { fetchNotificationSettings } from '../data/settings.ts'
import type { NotificationSettings } from '../data/settings.ts'
import { SINCE_LIMIT } from '../data/page-start.ts'
import { fetchReply, useThreadReplies } from '../data/thread-replies.ts'
import type { ThreadReplyEvent } from '../data/thread-replies.ts'
import { useOtherWorkspacesActivity } from '../data/use-other-workspaces.ts'
import { useDndActive } from './use-dnd-active.ts'
import { useHandOver } from './use-hand-over.ts'
import type { Source } from './use-hand-over.ts'
import { useDueReminders } from '../../saved/index.ts'
import type { ReminderMessage } from '../../saved/index.ts'
import { shouldNotify, shouldNotifyReply } from '../rules.ts'
import type { ChannelKind, DoNotDisturb, NotifyLevel } from '../rules.ts'

export interface WatchedChannel {
  id: string
  kind: ChannelKind
  label: string
  lastSeq: number
  muted: boolean
  level: NotifyLevel | null
}

export interface BrowserNotifierOptions {
  workspaceId: string
  /** Every workspace of mine (the others are watched through their live topics). */
  workspaces: readonly { id: string; name: string }[]
  me: string
  channels: readonly WatchedChannel[] | undefined
  activeChannelId: string | null
  defaultLevel: NotifyLevel
  dnd: DoNotDisturb
}

interface TabState {
  visible: boolean
  channelId: string | null
  /** The thread open beside the channel, if any. */
  threadId: string | null
  at: number
}

/** Replies notified (or opened from a notification) by id: their thread's id. */
const replyThreads = new Map<string, string>()
/** How far back a channel I was just added to is read (its last SINCE_LIMIT messages at most). */
const JUST_ADDED_MS = 10_000

const TAB = Math.random().toString(36).slice(2)

/**
 * Plain text of a message body for a notification: mentions by the names given (else
 * "@someone"), markdown marks dropped.
 */
export function notificationText(body: string, names?: ReadonlyMap<string, string>): string {
  const text = bodyAsText(body, (id) => names?.get(id) ?? 'someone')
    .replace(/[*_~`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 140 ? `${text.slice(0, 139)}…` : text || 'New message'
}

export function useBrowserNotifications(options: BrowserNotifierOptions): void {
  const { workspaceId, me, channels, activeChannelId, workspaces } = options
  const queryClient = useQueryClient()
  // The thread this tab shows: open beside its channel, or opened at a reply by its permalink.
  const route = useRoute()
  const activeThreadId =
    route.name === 'workspace'
      ? (route.threadId ?? replyThreads.get(route.messageId ?? '') ?? null)
      : null
  const latest = useRef({ ...options, activeThreadId })
  latest.current = { ...options, activeThreadId }
  const notifier = useRef(false)
  const [leading, setLeading] = useState(false)
  const tabs = useRef(new Map<string, TabState>())
  const seen = useRef(new Map<string, number>())
  /** The workspace of the last channel list seen. */
  const listOf = useRef<string | null>(null)
  const shown = useRef(new Set<string>())
  const bus = useRef<BroadcastChannel | null>(null)

  // Become the notifier when no other tab of this person is.
  useEffect(() => {
    if (!('locks' in navigator)) {
      notifier.current = true
      setLeading(true)
      return
    }
    const abort = new AbortController()
    navigator.locks
      .request(`chorus-notifier:${me}`, { signal: abort.signal }, () => {
        notifier.current = true
        setLeading(true)
        return new Promise<void>((resolve) =>
          abort.signal.addEventListener('abort', () => resolve())
        )
      })
      .catch(() => {})
    return () => {
      notifier.current = false
      setLeading(false)
      abort.abort()
    }
  }, [me])

  // Reminders: the notifier alerts once settings are known, not during Do Not Disturb.
  const held = useDndActive(workspaceId)
  useDueReminders(me, leading && !held && channels !== undefined && permitted(), showReminder)

  // Tell the other tabs what this one shows; keep what they show.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(`chorus-tabs:${me}`)
    bus.current = channel
    channel.onmessage = (event: MessageEvent<{ tab: string } & TabState>) => {
      const { tab, ...state } = event.data
      if (tab === TAB) return
      tabs.current.set(tab, state)
      if (state.at === 0) tabs.current.delete(tab)
    }
    return () => {
      channel.postMessage({ tab: TAB, visible: false, channelId: null, threadId: null, at: 0 })
      channel.close()
      bus.current = null
    }
  }, [me])

  useEffect(() => {
    const tell = () =>
      bus.current?.postMessage({
        tab: TAB,
        visible: !document.hidden,
        channelId: latest.current.activeChannelId,
        threadId: latest.current.activeThreadId,
        at: Date.now(),
      })
    tell()
    document.addEventListener('visibilitychange', tell)
    return () => document.removeEventListener('visibilitychange', tell)
  }, [activeChannelId, activeThreadId])

  useEffect(() => {
    if (!channels) return
    const now = latest.current
    // A channel new to a list of the same workspace is one I was just added to.
    const sameWorkspace = listOf.current === now.workspaceId
    listOf.current = now.workspaceId
    for (const c of channels) {
      const before = seen.current.get(c.id)
      seen.current.set(c.id, Math.max(before ?? 0, c.lastSeq))
      if (!notifier.current || c.muted || !permitted()) continue
      const source = {
        channel: c,
        workspaceId: now.workspaceId,
        workspaceName: null,
        defaultLevel: now.defaultLevel,
        dnd: now.dnd,
      }
      if (before === undefined) {
        // Added and mentioned at once: what came in it in the moments before the list had it.
        if (sameWorkspace && c.lastSeq > 0)
          void notifyAfter(source, Math.max(0, c.lastSeq - SINCE_LIMIT), Date.now() - JUST_ADDED_MS)
        continue
      }
      if (c.lastSeq > before && mayAlert(c, before, c.lastSeq, now.me, now.defaultLevel, now.dnd))
        void notifyAfter(source, before)
    }
  }, [channels])

  // What came before the notifier listened (it starts a moment after the page).
  useHandOver({
    leading,
    me,
    openWorkspace: () => latest.current.workspaceId,
    labelOf: (id) => latest.current.channels?.find((c) => c.id === id)?.label,
    canAlert: () => notifier.current && permitted(),
    act: { notifyAfter, notifyReply, settingsOf },
  })

  // The other workspaces: their settings (default level) fetched when one of their channels moves.
  useOtherWorkspacesActivity({
    me,
    workspaceIds: workspaces.map((w) => w.id).filter((id) => id !== workspaceId),
    seen: seen.current,
    enabled: leading,
    onNew: (m: Membership, afterSeq: number, since?: number) => {
      if (!notifier.current || m.muted || !permitted()) return
      void (async () => {
        const settings = await settingsOf(m.workspaceId)
        if (!settings) return
        const prefs = { id: m.channelId, kind: m.kind, level: m.level, muted: m.muted }
        const quiet =
          since === undefined &&
          !mayAlert(
            prefs,
            afterSeq,
            m.lastSeq,
            latest.current.me,
            settings.defaultLevel,
            settings.dnd
          )
        if (quiet) return
        const name = latest.current.workspaces.find((w) => w.id === m.workspaceId)?.name ?? null
        await notifyAfter(
          {
            channel: {
              id: m.channelId,
              kind: m.kind,
              label: m.name ?? '',
              muted: m.muted,
              level: m.level,
            },
            workspaceId: m.workspaceId,
            workspaceName: name,
            defaultLevel: settings.defaultLevel,
            dnd: settings.dnd,
          },
          afterSeq,
          since
        )
      })()
    },
  })

  // Thread replies, from my user topic (every tab hears them; the notifier alerts).
  useThreadReplies(me, (event) => {
    if (!notifier.current || event.muted || !permitted()) return
    void notifyReply(event)
  })

  async function settingsOf(id: string): Promise<NotificationSettings | null> {
    try {
      return await queryClient.fetchQuery({
        queryKey: notificationKeys.settings(id),
        queryFn: () => fetchNotificationSettings(id),
        staleTime: 30_000,
      })
    } catch {
      return null
    }
  }

  async function notifyReply(event: ThreadReplyEvent) {
    if (shown.current.has(event.id)) return
    const open = event.workspaceId === latest.current.workspaceId
    // The open workspace's settings once known (its channel list waits for them), else fetched.
    const settings =
      open && latest.current.channels !== undefined
        ? latest.current
        : await settingsOf(event.workspaceId)
    if (!settings) return
    let reply
    try {
      reply = await fetchReply(event.id)
    } catch {
      return
    }
    if (!reply) return
    const now = latest.current
    const onScreen =
      (!document.hidden && now.activeThreadId === event.threadId) ||
      [...tabs.current.values()].some(
        (t) => t.visible && t.threadId === event.threadId && Date.now() - t.at < 3600_000
      )
    if (onScreen) return
    const notify = shouldNotifyReply({
      message: { authorId: reply.authorId, mentions: reply.mentions, deleted: reply.deleted },
      me: now.me,
      prefs: { kind: event.kind, level: event.level, muted: event.muted },
      following: event.following,
      workspaceDefault: settings.defaultLevel,
      dnd: settings.dnd,
      now: new Date(),
    })
    if (!notify || shown.current.has(reply.id)) return
    shown.current.add(reply.id)
    replyThreads.set(reply.id, event.threadId)
    let label = open ? now.channels?.find((c) => c.id === event.channelId)?.label : undefined
    if (label === undefined) {
      label =
        event.kind === 'dm'
          ? ((await fetchDisplayName(reply.authorId)) ?? 'Direct message')
          : (reply.channelName ?? 'a channel')
    }
    const workspaceName = now.workspaces.find((w) => w.id === event.workspaceId)?.name
    const where = open || !workspaceName ? '' : ` · ${workspaceName}`
    const names = await fetchDisplayNames(mentionedIds(reply.body))
    const n = new Notification(`Thread in ${label}${where}`, {
      body: notificationText(reply.body, names),
      tag: reply.id,
    })
    n.onclick = () => {
      window.focus()
      navigate(`/w/${event.workspaceId}/c/${event.channelId}/m/${reply.id}`)
      n.close()
    }
  }

  /** Alerts the channel's messages after `afterSeq` (sent at `since` or later, when given). */
  async function notifyAfter(source: Source, afterSeq: number, since?: number) {
    const { channel } = source
    let messages
    try {
      messages = await fetchMessagesAfter(channel.id, afterSeq)
    } catch {
      return
    }
    const now = latest.current
    const onScreen =
      (!document.hidden && now.activeChannelId === channel.id) ||
      [...tabs.current.values()].some(
        (t) => t.visible && t.channelId === channel.id && Date.now() - t.at < 3600_000
      )
    if (onScreen) return
    for (const m of messages) {
      if (shown.current.has(m.id)) continue
      if (since !== undefined && Date.parse(m.createdAt) < since) continue
      const notify = shouldNotify({
        message: { authorId: m.authorId, mentions: m.mentions, deleted: m.deleted },
        me: now.me,
        prefs: { kind: channel.kind, level: channel.level, muted: channel.muted },
        workspaceDefault: source.defaultLevel,
        dnd: source.dnd,
        now: new Date(),
      })
      if (!notify || shown.current.has(m.id)) continue
      shown.current.add(m.id)
      let label = channel.label
      if (source.workspaceName !== null) {
        // Not the open workspace: a direct message is titled by its author, and the workspace named.
        if (channel.kind === 'dm') label = (await fetchDisplayName(m.authorId)) ?? 'Direct message'
        label = `${label} · ${source.workspaceName}`
      }
      const names = await fetchDisplayNames(mentionedIds(m.body))
      const n = new Notification(label, { body: notificationText(m.body, names), tag: m.id })
      n.onclick = () => {
        window.focus()
        navigate(`/w/${source.workspaceId}/c/${channel.id}/m/${m.id}`)
        n.close()
      }
    }
  }
}

async function showReminder(m: ReminderMessage): Promise<void> {
  const where = m.channelKind === 'dm' ? 'direct message' : m.channelName ? m.channelName : null
  const names = await fetchDisplayNames(mentionedIds(m.body))
  const n = new Notification(`Reminder${where ? ` · ${where}` : ''}`, {
    body: notificationText(m.body, names),
    tag: `reminder:${m.messageId}`,
  })
  n.onclick = () => {
    window.focus()
    navigate(`/w/${m.workspaceId}/c/${m.channelId}/m/${m.messageId}`)
    n.close()
  }
}

function permitted(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted'
}
