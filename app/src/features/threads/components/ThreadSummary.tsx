// Under a parent message: its thread's reply count, the avatars of the last repliers and the time
// of the last reply, live; opens the thread.
import type { ReactNode } from 'react'
import './thread-summary.css'

export interface ThreadSummaryProps {
  replyCount: number
  lastRepliers: readonly string[]
  avatarOf: (userId: string, size: number) => ReactNode
  /** The last reply's time: its ISO string and how it reads, short and in full. */
  lastReply: { at: string; short: string; full: string } | null
  onOpen: () => void
}

export function ThreadSummaryButton(props: ThreadSummaryProps) {
  const count = props.replyCount === 1 ? '1 reply' : `${props.replyCount} replies`
  return (
    <button
      type="button"
      className="thread-summary"
      onClick={props.onOpen}
      aria-label={`${count}, open the thread`}
    >
      <span className="thread-summary-avatars" aria-hidden="true">
        {props.lastRepliers.map((id) => (
          <span key={id}>{props.avatarOf(id, 20)}</span>
        ))}
      </span>
      <span className="thread-summary-count">{count}</span>
      {props.lastReply && (
        <time className="muted" dateTime={props.lastReply.at} title={props.lastReply.full}>
          Last reply {props.lastReply.short}
        </time>
      )}
    </button>
  )
}
