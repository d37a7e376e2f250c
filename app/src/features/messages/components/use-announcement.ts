import { useEffect, useRef, useState } from 'react'
import type { ChannelSnapshot } from '../conversation/types.ts'
import { bodyAsText } from '../../../lib/message-tokens.ts'

/** A sentence for screen readers about the newest message from someone else. */
export function useAnnouncement(
  snapshot: ChannelSnapshot,
  me: string,
  nameOf: (id: string) => string
): string {
  const last = snapshot.messages[snapshot.messages.length - 1]
  const seen = useRef<string | null>(null)
  const [text, setText] = useState('')
  useEffect(() => {
    // Opened at a message: its window's end (paged or joined) is nothing new; start again.
    if (snapshot.hasNewer) seen.current = null
    if (!snapshot.loaded || snapshot.hasNewer) return
    // The first page is what was there already, nothing new; empty, the first message to come is.
    if (seen.current === null) {
      seen.current = last?.id ?? ''
      return
    }
    if (last && last.id !== seen.current) {
      seen.current = last.id
      if (last.authorId !== me && !last.deletedAt) {
        setText(`${nameOf(last.authorId)}: ${bodyAsText(last.body, nameOf).slice(0, 200)}`)
      }
    }
  }, [last, snapshot.loaded, snapshot.hasNewer, me, nameOf])
  return text
}
