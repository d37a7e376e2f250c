// The Threads view: the threads I follow in this workspace, those with unread replies first,
// each as a card (ThreadCard.tsx): its channel, its parent, its latest replies live, and a reply
// box in place. Ten cards at first, more on request (each card is a live conversation). Loaded
// only when the view is opened.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { ErrorState, Spinner } from '../../../ui/Notice.tsx'
import { useFollowedThreads } from '../data/threads.ts'
import type { ViewProps } from '../../../slots/view.ts'
import { ViewHeader } from '../../../ui/ViewHeader.tsx'
import { ThreadCard } from './ThreadCard.tsx'
import './threads-view.css'

export { default as Count } from './ThreadsCount.tsx'

export type ThreadsViewProps = ViewProps

const PAGE = 10

export default function ThreadsView({
  workspaceId,
  people,
  onShowChannels,
  parts,
}: ThreadsViewProps) {
  const threads = useFollowedThreads(workspaceId)
  const [shown, setShown] = useState(PAGE)
  return (
    <section className="workspace-view threads-view" aria-label={t`Threads`}>
      <ViewHeader
        icon="messages-square"
        title={t`Threads`}
        onShowChannels={onShowChannels}
        parts={parts}
      />
      {threads.isPending ? (
        <Spinner label={t`Loading threads`} />
      ) : threads.isError ? (
        <ErrorState
          title={t`The threads could not be loaded.`}
          detail={cleanError(threads.error)}
          onRetry={() => void threads.refetch()}
        />
      ) : threads.data.length === 0 ? (
        <div className="empty-state view-empty">
          <span className="view-empty-icon" aria-hidden="true">
            <Icon name="messages-square" size={28} />
          </span>
          <h3>{t`No threads yet`}</h3>
          <p className="muted">
            {t`Threads you start, reply in or are mentioned in show up here, with their latest replies. Reply to a message with the arrow in its hover bar.`}
          </p>
        </div>
      ) : (
        <>
          <ul className="thread-cards">
            {threads.data.slice(0, shown).map((thread) => (
              <li key={thread.id}>
                <ThreadCard thread={thread} workspaceId={workspaceId} people={people} />
              </li>
            ))}
          </ul>
          {threads.data.length > shown && (
            <button
              type="button"
              className="button button-secondary thread-cards-more"
              onClick={() => setShown((n) => n + PAGE)}
            >
              {t`Show more threads`}
            </button>
          )}
        </>
      )}
    </section>
  )
}
