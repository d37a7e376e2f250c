import { useEffect, useRef, useState } from 'react'
import type { ChannelSnapshot, ChatMessage } from '../conversation/types.ts'
import { bodyAsText } from '../../../lib/message-tokens.ts'

/** A sentence for screen readers about the newest message from someone else. It is taken back
 * (the live region emptied, nothing read out) once that message is deleted, removed or edited:
 * the page keeps no text of a message that is gone. */
export function useAnnouncement(
  snapshot: ChannelSnapshot,
  me: string,
  nameOf: (id: string | null) => string
): string {
  const last = snapshot.messages[snapshot.messages.length - 1]
  const seen = useRef<string | null>(null)
  const announced = useRef<ChatMessage | null>(null)
  const [text, setText] = useState('')
  const messages = snapshot.messages
  useEffect(() => {
    const said = announced.current
    if (!said) return
    const now = messages.find((m) => m.id === said.id)
    if (now && !now.deletedAt && now.body === said.body) return
    announced.current = null
    setText('')
  }, [messages])
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
        announced.current = last
        setText(`${nameOf(last.authorId)}: ${bodyAsText(last.body, nameOf).slice(0, 200)}`)
      }
    }
  }, [last, snapshot.loaded, snapshot.hasNewer, me, nameOf])
  return text
}
