// Browser notifications for every workspace of mine. One tab per person is the notifier (it
// holds a Web Lock, so with several tabs open each message raises one notification:
// use-notifier-lock.ts); the tabs tell each other over a BroadcastChannel which channel each
// shows and whether it is visible (use-tab-bus.ts).
// When a channel's last_seq moves (the open workspace: its live channel list; the others: their
// live topics, use-other-workspaces.ts and use-other-workspace-alerts.ts), the notifier fetches the new messages and shows each one
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
// while Do Not Disturb is on, shown when it ends), and open their message (reminder-alerts.ts).
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { mentionedIds } from '../../../lib/message-tokens.ts'
import { navigate, useRoute } from '../../../lib/router.ts'
import { notificationKeys } from '../data/keys.ts'
import { fetchDisplayName, fetchDisplayNames } from '../data/memberships.ts'
import { fetchMessagesAfter, mayAlert } from '../data/new-messages.ts'
import { fetchNotificationSettings } from '../data/settings.ts'
import type { NotificationSettings } from '../data/settings.ts'
import { SINCE_LIMIT } from '../data/page-start.ts'
import { fetchReply, useThreadReplies } from '../data/thread-replies.ts'
import type { ThreadReplyEvent } from '../data/thread-replies.ts'
import { notificationText } from './notification-text.ts'
import { permitted } from './permission.ts'
import { useReminderAlerts } from './reminder-alerts.ts'
import { useHandOver } from './use-hand-over.ts'
import type { Source } from './use-hand-over.ts'
import { useNotifierLock } from './use-notifier-lock.ts'
import { useOtherWorkspaceAlerts } from './use-other-workspace-alerts.ts'
import { useTabBus } from './use-tab-bus.ts'
import type { TabState } from './use-tab-bus.ts'
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

/** Replies notified (or opened from a notification) by id: their thread's id. */
const replyThreads = new Map<string, string>()
/** How far back a channel I was just added to is read (its last SINCE_LIMIT messages at most). */
const JUST_ADDED_MS = 10_000

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
  const seen = useRef(new Map<string, number>())
  /** The workspace of the last channel list seen. */
  const listOf = useRef<string | null>(null)
  const shown = useRef(new Set<string>())

  // Become the notifier when no other tab of this person is.
  const notifier = useRef(false)
  const leading = useNotifierLock(me, notifier)

  // Reminders: the notifier alerts once settings are known, not during Do Not Disturb.
  useReminderAlerts(me, workspaceId, leading, channels !== undefined)

  // Tell the other tabs what this one shows; keep what they show.
  const tabs = useRef(new Map<string, TabState>())
  useTabBus(me, tabs, latest, activeChannelId, activeThreadId)

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
  useOtherWorkspaceAlerts({
    me,
    workspaceId,
    workspaces,
    seen: seen.current,
    leading,
    latest,
    canAlert: () => notifier.current && permitted(),
    settingsOf,
    notifyAfter,
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
