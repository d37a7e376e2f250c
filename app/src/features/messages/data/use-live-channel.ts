// React's view of a LiveChannel: one instance per open conversation (a channel, or a thread in
// it) over the supabase-js transport, made as the conversation first renders (so that the first
// frame shows the messages last kept: issue 31's instant open), started by an effect and
// disposed when it changes; the snapshot comes through useSyncExternalStore. Its edits, deletes
// and reactions (a chunk of their own) load after the first screen.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { burstBatched } from '../../../lib/burst-batched.ts'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { browserStore } from '../../../lib/local-store.ts'
import { cachedMessages, keepMessagesCached } from '../../../lib/offline-messages.ts'
import { newId } from '../../../lib/uuid.ts'
import { browserConnectivity } from '../conversation/browser-connectivity.ts'
import { LiveChannel, loadEdits } from '../conversation/live-channel.ts'
import { Outbox } from '../conversation/outbox.ts'
import type { ChannelSnapshot, ChatMessage, Conversation } from '../conversation/types.ts'
import { supabaseChannelTransport } from './channel-transport.ts'
import { keepTreesOf } from '../markdown/load.ts'

const EMPTY: ChannelSnapshot = {
  status: 'loading',
  error: null,
  messages: [],
  pending: [],
  hasOlder: false,
  loadingOlder: false,
  olderError: null,
  hasNewer: false,
  loadingNewer: false,
  newerError: null,
  loaded: false,
}

const emptySnapshot = () => EMPTY

export function useLiveChannel(
  channelId: string,
  userId: string,
  threadId: string | null = null,
  /** The channel's workspace, kept with its cached messages (lib/lost-channels.ts). */
  workspaceId?: string
): { live: LiveChannel; snapshot: ChannelSnapshot } {
  // Making one reads only what is kept locally (no request, no subscription): that waits for
  // start(), in the effect.
  const key = `${userId}/${channelId}/${threadId ?? ''}`
  const made = useMemo(
    () => makeLiveChannel(channelId, userId, threadId),
    [channelId, userId, threadId]
  )
  // StrictMode runs the effect, cleans it up (disposing `made`) and runs it again for the same
  // conversation: that run makes another, kept here with its conversation's key. A remade one
  // of an earlier conversation is never shown: after a switch, `made` is the new one's.
  const [remade, setRemade] = useState<{ key: string; channel: LiveChannel } | null>(null)
  const later = useAfterFirstScreen()
  useEffect(() => {
    // Offline and not kept by the service worker: the first edit says so.
    if (later) loadEdits().catch(() => undefined)
  }, [later])

  useEffect(() => {
    let channel = made
    if (made.isDisposed) {
      channel = makeLiveChannel(channelId, userId, threadId)
      setRemade({ key, channel })
    }
    channel.start()
    const stopCaching = threadId
      ? null
      : keepMessagesCached(
          channel,
          userId,
          channelId,
          (kept) => keepTreesOf(kept.map((message) => message.body)),
          workspaceId
        )
    const onVisible = () => {
      if (document.visibilityState === 'visible') channel.resync()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      stopCaching?.()
      channel.dispose()
    }
  }, [made, key, channelId, userId, threadId, workspaceId])

  const live = remade?.key === key && !remade.channel.isDisposed ? remade.channel : made
  // A burst of events (an import, a catch-up) renders once a frame, not once an event.
  const subscribe = useMemo(() => burstBatched(live.subscribe), [live])
  const snapshot = useSyncExternalStore(subscribe, live.getSnapshot, emptySnapshot)
  return { live, snapshot }
}

function makeLiveChannel(channelId: string, userId: string, threadId: string | null): LiveChannel {
  const conversation: Conversation = threadId ? { kind: 'thread', threadId } : { kind: 'channel' }
  return new LiveChannel({
    channelId,
    conversation,
    userId,
    transport: supabaseChannelTransport(channelId, userId, conversation),
    outbox: new Outbox(browserStore(), userId),
    connectivity: browserConnectivity,
    newId,
    // A channel's latest messages as last seen, while the server has not answered (offline).
    cached: threadId ? [] : cachedMessages<ChatMessage>(userId, channelId),
  })
}
