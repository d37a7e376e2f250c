// Browser notifications for every workspace of mine. What alerts is decided by the notifier's
// machine (notifier-machine.ts, pure: what was seen of each channel, what was shown); this hook
// feeds it what happens and runs what it asks for. One tab per person is the notifier (it holds
// a Web Lock, so with several tabs open each message raises one notification:
// use-notifier-lock.ts); the tabs tell each other over a BroadcastChannel which channel each
// shows and whether it is visible (use-tab-bus.ts).
// When a channel's last_seq moves (the open workspace: its live channel list; the others: their
// live topics, data/use-other-workspaces.ts), the notifier fetches the new messages and shows
// each one the rules let through (level, mute, that workspace's default, DND), unless a visible
// tab has that channel open (notifier-show.ts). Replies in threads (which move no channel's
// last_seq) come on my user topic to whoever follows the thread or is in its direct message
// (data/thread-replies.ts); the notifier reads each by id and shows it by the reply rule, unless a
// visible tab shows that thread. Each reply alerts once, whichever way it came. The notifier's
// code loads a moment after the first screen: when it starts with the page, it hands over once
// what came before it listened (use-hand-over.ts). Saved-for-later reminders alert from the
// notifier too, as they come due (reminder-alerts.ts).
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useRoute } from '../../../lib/router.ts'
import { notificationKeys } from '../data/keys.ts'
import { fetchMessagesAfter, mayAlert } from '../data/new-messages.ts'
import { fetchNotificationSettings } from '../data/settings.ts'
import type { NotificationSettings } from '../data/settings.ts'
import { fetchReply, useThreadReplies } from '../data/thread-replies.ts'
import type { ThreadReplyEvent } from '../data/thread-replies.ts'
import { useOtherWorkspacesActivity } from '../data/use-other-workspaces.ts'
import type { NotifyLevel, DoNotDisturb } from '../rules.ts'
import { initialNotifierState, reduceNotifier } from './notifier-machine.ts'
import type { NotifierEffect, NotifierEvent, Source, WatchedChannel } from './notifier-machine.ts'
import { showMessage, showReply } from './notifier-show.ts'
import { notificationsPermitted } from './permission.ts'
import { useReminderAlerts } from './reminder-alerts.ts'
import { useHandOver } from './use-hand-over.ts'
import { useNotifierLock } from './use-notifier-lock.ts'
import { useTabBus } from './use-tab-bus.ts'
import type { TabState } from './use-tab-bus.ts'

export type { WatchedChannel } from './notifier-machine.ts'

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
/** What another tab says it shows counts for this long. */
const TAB_STATE_MS = 3600_000

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
  const machine = useRef(initialNotifierState())
  /** The notifications being shown, one after the other, in the order they were decided. */
  const showing = useRef(Promise.resolve())

  /** Tells the machine what happened; runs the alerts it asks for, returns the rest. */
  function dispatch(event: NotifierEvent): NotifierEffect[] {
    const step = reduceNotifier(machine.current, event)
    machine.current = step.state
    return step.effects.filter((effect) => !run(effect))
  }

  // Become the notifier when no other tab of this person is.
  const notifier = useRef(false)
  const leading = useNotifierLock(me, notifier)
  useEffect(() => {
    dispatch({ type: 'lock', leading })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dispatch reads refs only
  }, [leading])

  // Reminders: the notifier alerts once settings are known, not during Do Not Disturb.
  useReminderAlerts(me, workspaceId, leading, channels !== undefined)

  // Tell the other tabs what this one shows; keep what they show.
  const tabs = useRef(new Map<string, TabState>())
  useTabBus(me, tabs, latest, activeChannelId, activeThreadId)

  useEffect(() => {
    if (!channels) return
    const workspaceId = latest.current.workspaceId
    dispatch({ type: 'open-list', workspaceId, channels, now: Date.now() })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dispatch reads refs only
  }, [channels])

  // What came before the notifier listened (it starts a moment after the page).
  useHandOver({
    leading,
    me,
    openWorkspace: () => latest.current.workspaceId,
    labelOf: (id) => latest.current.channels?.find((c) => c.id === id)?.label,
    canAlert: () => notifier.current && notificationsPermitted(),
    act: { notifyAfter, notifyReply, settingsOf },
  })

  // The other workspaces, watched by the notifier only.
  useOtherWorkspacesActivity({
    me,
    workspaceIds: workspaces.map((w) => w.id).filter((id) => id !== workspaceId),
    enabled: leading,
    dispatch,
  })

  // Thread replies, from my user topic (every tab hears them; the notifier alerts).
  useThreadReplies(me, (event) => {
    if (!notifier.current || event.muted || !notificationsPermitted()) return
    void notifyReply(event)
  })

  /** Runs an effect that is the notifier's own; false for one its caller runs. */
  function run(effect: NotifierEffect): boolean {
    switch (effect.type) {
      case 'alert-open': {
        const now = latest.current
        const { channel, afterSeq, since } = effect
        if (!notificationsPermitted()) return true
        const quiet =
          since === undefined &&
          !mayAlert(channel, afterSeq, channel.lastSeq, now.me, now.defaultLevel, now.dnd)
        if (quiet) return true
        const { workspaceId, defaultLevel, dnd } = now
        void notifyAfter(
          { channel, workspaceId, workspaceName: null, defaultLevel, dnd },
          afterSeq,
          since
        )
        return true
      }
      case 'alert-other':
        if (notificationsPermitted()) void alertOther(effect)
        return true
      case 'show':
        showing.current = showing.current
          .then(() => showMessage(effect.source, effect.message))
          .catch(() => {})
        return true
      case 'show-reply': {
        const now = latest.current
        const open = effect.event.workspaceId === now.workspaceId
        const label = open
          ? now.channels?.find((c) => c.id === effect.event.channelId)?.label
          : undefined
        const name = open
          ? null
          : (now.workspaces.find((w) => w.id === effect.event.workspaceId)?.name ?? null)
        replyThreads.set(effect.reply.id, effect.event.threadId)
        showing.current = showing.current
          .then(() => showReply(effect.event, effect.reply, label, name))
          .catch(() => {})
        return true
      }
      default:
        return false
    }
  }

  /** Another workspace's channel moved: by that workspace's settings, fetched now. */
  async function alertOther(effect: Extract<NotifierEffect, { type: 'alert-other' }>) {
    const { channel: m, afterSeq, since } = effect
    const settings = await settingsOf(m.workspaceId)
    if (!settings) return
    const prefs = { id: m.channelId, kind: m.kind, level: m.level, muted: m.muted }
    const now = latest.current
    const quiet =
      since === undefined &&
      !mayAlert(prefs, afterSeq, m.lastSeq, now.me, settings.defaultLevel, settings.dnd)
    if (quiet) return
    const name = now.workspaces.find((w) => w.id === m.workspaceId)?.name ?? null
    const { kind, muted, level, lastReadSeq } = m
    const channel = { id: m.channelId, kind, label: m.name ?? '', lastReadSeq, muted, level }
    const { defaultLevel, dnd } = settings
    await notifyAfter(
      { channel, workspaceId: m.workspaceId, workspaceName: name, defaultLevel, dnd },
      afterSeq,
      since
    )
  }

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

  /** Whether this tab (visible) or another visible tab of mine shows the channel or thread. */
  function onScreen(what: 'channelId' | 'threadId', id: string): boolean {
    const now = latest.current
    const mine = what === 'channelId' ? now.activeChannelId : now.activeThreadId
    return (
      (!document.hidden && mine === id) ||
      [...tabs.current.values()].some(
        (t) => t.visible && t[what] === id && Date.now() - t.at < TAB_STATE_MS
      )
    )
  }

  async function notifyReply(event: ThreadReplyEvent) {
    if (machine.current.shown.has(event.id)) return
    // On screen when it came, or still when it is read: a tab that showed it and moved on while
    // the reply was read has shown it.
    const cameOnScreen = onScreen('threadId', event.threadId)
    const now = latest.current
    // The open workspace's settings once known (its channel list waits for them), else fetched.
    const settings =
      event.workspaceId === now.workspaceId && now.channels !== undefined
        ? now
        : await settingsOf(event.workspaceId)
    if (!settings) return
    let reply
    try {
      reply = await fetchReply(event.id)
    } catch {
      return
    }
    if (!reply) return
    dispatch({
      type: 'reply',
      event,
      reply,
      onScreen: cameOnScreen || onScreen('threadId', event.threadId),
      me: latest.current.me,
      defaultLevel: settings.defaultLevel,
      dnd: settings.dnd,
      now: new Date(),
    })
  }

  /** Alerts the channel's messages after `afterSeq` (sent at `since` or later, when given). */
  async function notifyAfter(source: Source, afterSeq: number, since?: number) {
    const cameOnScreen = onScreen('channelId', source.channel.id)
    let messages
    try {
      messages = await fetchMessagesAfter(source.channel.id, afterSeq)
    } catch {
      return
    }
    dispatch({
      type: 'messages',
      source,
      messages,
      ...(since === undefined ? {} : { since }),
      onScreen: cameOnScreen || onScreen('channelId', source.channel.id),
      me: latest.current.me,
      now: new Date(),
    })
  }
}
