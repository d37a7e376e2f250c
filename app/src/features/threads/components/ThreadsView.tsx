// The Threads view: the threads I follow in this workspace, those with unread replies first,
// each with its channel, its parent, its reply count and my unread count; opening one shows it
// beside its channel (where it is marked read). Loaded only when the view is opened.
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { EmptyState, ErrorState, Spinner } from '../../../ui/Notice.tsx'
import { useFollowedThreads } from '../data/threads.ts'
import type { FollowedThread } from '../data/threads.ts'
import { fullTimeLabel, timeLabel } from '../../../lib/date-formats.ts'
import { MessageBody } from '../../messages/index.ts'
import type { People } from '../../messages/index.ts'
import './threads-view.css'

export interface ThreadsViewProps {
  workspaceId: string
  people: Pick<People, 'me' | 'nameOf' | 'avatarOf' | 'resolveMention'>
}

export default function ThreadsView({ workspaceId, people }: ThreadsViewProps) {
  const threads = useFollowedThreads(workspaceId)
  return (
    <section className="threads-view" aria-label="Threads">
      <header className="threads-view-header">
        <h1>Threads</h1>
      </header>
      {threads.isPending ? (
        <Spinner label="Loading threads" />
      ) : threads.isError ? (
        <ErrorState
          title="The threads could not be loaded."
          detail={cleanError(threads.error)}
          onRetry={() => void threads.refetch()}
        />
      ) : threads.data.length === 0 ? (
        <EmptyState title="No threads yet">
          <p className="muted">Threads you reply in, start or are mentioned in show up here.</p>
        </EmptyState>
      ) : (
        <ul className="threads-list">
          {threads.data.map((t) => (
            <li key={t.id}>
              <ThreadEntry thread={t} workspaceId={workspaceId} people={people} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ThreadEntry(props: {
  thread: FollowedThread
  workspaceId: string
  people: ThreadsViewProps['people']
}) {
  const { thread: t, people } = props
  const unread = t.unreadCount > 0
  const replies = t.replyCount === 1 ? '1 reply' : `${t.replyCount} replies`
  return (
    <button
      type="button"
      className={`thread-entry${unread ? ' thread-entry-unread' : ''}`}
      aria-label={`Thread in #${t.channelName ?? 'direct message'}: ${replies}${unread ? `, ${t.unreadCount} unread` : ''}`}
      onClick={() => navigate(`/w/${props.workspaceId}/c/${t.channelId}/t/${t.id}`)}
    >
      <span className="thread-entry-channel">
        {t.channelKind === 'dm' ? 'Direct message' : `#${t.channelName ?? ''}`}
      </span>
      <span className="thread-entry-parent">
        {t.parent.authorId && <bdi>{people.nameOf(t.parent.authorId)}: </bdi>}
        {t.parent.deletedAt ? (
          <span className="muted">This message was deleted.</span>
        ) : (
          <MessageBody body={t.parent.body.slice(0, 300)} resolveMention={people.resolveMention} />
        )}
      </span>
      <span className="thread-entry-meta muted">
        {replies}
        {t.lastReplyAt && (
          <time dateTime={t.lastReplyAt} title={fullTimeLabel(t.lastReplyAt)}>
            {' '}
            · last reply {timeLabel(t.lastReplyAt)}
          </time>
        )}
      </span>
      {unread && (
        <span className="badge thread-entry-unread-count" aria-hidden="true">
          {t.unreadCount}
        </span>
      )}
    </button>
  )
}
