// "X is typing": Broadcast on the channel's private topic. A typing signal lasts a few seconds
// unless renewed; sending a message clears it. Signals are throttled so keystrokes do not flood.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js'
import { realtime } from '../../../lib/supabase.ts'

// A channel's private Realtime topic: its policy (supabase/migrations) lets only its members in.
const channelTopic = (channelId: string) => `channel:${channelId}`

const SHOW_FOR_MS = 5000
const THROTTLE_MS = 2000

export interface Typing {
  /** Ids of the others typing now. */
  typing: string[]
  notifyTyping(): void
  stopTyping(): void
}

export function useTyping(channelId: string, userId: string): Typing {
  const [typing, setTyping] = useState<Map<string, number>>(() => new Map())
  const channelRef = useRef<RealtimeChannel | null>(null)
  const lastSent = useRef(0)

  useEffect(() => {
    // Realtime's client loads after the first screen (lib/supabase.ts): joined once it is in.
    let client: RealtimeClient | null = null
    let channel: RealtimeChannel | null = null
    let stopped = false
    const join = (rt: RealtimeClient) => {
      if (stopped) return
      client = rt
      const joining = rt.channel(channelTopic(channelId), { config: { private: true } })
      joining
        .on('broadcast', { event: 'typing' }, ({ payload }) => {
          const { user_id: who, typing: isTyping } = (payload ?? {}) as {
            user_id?: string
            typing?: boolean
          }
          if (typeof who !== 'string' || who === userId) return
          setTyping((current) => {
            const next = new Map(current)
            if (isTyping) next.set(who, Date.now() + SHOW_FOR_MS)
            else next.delete(who)
            return next
          })
        })
        .subscribe()
      channel = joining
      channelRef.current = joining
    }
    void realtime().then(join, () => undefined)
    const prune = window.setInterval(() => {
      setTyping((current) => {
        const now = Date.now()
        if (![...current.values()].some((until) => until <= now)) return current
        return new Map([...current].filter(([, until]) => until > now))
      })
    }, 1000)
    return () => {
      window.clearInterval(prune)
      stopped = true
      channelRef.current = null
      setTyping(new Map())
      if (client && channel) void client.removeChannel(channel)
    }
  }, [channelId, userId])

  const send = useCallback(
    (isTyping: boolean) => {
      const channel = channelRef.current
      if (!channel || channel.state !== 'joined') return
      void channel.send({
        type: 'broadcast',
        event: 'typing',
        payload: { user_id: userId, typing: isTyping },
      })
    },
    [userId]
  )

  const notifyTyping = useCallback(() => {
    const now = Date.now()
    if (now - lastSent.current < THROTTLE_MS) return
    lastSent.current = now
    send(true)
  }, [send])

  const stopTyping = useCallback(() => {
    if (lastSent.current === 0) return
    lastSent.current = 0
    send(false)
  }, [send])

  return { typing: [...typing.keys()], notifyTyping, stopTyping }
}
