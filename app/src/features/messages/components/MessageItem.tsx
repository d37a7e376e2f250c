// One row of the message list: author, time, the body rendered from its markdown tree, files,
// reactions, the markers and actions of the features in the extension slot (../extension.ts),
// and the actions a person may take on it (../actions.ts, data: this shows them).
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, lazy, memo, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { AttachmentView } from '../../attachments/index.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import type { ChatMessage } from '../conversation/types.ts'
import { EmojiPickerDialog } from '../../emoji/index.ts'
import { actionsFor } from '../actions.ts'
import type { MessageExtension } from '../extension.ts'
import type { People } from '../people.ts'
import { Reactions } from './Reactions.tsx'
import { fullTimeLabel, timeLabel } from './rows.ts'
import { EditBox } from './EditBox.tsx'
import { copyPermalink, useCopiedFlag } from './CopyLinkButton.tsx'
import { MessageActions, useLongPress } from './MessageActions.tsx'
import './message-actions.css'
import { ThreadSummaryButton } from './ThreadSummary.tsx'
import { StatusEmoji } from '../../status/index.ts'

// "(edited)": the earlier versions, loaded on first open.
const EditHistory = lazy(() => import('./EditHistory.tsx'))

const NO_EXTENSIONS: readonly MessageExtension[] = []

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
  /** Moves my read position back to just before it (absent: not here). */
  onMarkUnread?: () => void
  /** The features' actions and markers (pins, saved, …): features/message-extensions.ts. */
  extensions?: readonly MessageExtension[]
  /** Opened by its link: highlighted. */
  focused?: boolean
}

export const MessageItem = memo(function MessageItem(props: MessageProps) {
  const { message, grouped, people, readOnly = false, extensions = NO_EXTENSIONS } = props
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
  const markers = extensions.flatMap((e) => e.markers?.(message) ?? [])
  const author = markers.find((m) => m.author)?.author ?? people.nameOf(message.authorId)
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
  const actions = actionsFor(message, {
    me: people.me,
    readOnly,
    canDelete: props.canDelete,
    copied,
    extensions,
    commands: {
      react: () => setPicking((v) => !v),
      openThread: props.onOpenThread,
      copyLink: () => copyPermalink(message.channelId, message.id, onCopied),
      showHistory: () => setHistoryOpen(true),
      markUnread: props.onMarkUnread,
      startEdit: props.onStartEdit,
      delete: confirmDelete,
    },
  })
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
        {markers.map((m) => (
          <p key={m.id} className={m.className}>
            <Icon name={m.icon} size={13} /> {m.label}
          </p>
        ))}
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
