// "X is typing" for an open channel: the signals themselves are typing-channel.ts, a chunk loaded
// once Realtime's client is in, after the first screen (lib/supabase.ts).
import { useCallback, useEffect, useRef, useState } from 'react'
import { realtime } from '../../../lib/supabase.ts'
import type { TypingChannel } from './typing-channel.ts'

export interface Typing {
  /** Ids of the others typing now. */
  typing: string[]
  notifyTyping(): void
  stopTyping(): void
}

export function useTyping(channelId: string, userId: string): Typing {
  const [typing, setTyping] = useState<string[]>([])
  const joined = useRef<TypingChannel | null>(null)

  useEffect(() => {
    let left = false
    void realtime()
      .then(() => import('./typing-channel.ts'))
      .then(({ joinTyping }) => joinTyping(channelId, userId, (ids) => left || setTyping(ids)))
      .then(
        (channel) => {
          if (left) channel.leave()
          else joined.current = channel
        },
        () => undefined
      )
    return () => {
      left = true
      joined.current?.leave()
      joined.current = null
      setTyping([])
    }
  }, [channelId, userId])

  const notifyTyping = useCallback(() => joined.current?.notify(), [])
  const stopTyping = useCallback(() => joined.current?.stop(), [])
  return { typing, notifyTyping, stopTyping }
}
