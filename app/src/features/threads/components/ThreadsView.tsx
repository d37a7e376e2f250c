// The Threads view: the threads I follow in this workspace, those with unread replies first,
// each with its channel, its parent, its reply count and my unread count; opening one shows it
// beside its channel (where it is marked read). Loaded only when the view is opened.
import { plural, t } from '@lingui/core/macro'
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
    <section className="threads-view" aria-label={t`Threads`}>
      <header className="threads-view-header">
        <h1>{t`Threads`}</h1>
      </header>
      {threads.isPending ? (
        <Spinner label={t`Loading threads`} />
      ) : threads.isError ? (
        <ErrorState
          title={t`The threads could not be loaded.`}
          detail={cleanError(threads.error)}
          onRetry={() => void threads.refetch()}
        />
      ) : threads.data.length === 0 ? (
        <EmptyState title={t`No threads yet`}>
          <p className="muted">{t`Threads you reply in, start or are mentioned in show up here.`}</p>
        </EmptyState>
      ) : (
        <ul className="threads-list">
          {threads.data.map((thread) => (
            <li key={thread.id}>
              <ThreadEntry thread={thread} workspaceId={workspaceId} people={people} />
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
  const { thread, people } = props
  const unread = thread.unreadCount > 0
  const { replyCount, unreadCount } = thread
  const replies = plural(replyCount, { one: '# reply', other: '# replies' })
  const channel = thread.channelName
  const where =
    thread.channelKind !== 'dm' && channel
      ? t`Thread in #${channel}`
      : t`Thread in a direct message`
  const unreadText = plural(unreadCount, { one: '# unread', other: '# unread' })
  const label = unread ? t`${where}: ${replies}, ${unreadText}` : t`${where}: ${replies}`
  const lastReply = thread.lastReplyAt ? timeLabel(thread.lastReplyAt) : ''
  return (
    <button
      type="button"
      className={`thread-entry${unread ? ' thread-entry-unread' : ''}`}
      aria-label={label}
      onClick={() => navigate(`/w/${props.workspaceId}/c/${thread.channelId}/t/${thread.id}`)}
    >
      <span className="thread-entry-channel">
        {thread.channelKind === 'dm' ? t`Direct message` : `#${channel ?? ''}`}
      </span>
      <span className="thread-entry-parent">
        {thread.parent.authorId && <bdi>{people.nameOf(thread.parent.authorId)}: </bdi>}
        {thread.parent.deletedAt ? (
          <span className="muted">{t`This message was deleted.`}</span>
        ) : (
          <MessageBody
            body={thread.parent.body.slice(0, 300)}
            resolveMention={people.resolveMention}
          />
        )}
      </span>
      <span className="thread-entry-meta muted">
        {replies}
        {thread.lastReplyAt && (
          <time dateTime={thread.lastReplyAt} title={fullTimeLabel(thread.lastReplyAt)}>
            {' '}
            · {t`last reply ${lastReply}`}
          </time>
        )}
      </span>
      {unread && (
        <span className="badge thread-entry-unread-count" aria-hidden="true">
          {thread.unreadCount}
        </span>
      )}
    </button>
  )
}
