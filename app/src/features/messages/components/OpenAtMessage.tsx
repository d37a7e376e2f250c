// A channel opened at one message (a search result or a permalink) is the live channel itself:
// the message is located (its seq), the channel's LiveChannel opens there (openAt: the pages
// around it, live), and the usual message list shows it highlighted with everything the
// channel's rows do (children). Leaving (the channel's plain address: "Jump to latest", sending)
// takes the channel back to its newest messages. A reply kept in its thread opens the channel at
// its parent and the thread beside at the reply (onThreadReply). A lazy chunk.
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { EmptyState, Notice, Spinner } from '../../../ui/Notice.tsx'
import type { LiveChannel } from '../conversation/live-channel.ts'
import { locateMessage } from '../data/locate-message.ts'
import './open-at-message.css'

interface Props {
  live: LiveChannel | null
  channelId: string
  messageId: string
  onJumpToLatest: () => void
  /** The link is a reply kept in its thread: open that thread at it. */
  onThreadReply?: (parentId: string, replyId: string) => void
  /** The channel's message list, shown once the channel is there. */
  children: ReactNode
}

type State = 'locating' | 'missing' | 'ready' | { error: string }

export default function OpenAtMessage(props: Props) {
  const { live, channelId, messageId, onThreadReply } = props
  const [state, setState] = useState<State>('locating')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!live) return
    let cancelled = false
    setState('locating')
    locateMessage(channelId, messageId).then(
      (place) => {
        if (cancelled) return
        if (!place.found) return setState('missing')
        if (place.reply) onThreadReply?.(place.focusId, place.reply)
        // Already held (the newest messages, or the window opened before): shown where it is.
        if (!live.getSnapshot().messages.some((m) => m.id === place.focusId)) live.openAt(place.seq)
        setState('ready')
      },
      (e: unknown) => !cancelled && setState({ error: cleanError(e) })
    )
    return () => {
      cancelled = true
    }
  }, [live, channelId, messageId, attempt, onThreadReply])

  // Left for the channel's own address (or another channel): back to its newest messages.
  useEffect(() => () => live?.jumpToLatest(), [live])

  if (state === 'ready') return props.children
  if (state === 'locating') {
    return (
      <div className="open-at-state list-center">
        <Spinner label="Opening the message" />
      </div>
    )
  }
  if (state === 'missing') {
    return (
      <div className="open-at-state list-center">
        <EmptyState title="Message not available">
          <p className="muted">It was deleted, it does not exist, or you cannot read it.</p>
          <button type="button" className="button" onClick={props.onJumpToLatest}>
            Go to the latest messages
          </button>
        </EmptyState>
      </div>
    )
  }
  return (
    <div className="open-at-state list-center">
      <Notice tone="error">{state.error}</Notice>
      <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
        Try again
      </button>
    </div>
  )
}
