// The Later view: the messages I saved in this workspace as cards, in progress (due reminders
// first, marked) or done; each with its author's avatar and name, its channel and time, two
// lines of its text and its reminder as a chip, and its actions as icon buttons (open in its
// channel, change the reminder, mark done or back, remove). Loaded only when the view is opened.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { ErrorState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { useLaterItems } from '../data/saved.ts'
import { useSaveMutation } from '../data/save-mutation.ts'
import type { ViewProps } from '../../../slots/view.ts'
import { LaterCard } from './LaterCard.tsx'
import { ViewHeader } from '../../../ui/ViewHeader.tsx'
import './later.css'

export { default as Count } from './LaterCount.tsx'

export default function LaterView({ workspaceId, people, onShowChannels, parts }: ViewProps) {
  const [done, setDone] = useState(false)
  const items = useLaterItems(workspaceId, done)
  const mutation = useSaveMutation()
  const count = items.data?.length
  return (
    <section className="workspace-view later-view" aria-label={t`Later`}>
      <ViewHeader icon="bookmark" title={t`Later`} onShowChannels={onShowChannels} parts={parts}>
        <div className="segmented" role="group" aria-label={t`Show`}>
          <button type="button" aria-pressed={!done} onClick={() => setDone(false)}>
            {t`In progress`}
            {!done && count !== undefined && count > 0 && (
              <span className="segmented-count">{count}</span>
            )}
          </button>
          <button type="button" aria-pressed={done} onClick={() => setDone(true)}>
            {t`Done`}
          </button>
        </div>
      </ViewHeader>
      {mutation.isError && <Notice tone="error">{cleanError(mutation.error)}</Notice>}
      {items.isPending ? (
        <Spinner label={t`Loading saved messages`} />
      ) : items.isError ? (
        <ErrorState
          title={t`Your saved messages could not be loaded.`}
          detail={cleanError(items.error)}
          onRetry={() => void items.refetch()}
        />
      ) : items.data.length === 0 ? (
        <div className="empty-state view-empty">
          <span className="view-empty-icon" aria-hidden="true">
            <Icon name={done ? 'check' : 'bookmark'} size={28} />
          </span>
          <h3>{done ? t`Nothing done yet` : t`Nothing saved`}</h3>
          <p className="muted">
            {done
              ? t`Saved messages you mark done show up here.`
              : t`Save a message with the bookmark in its hover bar, and choose a reminder if you like.`}
          </p>
        </div>
      ) : (
        <ul className="later-list">
          {items.data.map((item) => (
            <li key={item.id}>
              <LaterCard
                item={item}
                workspaceId={workspaceId}
                people={people}
                busy={mutation.isPending && mutation.variables.messageId === item.messageId}
                onChange={(change) => mutation.mutate(change)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
