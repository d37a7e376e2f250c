// "X is typing": Broadcast on the channel's private topic, joined once Realtime's client is in
// (it loads after the first screen: lib/supabase.ts), and this module with it (use-typing.ts). A
// typing signal lasts a few seconds unless renewed; sending a message clears it. Signals are
// throttled so keystrokes do not flood.
import type { RealtimeChannel } from '@supabase/realtime-js'
import { realtime } from '../../../lib/supabase.ts'

// A channel's private Realtime topic: its policy (supabase/migrations) lets only its members in.
const channelTopic = (channelId: string) => `channel:${channelId}`

const SHOW_FOR_MS = 5000
const THROTTLE_MS = 2000

export interface TypingChannel {
  /** This person types: told to the others, at most every THROTTLE_MS. */
  notify(): void
  /** This person stopped (sent, or emptied the box). */
  stop(): void
  leave(): void
}

/** Joins the channel's typing signals; `onChange` gets the ids of the others typing now. */
export async function joinTyping(
  channelId: string,
  userId: string,
  onChange: (typing: string[]) => void
): Promise<TypingChannel> {
  const client = await realtime()
  /** Who types, until when. */
  const until = new Map<string, number>()
  const tell = () => onChange([...until.keys()])
  const channel: RealtimeChannel = client.channel(channelTopic(channelId), {
    config: { private: true },
  })
  channel
    .on('broadcast', { event: 'typing' }, ({ payload }) => {
      const { user_id: who, typing } = (payload ?? {}) as { user_id?: string; typing?: boolean }
      if (typeof who !== 'string' || who === userId) return
      if (typing) until.set(who, Date.now() + SHOW_FOR_MS)
      else until.delete(who)
      tell()
    })
    .subscribe()
  const prune = window.setInterval(() => {
    const now = Date.now()
    let pruned = false
    for (const [who, time] of until) {
      if (time <= now) pruned = until.delete(who)
    }
    if (pruned) tell()
  }, 1000)
  let lastSent = 0
  const send = (typing: boolean) => {
    if (channel.state !== 'joined') return
    void channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: userId, typing } })
  }
  return {
    notify() {
      const now = Date.now()
      if (now - lastSent < THROTTLE_MS) return
      lastSent = now
      send(true)
    },
    stop() {
      if (lastSent === 0) return
      lastSent = 0
      send(false)
    },
    leave() {
      window.clearInterval(prune)
      void client.removeChannel(channel)
    },
  }
}
