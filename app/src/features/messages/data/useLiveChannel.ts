// React's view of a LiveChannel: one instance per open channel over the supabase-js transport,
// made in an effect and disposed when the channel changes; the snapshot comes through
// useSyncExternalStore.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { browserStore } from '../../../lib/local-store.ts'
import { newId } from '../../../lib/uuid.ts'
import { browserConnectivity } from '../conversation/browser-connectivity.ts'
import { LiveChannel } from '../conversation/LiveChannel.ts'
import { Outbox } from '../conversation/outbox.ts'
import type { ChannelSnapshot } from '../conversation/types.ts'
import { supabaseChannelTransport } from './channel-transport.ts'

const EMPTY: ChannelSnapshot = {
  status: 'loading',
  error: null,
  messages: [],
  pending: [],
  hasOlder: false,
  loadingOlder: false,
  olderError: null,
  loaded: false,
}

const noSubscribe = () => () => {}
const emptySnapshot = () => EMPTY

export function useLiveChannel(
  channelId: string,
  userId: string
): { live: LiveChannel | null; snapshot: ChannelSnapshot } {
  const [live, setLive] = useState<LiveChannel | null>(null)

  useEffect(() => {
    const channel = new LiveChannel({
      channelId,
      userId,
      transport: supabaseChannelTransport(channelId, userId),
      outbox: new Outbox(browserStore(), userId),
      connectivity: browserConnectivity,
      newId,
    })
    channel.start()
    setLive(channel)
    const onVisible = () => {
      if (document.visibilityState === 'visible') channel.resync()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      channel.dispose()
    }
  }, [channelId, userId])

  const current = live?.channelId === channelId ? live : null
  const snapshot = useSyncExternalStore(
    current?.subscribe ?? noSubscribe,
    current?.getSnapshot ?? emptySnapshot,
    emptySnapshot
  )
  return { live: current, snapshot }
}
