// Browser notifications for the open workspace. One tab per person is the notifier (it holds a
// Web Lock, so with several tabs open each message raises one notification); the tabs tell each
// other over a BroadcastChannel which channel each shows and whether it is visible. When a
// channel's last_seq moves (the live channel list), the notifier fetches the new messages and
// shows each one the rules let through (level, mute, DND), unless a visible tab has that channel
// open. Clicking one focuses the tab and opens the message (its permalink).
import { useEffect, useRef } from 'react'
import { navigate } from '../../../lib/router.ts'
import { fetchMessagesAfter } from '../data/new-messages.ts'
import { shouldNotify } from '../rules.ts'
import type { ChannelKind, DoNotDisturb, NotifyLevel } from '../rules.ts'

export interface WatchedChannel {
  id: string
  kind: ChannelKind
  label: string
  lastSeq: number
  muted: boolean
  level: NotifyLevel | null
}

interface Options {
  workspaceId: string
  me: string
  channels: readonly WatchedChannel[] | undefined
  activeChannelId: string | null
  defaultLevel: NotifyLevel
  dnd: DoNotDisturb
}

interface TabState {
  visible: boolean
  channelId: string | null
  at: number
}

const TAB = Math.random().toString(36).slice(2)

/** Plain text of a message body for a notification: mentions and markdown marks dropped. */
export function notificationText(body: string): string {
  const text = body
    .replace(/<@[0-9a-f-]{36}>/gi, '@someone')
    .replace(/[*_~`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 140 ? `${text.slice(0, 139)}…` : text || 'New message'
}

export function useBrowserNotifications(options: Options): void {
  const { workspaceId, me, channels, activeChannelId } = options
  const latest = useRef(options)
  latest.current = options
  const notifier = useRef(false)
  const tabs = useRef(new Map<string, TabState>())
  const seen = useRef(new Map<string, number>())
  const shown = useRef(new Set<string>())
  const bus = useRef<BroadcastChannel | null>(null)

  // Become the notifier when no other tab of this person is.
  useEffect(() => {
    if (!('locks' in navigator)) {
      notifier.current = true
      return
    }
    const abort = new AbortController()
    navigator.locks
      .request(`chorus-notifier:${me}`, { signal: abort.signal }, () => {
        notifier.current = true
        return new Promise<void>((resolve) =>
          abort.signal.addEventListener('abort', () => resolve())
        )
      })
      .catch(() => {})
    return () => {
      notifier.current = false
      abort.abort()
    }
  }, [me])

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
      channel.postMessage({ tab: TAB, visible: false, channelId: null, at: 0 })
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
        at: Date.now(),
      })
    tell()
    document.addEventListener('visibilitychange', tell)
    return () => document.removeEventListener('visibilitychange', tell)
  }, [activeChannelId])

  useEffect(() => {
    seen.current.clear()
  }, [workspaceId])

  useEffect(() => {
    if (!channels) return
    for (const c of channels) {
      const before = seen.current.get(c.id)
      seen.current.set(c.id, Math.max(before ?? 0, c.lastSeq))
      if (before === undefined || c.lastSeq <= before) continue
      if (!notifier.current || c.muted) continue
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') continue
      void notifyAfter(c, before)
    }
  }, [channels])

  async function notifyAfter(channel: WatchedChannel, afterSeq: number) {
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
      const notify = shouldNotify({
        message: { authorId: m.authorId, mentions: m.mentions, deleted: m.deleted },
        me: now.me,
        prefs: { kind: channel.kind, level: channel.level, muted: channel.muted },
        workspaceDefault: now.defaultLevel,
        dnd: now.dnd,
        now: new Date(),
      })
      if (!notify) continue
      shown.current.add(m.id)
      const n = new Notification(channel.label, { body: notificationText(m.body), tag: m.id })
      n.onclick = () => {
        window.focus()
        navigate(`/w/${now.workspaceId}/c/${channel.id}/m/${m.id}`)
        n.close()
      }
    }
  }
}
