// The tabs of one person tell each other over a BroadcastChannel which channel (and thread) each
// shows and whether it is visible, so that the notifier stays quiet about what a visible tab shows.
import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

export interface TabState {
  visible: boolean
  channelId: string | null
  /** The thread open beside the channel, if any. */
  threadId: string | null
  at: number
}

const TAB = Math.random().toString(36).slice(2)

/** What this tab shows, read when it tells the others. */
export interface Showing {
  activeChannelId: string | null
  activeThreadId: string | null
}

/** Tells the other tabs what this one shows; keeps what they show in `tabs` (by tab). */
export function useTabBus(
  me: string,
  tabs: RefObject<Map<string, TabState>>,
  showing: RefObject<Showing>,
  activeChannelId: string | null,
  activeThreadId: string | null
): void {
  const bus = useRef<BroadcastChannel | null>(null)

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
  }, [me, tabs])

  useEffect(() => {
    const tell = () =>
      bus.current?.postMessage({
        tab: TAB,
        visible: !document.hidden,
        channelId: showing.current.activeChannelId,
        threadId: showing.current.activeThreadId,
        at: Date.now(),
      })
    tell()
    document.addEventListener('visibilitychange', tell)
    return () => document.removeEventListener('visibilitychange', tell)
  }, [activeChannelId, activeThreadId, showing])
}
