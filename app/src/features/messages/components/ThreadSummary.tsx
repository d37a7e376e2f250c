// Under a parent message: its thread's reply count, the avatars of the last repliers and the time
// of the last reply, live; opens the thread.
import type { ThreadSummary } from '../conversation/types.ts'
import type { People } from '../people.ts'
import { fullTimeLabel, timeLabel } from './rows.ts'
import './thread-summary.css'

export function ThreadSummaryButton(props: {
  summary: ThreadSummary
  people: People
  onOpen: () => void
}) {
  const { summary, people } = props
  if (summary.replyCount === 0 && summary.lastSeq === 0) return null
  const count = summary.replyCount === 1 ? '1 reply' : `${summary.replyCount} replies`
  return (
    <button
      type="button"
      className="thread-summary"
      onClick={props.onOpen}
      aria-label={`${count}, open the thread`}
    >
      <span className="thread-summary-avatars" aria-hidden="true">
        {summary.lastRepliers.map((id) => (
          <span key={id}>{people.avatarOf(id, 20)}</span>
        ))}
      </span>
      <span className="thread-summary-count">{count}</span>
      {summary.lastReplyAt && (
        <time
          className="muted"
          dateTime={summary.lastReplyAt}
          title={fullTimeLabel(summary.lastReplyAt)}
        >
          Last reply {timeLabel(summary.lastReplyAt)}
        </time>
      )}
    </button>
  )
}
