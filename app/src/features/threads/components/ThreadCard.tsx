// One followed thread in the Threads view: its channel, its parent, its latest replies (live:
// the thread's own LiveChannel, as the thread panel has), "N more replies" opening the thread
// beside its channel (a poll as its card, voted on here), and the thread panel's composer
// (ThreadReply.tsx) that sends through its path (useSend: the outbox, an id made here, retries
// that cannot double), files too. Replies I have not read are marked; replying marks the thread
// read.
import { plural, t } from '@lingui/core/macro'
import { Suspense, useEffect, useState } from 'react'
import { navigate } from '../../../lib/router.ts'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { recentLabel } from '../../../lib/recent-label.ts'
import { AttachmentView, useUploads } from '../../attachments/index.ts'
import type { AttachmentInfo } from '../../attachments/index.ts'
import { MessageBody, useLiveChannel, useMarkThreadRead, useSend } from '../../messages/index.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import type { ChatMessage, People } from '../../messages/index.ts'
import type { PollOrTextProps } from '../../polls/index.ts'
import type { RowContext } from '../../../slots/message.ts'
import type { FollowedThread } from '../data/threads.ts'
import { ThreadReply } from './ThreadReply.tsx'

/** How many of the latest replies a card shows. */
const LATEST = 3

// A poll's card in place of its text (features/polls: a chunk loaded with the first card shown).
const PollOrText = lazyRetrying<PollOrTextProps>(
  () => import('../../polls/index.ts').then((m) => ({ default: m.PollOrText })),
  ({ text }) => text
)

interface Props {
  thread: FollowedThread
  workspaceId: string
  people: People
}

export function ThreadCard({ thread, workspaceId, people }: Props) {
  const { live, snapshot } = useLiveChannel(thread.channelId, people.me, thread.id)
  const uploads = useUploads(workspaceId, thread.channelId)
  const [alsoToChannel, setAlsoToChannel] = useState(false)
  const { send, localUrls } = useSend(live, uploads.uploads, {
    alsoToChannel,
    onSent: () => setAlsoToChannel(false),
  })
  const replies = snapshot.messages
  const latest = replies.slice(-LATEST)
  const total = Math.max(thread.replyCount, replies.length)
  const more = total - latest.length
  const newest = snapshot.messages[snapshot.messages.length - 1]?.seq ?? 0
  const isNew = (m: ChatMessage) => m.seq > thread.lastReadSeq && m.authorId !== people.me
  const unread = snapshot.loaded ? snapshot.messages.filter(isNew).length : thread.unreadCount
  const open = () => navigate(`/w/${workspaceId}/c/${thread.channelId}/t/${thread.id}`)
  const channel = thread.channelKind === 'dm' ? t`Direct message` : `#${thread.channelName ?? ''}`
  const { mutate: markThreadRead } = useMarkThreadRead(thread.id)
  const row = { capabilities: { me: people.me, readOnly: false, place: 'thread' as const }, people }
  // My own reply confirmed: the thread is read up to it (it is mine to have seen).
  const mineNewest = snapshot.messages[snapshot.messages.length - 1]?.authorId === people.me
  useEffect(() => {
    if (mineNewest && newest > thread.lastReadSeq) markThreadRead(newest)
  }, [mineNewest, newest, thread.lastReadSeq, markThreadRead])
  return (
    <article
      className={`thread-card${unread > 0 ? ' thread-card-unread' : ''}`}
      aria-label={t`Thread in ${channel}`}
    >
      <header className="thread-card-head">
        <span className="thread-card-channel" dir="auto">
          {channel}
        </span>
        {unread > 0 && (
          <span className="thread-card-badge">
            {plural(unread, { one: '# new reply', other: '# new replies' })}
          </span>
        )}
        <button type="button" className="link-button thread-card-open" onClick={open}>
          {t`Open thread`}
        </button>
      </header>
      <Row
        authorId={thread.parent.authorId}
        body={thread.parent.deletedAt ? null : thread.parent.body}
        createdAt={thread.parent.createdAt}
        people={people}
        message={{ id: thread.id, channelId: thread.channelId, deletedAt: thread.parent.deletedAt }}
        row={row}
      />
      {latest.length + snapshot.pending.length > 0 && (
        <div className="thread-card-replies-block">
          {more > 0 && (
            <button type="button" className="thread-card-more" onClick={open}>
              {plural(more, { one: '# more reply', other: '# more replies' })}
            </button>
          )}
          <ul className="thread-card-replies" aria-label={t`Latest replies`}>
            {latest.map((m) => (
              <li key={m.id} className={isNew(m) ? 'thread-card-new' : undefined}>
                <Row
                  authorId={m.authorId}
                  body={m.deletedAt ? null : m.body}
                  createdAt={m.createdAt}
                  people={people}
                  avatar={24}
                  message={m}
                  row={row}
                  files={m.attachments}
                />
              </li>
            ))}
            {snapshot.pending.map((m) => (
              <li key={m.id} className="thread-card-pending">
                <Row
                  authorId={m.authorId}
                  body={m.body}
                  createdAt={m.createdAt}
                  people={people}
                  avatar={24}
                  note={m.state === 'failed' ? (m.error ?? t`Not sent`) : t`Sending…`}
                  files={m.attachments}
                  localUrls={localUrls}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <ThreadReply
        thread={thread}
        workspaceId={workspaceId}
        channel={channel}
        uploads={uploads}
        onSend={send}
        alsoToChannel={alsoToChannel}
        setAlsoToChannel={setAlsoToChannel}
      />
    </article>
  )
}

function Row(props: {
  authorId: string | null
  body: string | null
  createdAt: string
  people: People
  /** The avatar's size: the parent's 32, a reply's 24. */
  avatar?: number
  note?: string
  /** The message and its row, for a poll's card in place of its text. */
  message?: PollOrTextProps['message']
  row?: RowContext
  /** Its files, shown under its text; a reply on its way has their local previews. */
  files?: readonly AttachmentInfo[]
  localUrls?: Map<string, string>
}) {
  const { people } = props
  const text = props.body !== null && (
    <div className="thread-card-body" dir="auto">
      <MessageBody body={props.body} resolveMention={people.resolveMention} />
    </div>
  )
  return (
    <div className="thread-card-row">
      <span className="thread-card-avatar">
        {people.avatarOf(props.authorId, props.avatar ?? 32)}
      </span>
      <div className="thread-card-main">
        <p className="thread-card-meta">
          <bdi className="thread-card-author">{people.nameOf(props.authorId)}</bdi>
          {props.createdAt && (
            <time dateTime={props.createdAt} title={fullTimeLabel(props.createdAt)}>
              {recentLabel(props.createdAt)}
            </time>
          )}
          {props.note && <span className="thread-card-note">{props.note}</span>}
        </p>
        {props.body === null ? (
          <p className="muted thread-card-body">{t`This message was deleted.`}</p>
        ) : props.message && props.row ? (
          <Suspense fallback={text}>
            <PollOrText body={props.body} message={props.message} row={props.row} text={text} />
          </Suspense>
        ) : (
          text
        )}
        {props.files && props.files.length > 0 && (
          <div className="attachments thread-card-files">
            {props.files.map((a) => (
              <AttachmentView key={a.id} attachment={a} localUrl={props.localUrls?.get(a.id)} />
            ))}
          </div>
        )}
      </div>
    </div>
  )
}
