// The Later view: the messages I saved in this workspace, in progress (due reminders first,
// marked) or done; each with its channel, author, text and reminder, opened in its channel,
// marked done or back, or removed. Loaded only when the view is opened.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { bodyAsText } from '../../../lib/message-tokens.ts'
import { EmptyState, ErrorState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { Link } from '../../../ui/Link.tsx'
import { useLaterItems, useSaveMutation } from '../data/saved.ts'
import type { LaterItem } from '../data/saved.ts'
import { reminderLabel } from '../data/reminders.ts'
import type { ViewProps } from '../../../slots/view.ts'
import './saved.css'

export default function LaterView({ workspaceId, people }: ViewProps) {
  const { nameOf } = people
  const [done, setDone] = useState(false)
  const items = useLaterItems(workspaceId, done)
  const mutation = useSaveMutation()
  return (
    <section className="threads-view later-view" aria-label={t`Later`}>
      <header className="threads-view-header later-header">
        <h1>{t`Later`}</h1>
        <div className="later-tabs" role="group" aria-label={t`Show`}>
          <button
            type="button"
            className="button button-small button-secondary"
            aria-pressed={!done}
            onClick={() => setDone(false)}
          >
            {t`In progress`}
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            aria-pressed={done}
            onClick={() => setDone(true)}
          >
            {t`Done`}
          </button>
        </div>
      </header>
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
        <EmptyState title={done ? t`Nothing done yet` : t`Nothing saved`}>
          <p className="muted">
            {done
              ? t`Saved messages you mark done show up here.`
              : t`Save a message for later from its actions, with a reminder if you like.`}
          </p>
        </EmptyState>
      ) : (
        <ul className="threads-list">
          {items.data.map((item) => (
            <li key={item.id}>
              <LaterEntry
                item={item}
                workspaceId={workspaceId}
                nameOf={nameOf}
                onDone={(d) =>
                  mutation.mutate({ kind: 'done', messageId: item.messageId, done: d })
                }
                onRemove={() => mutation.mutate({ kind: 'remove', messageId: item.messageId })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function LaterEntry(props: {
  item: LaterItem
  workspaceId: string
  nameOf: (userId: string) => string
  onDone: (done: boolean) => void
  onRemove: () => void
}) {
  const { item, nameOf } = props
  const channel = item.channelKind === 'dm' ? t`Direct message` : `#${item.channelName ?? ''}`
  const author = nameOf(item.message.authorId)
  const when = item.remindAt ? reminderLabel(item.remindAt, new Date()) : ''
  return (
    <article
      className={`later-entry${item.due ? ' later-due' : ''}`}
      aria-label={t`Saved message from ${author}`}
    >
      <p className="later-meta">
        <span className="thread-entry-channel">{channel}</span>{' '}
        <bdi className="message-author">{author}</bdi>
        {item.due && <span className="later-due-badge">{t`Due`}</span>}
        {item.remindAt && !item.doneAt && (
          <span className="muted"> {item.due ? t`since ${when}` : t`Reminder ${when}`}</span>
        )}
      </p>
      <p className="later-body" dir="auto">
        {bodyAsText(item.message.body, nameOf)}
      </p>
      <div className="later-actions">
        <Link href={`/w/${props.workspaceId}/c/${item.channelId}/m/${item.messageId}`}>
          {t`Open in channel`}
        </Link>
        <button type="button" className="link-button" onClick={() => props.onDone(!item.doneAt)}>
          {item.doneAt ? t`Mark not done` : t`Mark done`}
        </button>
        <button type="button" className="link-button" onClick={props.onRemove}>
          {t`Remove`}
        </button>
      </div>
    </article>
  )
}
