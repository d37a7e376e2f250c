// One row of the message list: author, time, the body rendered from its markdown tree, files,
// reactions, and the actions a person may take on it.
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, lazy, memo, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { AttachmentView } from '../../attachments/index.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import type { ResolveMention } from '../markdown/MessageBody.tsx'
import type { ChatMessage, PendingMessage } from '../conversation/types.ts'
import { EmojiPickerDialog } from '../../emoji/index.ts'
import { Reactions } from './Reactions.tsx'
import { fullTimeLabel, timeLabel } from './rows.ts'
import { EditBox } from './EditBox.tsx'
import { copyPermalink, useCopiedFlag } from './CopyLinkButton.tsx'
import { MessageActions, useLongPress } from './MessageActions.tsx'
import type { MessageAction } from './MessageActions.tsx'
import './message-actions.css'
import { ThreadSummaryButton } from './ThreadSummary.tsx'
import { StatusEmoji } from '../../status/index.ts'

// "(edited)": the earlier versions, loaded on first open.
const EditHistory = lazy(() => import('./EditHistory.tsx'))

export interface People {
  me: string
  nameOf: (userId: string) => string
  avatarOf: (userId: string, size: number) => React.ReactNode
  resolveMention: ResolveMention
}

interface MessageProps {
  message: ChatMessage
  grouped: boolean
  people: People
  canDelete: boolean
  editing: boolean
  onStartEdit: () => void
  onEndEdit: () => void
  onEdit: (body: string) => Promise<string | null>
  onDelete: () => void
  onToggleReaction: (emoji: string) => void
  /** Opens the message's thread (absent: no threads here, e.g. inside a thread). */
  onOpenThread?: () => void
  /** An archived channel's message: readable (links, its thread), but nothing changes it. */
  readOnly?: boolean
  /** Pinned in its channel (shown above its text). */
  pinned?: boolean
  /** Pins or unpins it (absent: not here, or not for me to unpin). */
  onTogglePin?: () => void
  /** Moves my read position back to just before it (absent: not here). */
  onMarkUnread?: () => void
  /** Saved for later by me (shown above its text). */
  saved?: boolean
  /** Opens "Save for later" for it (absent: not here). */
  onSave?: () => void
  /** Opened by its link: highlighted. */
  focused?: boolean
}

export const MessageItem = memo(function MessageItem(props: MessageProps) {
  const { message, grouped, people, readOnly = false } = props
  const editing = props.editing && !readOnly
  const [picking, setPicking] = useState(false)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [historyOpen, setHistoryOpen] = useState(false)
  const [fullPicker, setFullPicker] = useState(false)
  const [copied, onCopied] = useCopiedFlag()
  const longPress = useLongPress(() => setSheetOpen(true))
  const mine = message.authorId === people.me
  const canEdit = mine && !readOnly
  const canDelete = props.canDelete && !readOnly
  const author = people.nameOf(message.authorId)
  if (message.deletedAt) {
    return (
      <article
        className="message message-deleted"
        aria-label={`Deleted message from ${author}`}
        tabIndex={-1}
      >
        <div className="message-gutter" />
        <div className="message-main">
          <p className="muted">This message was deleted.</p>
          {message.thread && props.onOpenThread && (
            <ThreadSummaryButton
              summary={message.thread}
              people={people}
              onOpen={props.onOpenThread}
            />
          )}
        </div>
      </article>
    )
  }
  const mentionsMe = message.body.includes(`<@${people.me}>`)
  const confirmDelete = () => {
    if (window.confirm('Delete this message?')) props.onDelete()
  }
  const actions: MessageAction[] = []
  if (!readOnly) {
    actions.push({
      id: 'react',
      label: 'Add reaction',
      icon: 'smile-plus',
      inToolbar: true,
      run: () => setPicking((v) => !v),
    })
  }
  if (props.onOpenThread && !readOnly) {
    const open = props.onOpenThread
    actions.push({
      id: 'reply',
      label: 'Reply in thread',
      title: 'Reply in thread (t)',
      icon: 'message-square-reply',
      inToolbar: true,
      run: open,
    })
  }
  actions.push({
    id: 'copy-link',
    label: copied ? 'Link copied' : 'Copy link',
    icon: 'link-2',
    inToolbar: true,
    run: () => copyPermalink(message.channelId, message.id, onCopied),
  })
  if (props.onTogglePin && !readOnly) {
    actions.push({
      id: 'pin',
      label: props.pinned ? 'Unpin from channel' : 'Pin to channel',
      icon: props.pinned ? 'pin-off' : 'pin',
      run: props.onTogglePin,
    })
  }
  if (props.onSave) {
    actions.push({
      id: 'save',
      label: props.saved ? 'Saved for later…' : 'Save for later',
      icon: 'bookmark',
      run: props.onSave,
    })
  }
  if (message.editedAt) {
    actions.push({
      id: 'history',
      label: 'Edit history',
      icon: 'history',
      run: () => setHistoryOpen(true),
    })
  }
  if (props.onMarkUnread) {
    actions.push({
      id: 'mark-unread',
      label: 'Mark unread',
      icon: 'circle-dot',
      run: props.onMarkUnread,
    })
  }
  if (canEdit) {
    actions.push({
      id: 'edit',
      label: 'Edit message',
      title: 'Edit message (e)',
      icon: 'pencil',
      inToolbar: true,
      run: props.onStartEdit,
    })
  }
  if (canDelete) {
    actions.push({
      id: 'delete',
      label: 'Delete message',
      icon: 'trash-2',
      inToolbar: true,
      danger: true,
      run: confirmDelete,
    })
  }
  return (
    <article
      tabIndex={-1}
      className={`message${grouped ? ' message-grouped' : ''}${mentionsMe ? ' message-mentions-me' : ''}${props.focused ? ' message-focused' : ''}`}
      aria-label={`${author}, ${fullTimeLabel(message.createdAt)}`}
      aria-current={props.focused ? 'true' : undefined}
      data-seq={message.seq}
      data-message-id={message.id}
      {...longPress}
      onKeyDown={(e: KeyboardEvent) => {
        if (editing || e.target !== e.currentTarget) return
        if (e.key === 't' && props.onOpenThread) {
          e.preventDefault()
          props.onOpenThread()
        } else if (e.key === 'e' && canEdit) {
          e.preventDefault()
          props.onStartEdit()
        } else if ((e.key === 'Delete' || e.key === 'Backspace') && canDelete) {
          e.preventDefault()
          confirmDelete()
        }
      }}
    >
      <div className="message-gutter">
        {grouped ? (
          <time
            className="message-time-compact"
            dateTime={message.createdAt}
            title={fullTimeLabel(message.createdAt)}
          >
            {timeLabel(message.createdAt)}
          </time>
        ) : (
          people.avatarOf(message.authorId, 36)
        )}
      </div>
      <div className="message-main">
        {props.pinned && (
          <p className="pin-marker">
            <Icon name="pin" size={13} /> Pinned
          </p>
        )}
        {props.saved && (
          <p className="saved-marker">
            <Icon name="bookmark" size={13} /> Saved for later
          </p>
        )}
        {!grouped && (
          <header className="message-header">
            <bdi className="message-author">{author}</bdi>
            <StatusEmoji userId={message.authorId} />
            <time dateTime={message.createdAt} title={fullTimeLabel(message.createdAt)}>
              {timeLabel(message.createdAt)}
            </time>
          </header>
        )}
        {message.parentId && props.onOpenThread && (
          <button type="button" className="link-button thread-origin" onClick={props.onOpenThread}>
            replied in a thread
          </button>
        )}
        {editing ? (
          <EditBox
            initial={message.body}
            people={people}
            onSave={props.onEdit}
            onDone={props.onEndEdit}
          />
        ) : (
          message.body && (
            <MessageBody
              body={message.body}
              resolveMention={people.resolveMention}
              editedTitle={message.editedAt && `Edited ${fullTimeLabel(message.editedAt)}`}
              onShowEdits={() => setHistoryOpen(true)}
            />
          )
        )}
        {message.attachments.length > 0 && (
          <div className="attachments">
            {message.attachments.map((a) => (
              <AttachmentView key={a.id} attachment={a} />
            ))}
          </div>
        )}
        {message.thread && props.onOpenThread && (
          <ThreadSummaryButton
            summary={message.thread}
            people={people}
            onOpen={props.onOpenThread}
          />
        )}
        <Reactions
          reactions={message.reactions}
          me={people.me}
          nameOf={people.nameOf}
          onToggle={readOnly ? undefined : props.onToggleReaction}
        />
      </div>
      {fullPicker && !readOnly && (
        <Suspense fallback={null}>
          <EmojiPickerDialog
            userId={people.me}
            onPick={(emoji) => {
              setFullPicker(false)
              props.onToggleReaction(emoji)
            }}
            onClose={() => setFullPicker(false)}
          />
        </Suspense>
      )}
      {historyOpen && (
        <Suspense fallback={null}>
          <EditHistory
            message={message}
            author={author}
            resolveMention={people.resolveMention}
            onClose={() => setHistoryOpen(false)}
          />
        </Suspense>
      )}
      {!editing && (
        <MessageActions
          actions={actions}
          onReact={
            readOnly
              ? undefined
              : (emoji) => {
                  setPicking(false)
                  props.onToggleReaction(emoji)
                }
          }
          picking={picking}
          sheetOpen={sheetOpen}
          onSheet={setSheetOpen}
          summary={`${author}: ${message.body.slice(0, 80)}`}
          onMoreEmoji={
            readOnly
              ? undefined
              : () => {
                  setPicking(false)
                  setFullPicker(true)
                }
          }
        />
      )}
    </article>
  )
})

interface PendingProps {
  pending: PendingMessage
  grouped: boolean
  people: People
  localUrls: ReadonlyMap<string, string>
  onRetry: () => void
  onDiscard: () => void
}

/** A message the server has not confirmed yet: sending, waiting for the network, or failed. */
export function PendingItem({
  pending,
  grouped,
  people,
  localUrls,
  onRetry,
  onDiscard,
}: PendingProps) {
  const label =
    pending.state === 'failed'
      ? 'Not sent'
      : pending.state === 'sending'
        ? 'Sending…'
        : navigator.onLine
          ? 'Waiting to send…'
          : 'Offline: will send when you reconnect'
  return (
    <article
      tabIndex={-1}
      className={`message message-pending message-${pending.state}${grouped ? ' message-grouped' : ''}`}
      aria-label={`Your message, ${label}`}
      data-pending-id={pending.id}
    >
      <div className="message-gutter">{grouped ? null : people.avatarOf(people.me, 36)}</div>
      <div className="message-main">
        {!grouped && (
          <header className="message-header">
            <bdi className="message-author">{people.nameOf(people.me)}</bdi>
          </header>
        )}
        {pending.body && <MessageBody body={pending.body} resolveMention={people.resolveMention} />}
        {pending.attachments.length > 0 && (
          <div className="attachments">
            {pending.attachments.map((a) => (
              <AttachmentView key={a.id} attachment={a} localUrl={localUrls.get(a.id) ?? null} />
            ))}
          </div>
        )}
        <div className="pending-status" role={pending.state === 'failed' ? 'alert' : 'status'}>
          <span>{label}</span>
          {pending.state === 'failed' && (
            <>
              {pending.error && <span className="pending-error"> {pending.error}</span>}
              <button type="button" className="link-button" onClick={onRetry}>
                Retry
              </button>
              <button type="button" className="link-button" onClick={onDiscard}>
                Discard
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  )
}
