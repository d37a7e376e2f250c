// A channel in the address that is not one of mine: a public channel of the workspace opens as a
// preview, as Slack's does (its latest messages, or those around the message linked, read-only)
// with a bar to join it; anything else (a private channel, a DM, one that is gone, or any
// channel for a guest) says it is not available. Joining puts the channel in my list, and the
// main pane then shows it as every channel of mine. A chunk of its own (MainPane).
import { plural, t } from '@lingui/core/macro'
import { Fragment, useLayoutEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { fullTimeLabel, timeLabel } from '../../../lib/date-formats.ts'
import { cleanError, isNetworkError } from '../../../lib/clean-error.ts'
import { formatSize } from '../../../lib/sizes.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { EmptyState, ErrorState, Spinner } from '../../../ui/Notice.tsx'
import type { People } from '../../../slots/message.ts'
import { Emoji } from '../../emoji/index.ts'
import { dayLabel, MessageBody } from '../../messages/index.ts'
import { useChannelMutations } from '../data/channel-mutations.ts'
import { usePeek } from '../data/peek.ts'
import type { PeekMessage } from '../data/peek.ts'
import './peek.css'

export interface ChannelPeekProps {
  workspaceId: string
  channelId: string
  /** The message linked (/m/<id>): the preview opens around it. */
  messageId: string | null
  isGuest: boolean
  people: People
  /** Opens a workspace dialog by its id (slots/workspace.ts): here 'browse'. */
  onDialog: (dialog: string) => void
  onShowChannels: () => void
  parts: ReactNode
}

export default function ChannelPeek(props: ChannelPeekProps) {
  const { workspaceId, channelId, messageId, people } = props
  const peek = usePeek(channelId, messageId, !props.isGuest)
  const { join } = useChannelMutations(workspaceId)
  const scroller = useRef<HTMLDivElement>(null)
  // As a channel opens: at its newest message, or at the one linked.
  useLayoutEffect(() => {
    const list = scroller.current
    const at = list?.querySelector('[aria-current="true"]')
    if (at) at.scrollIntoView({ block: 'center' })
    else if (list) list.scrollTop = list.scrollHeight
  }, [peek.data])
  if (props.isGuest || (peek.error && !isNetworkError(peek.error))) {
    return (
      <EmptyState title={t`Channel not available`}>
        <p className="muted">
          {t`It does not exist, or you are not a member.`}{' '}
          {!props.isGuest && t`Browse channels to join one.`}
        </p>
        {!props.isGuest && (
          <button type="button" className="button" onClick={() => props.onDialog('browse')}>
            {t`Browse channels`}
          </button>
        )}
      </EmptyState>
    )
  }
  if (peek.error)
    return <ErrorState detail={cleanError(peek.error)} onRetry={() => void peek.refetch()} />
  if (!peek.data)
    return (
      <div className="list-center">
        <Spinner label={t`Opening the channel`} />
      </div>
    )
  const { channel, messages, found } = peek.data
  const name = `#${channel.name}`
  return (
    <section className="channel-view channel-peek" aria-label={t`Preview of ${name}`}>
      <header className="channel-header">
        <button
          type="button"
          className="icon-button only-narrow"
          aria-label={t`Show channels`}
          onClick={props.onShowChannels}
        >
          <Icon name="menu" size={18} />
        </button>
        <div className="channel-title">
          <h2>
            <span aria-hidden="true">#</span>
            <bdi title={channel.name}>{channel.name}</bdi>
            {channel.archivedAt && <span className="muted"> {t`(archived)`}</span>}
          </h2>
          <p className="peek-members muted">
            <Icon name="users" size={14} />
            {plural(channel.memberCount, { one: '# member', other: '# members' })}
          </p>
          {channel.topic && (
            <p className="channel-topic" dir="auto" title={channel.topic}>
              {channel.topic}
            </p>
          )}
        </div>
        <div className="channel-actions">{props.parts}</div>
      </header>
      <div
        className="peek-scroller"
        tabIndex={0}
        aria-label={t`Messages in ${name}`}
        ref={scroller}
      >
        {!found && <p className="peek-note muted">{t`The message linked is no longer there.`}</p>}
        {messages.length === 0 ? (
          <EmptyState title={t`No messages yet`}>
            <p className="muted">{t`Join ${name} to start the conversation.`}</p>
          </EmptyState>
        ) : (
          <ol className="peek-list">
            {messages.map((m, i) => {
              const before = messages[i - 1]
              const newDay = !before || dayOf(m) !== dayOf(before)
              return (
                <Fragment key={m.id}>
                  {newDay && (
                    <li className="day-divider">
                      <span>{dayLabel(new Date(m.createdAt), new Date())}</span>
                    </li>
                  )}
                  <PeekRow
                    message={m}
                    people={people}
                    focused={m.id === messageId}
                    grouped={!newDay && !!before && groups(before, m)}
                  />
                </Fragment>
              )
            })}
          </ol>
        )}
      </div>
      <footer className="peek-bar" role="region" aria-label={t`Join ${name}`}>
        {channel.archivedAt ? (
          <p>{t`${name} is archived: you can read it, but no one can post in it.`}</p>
        ) : (
          <>
            <p>
              {t`You are viewing ${name}.`}{' '}
              <span className="muted">{t`Join it to post, reply and get its notifications.`}</span>
            </p>
            <button
              type="button"
              className="button button-primary"
              disabled={join.isPending}
              onClick={() => join.mutate(channel.id)}
            >
              {join.isPending ? t`Joining…` : t`Join channel`}
            </button>
          </>
        )}
        {join.error && <p className="field-error">{cleanError(join.error)}</p>}
      </footer>
    </section>
  )
}

/** The day a message was written, as a key (local time). */
function dayOf(m: PeekMessage): string {
  return new Date(m.createdAt).toDateString()
}

/** Whether a message goes under the one before's header, as in the channel: the same author
 *  (or app) again within five minutes. */
function groups(before: PeekMessage, m: PeekMessage): boolean {
  const author = (x: PeekMessage) => x.authorId ?? (x.appName ? `app:${x.appName}` : null)
  return (
    author(m) !== null &&
    author(m) === author(before) &&
    Date.parse(m.createdAt) - Date.parse(before.createdAt) < 5 * 60_000
  )
}

function PeekRow({
  message,
  people,
  focused,
  grouped,
}: {
  message: PeekMessage
  people: People
  focused: boolean
  grouped: boolean
}) {
  const author = message.appName ?? people.nameOf(message.authorId)
  const edited = message.editedAt && fullTimeLabel(message.editedAt)
  return (
    <li>
      <article
        className={`message${grouped ? ' message-grouped' : ''}${focused ? ' message-focused' : ''}`}
        aria-label={`${author}, ${fullTimeLabel(message.createdAt)}`}
        aria-current={focused || undefined}
      >
        <div className="message-gutter">
          {grouped ? (
            <time className="message-time-compact" dateTime={message.createdAt}>
              {timeLabel(message.createdAt)}
            </time>
          ) : (
            people.avatarOf(message.authorId, 36)
          )}
        </div>
        <div className="message-main">
          {!grouped && (
            <header className="message-header">
              <bdi className="message-author">{author}</bdi>
              <time dateTime={message.createdAt} title={fullTimeLabel(message.createdAt)}>
                {timeLabel(message.createdAt)}
              </time>
            </header>
          )}
          <MessageBody
            body={message.body}
            resolveMention={people.resolveMention}
            editedTitle={edited && t`Edited ${edited}`}
          />
          {message.files.length > 0 && (
            <ul className="peek-files" aria-label={t`Files`}>
              {message.files.map((f, i) => (
                <li key={i} className="peek-file">
                  <Icon name="paperclip" size={14} />
                  <span className="peek-file-name" dir="auto" title={f.name}>
                    {f.name}
                  </span>
                  <span className="peek-file-size muted">{formatSize(f.size)}</span>
                </li>
              ))}
            </ul>
          )}
          {(message.reactions.length > 0 || message.replyCount > 0) && (
            <p className="peek-extras">
              {message.reactions.map((r) => (
                <span key={r.emoji} className="reaction">
                  <Emoji emoji={r.emoji} />
                  <span className="reaction-count">{r.count}</span>
                </span>
              ))}
              {message.replyCount > 0 && (
                <span className="peek-replies">
                  {plural(message.replyCount, { one: '# reply', other: '# replies' })}
                </span>
              )}
            </p>
          )}
        </div>
      </article>
    </li>
  )
}
