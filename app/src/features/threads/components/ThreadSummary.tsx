// Under a parent message: its thread's reply count, the avatars of the last repliers and the time
// of the last reply, live; opens the thread.
import { plural, t } from '@lingui/core/macro'
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
  const replyCount = props.replyCount
  const count = plural(replyCount, { one: '# reply', other: '# replies' })
  const lastShort = props.lastReply?.short ?? ''
  return (
    <button
      type="button"
      className="thread-summary"
      onClick={props.onOpen}
      aria-label={t`${count}, open the thread`}
    >
      <span className="thread-summary-avatars" aria-hidden="true">
        {props.lastRepliers.map((id) => (
          <span key={id}>{props.avatarOf(id, 20)}</span>
        ))}
      </span>
      <span className="thread-summary-count">{count}</span>
      {props.lastReply && (
        <time className="muted" dateTime={props.lastReply.at} title={props.lastReply.full}>
          {t`Last reply ${lastShort}`}
        </time>
      )}
    </button>
  )
}
