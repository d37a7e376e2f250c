// One row of the message list: author, time, the body rendered from its markdown tree, files,
// reactions, the features' parts from the extension slot (slots/message.ts: markers, what they
// show above and below the text, their actions), and the actions a person may take on it
// (../actions.ts, data: this shows them; an action's key runs it on the focused row).
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { confirmDeleteMessage } from '../../../ui/layers.ts'
import { Fragment, Suspense, memo, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { AttachmentView } from '../../attachments/index.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import type { ChatMessage } from '../conversation/types.ts'
import { EmojiPickerDialog } from '../../emoji/index.ts'
import { actionsFor } from '../actions.ts'
import type { MessageExtension, RowContext, RowPlace } from '../../../slots/message.ts'
import type { People } from '../../../slots/message.ts'
import { Reactions } from './Reactions.tsx'
import { takeOver } from './focus-handover.ts'
import { fullTimeLabel, timeLabel } from '../../../lib/date-formats.ts'
import { useCopiedFlag } from './copy-link.ts'
import { MessageActions } from './MessageActions.tsx'
import { useLongPress } from './use-long-press.ts'
import './message-actions.css'
import { PersonParts } from '../../person-parts.tsx'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

// "(edited)": the earlier versions, loaded on first open.
const EditHistory = lazyRetrying(() => import('./EditHistory.tsx'), NotLoaded)
// Editing in place: loaded on the first edit (not part of the first screen).
const EditBox = lazyRetrying(() => import('./EditBox.tsx'), NotLoaded)

const NO_EXTENSIONS: readonly MessageExtension[] = []

/** A row's edits, deletion and reactions, for any message of the conversation. */
export interface MessageHandlers {
  startEdit: (id: string) => void
  endEdit: () => void
  /** Saves an edit: null when saved, else why not. */
  edit: (id: string, body: string) => Promise<string | null>
  remove: (id: string) => void
  toggleReaction: (id: string, emoji: string) => void
}

interface MessageProps {
  message: ChatMessage
  grouped: boolean
  people: People
  canDelete: boolean
  editing: boolean
  /** What the row does, by message id: one object for the whole list (useMessageHandlers), so
   * that a row renders again only when what it shows changes. */
  handlers: MessageHandlers
  /** An archived channel's message: readable (links, its thread), but nothing changes it. */
  readOnly?: boolean
  /** Where the row is: the channel's list (absent), or a thread beside it. */
  place?: RowPlace
  /** The features' parts (pins, saved, threads, unread, …): features/message-extensions.ts. */
  extensions?: readonly MessageExtension[]
  /** Opened by its link: highlighted. */
  focused?: boolean
}

export const MessageItem = memo(function MessageItem(props: MessageProps) {
  const { message, grouped, people, readOnly = false, extensions = NO_EXTENSIONS } = props
  const { handlers } = props
  const editing = props.editing && !readOnly
  const [picking, setPicking] = useState(false)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [historyOpen, setHistoryOpen] = useState(false)
  const [fullPicker, setFullPicker] = useState(false)
  const [copied, onCopied] = useCopiedFlag()
  const longPress = useLongPress(() => setSheetOpen(true))
  // The toolbar's buttons are made when the row is first pointed at or focused (before, only
  // its "More actions" button is there, hidden until then on a wide screen): a few fewer
  // elements a row, and less to render when a channel opens. Pointed at is any pointerover
  // inside it: a row that replaces the one under a still pointer (a message sent, once
  // confirmed) gets no synthetic pointerenter from React, whose enter/leave pairs the over
  // with the removed row, but the browser's pointerover does reach it.
  const [engaged, setEngaged] = useState(false)
  const engage = engaged ? undefined : () => setEngaged(true)
  const toggleReaction = (emoji: string) => handlers.toggleReaction(message.id, emoji)
  const startEdit = () => handlers.startEdit(message.id)
  const canDelete = props.canDelete && !readOnly
  const markers = extensions.flatMap((e) => e.markers?.(message) ?? [])
  const author = markers.find((m) => m.author)?.author ?? people.nameOf(message.authorId)
  const row: RowContext = { capabilities: { me: people.me, readOnly, place: props.place }, people }
  const parts = (where: 'aboveBody' | 'belowBody') =>
    extensions.map((e) => {
      const part = e[where]?.(message, row)
      return part ? <Fragment key={e.id}>{part}</Fragment> : null
    })
  if (message.deletedAt) {
    return (
      <article
        className="message message-deleted"
        aria-label={t`Deleted message from ${author}`}
        tabIndex={-1}
      >
        <div className="message-gutter" />
        <div className="message-main">
          <p className="muted">{t`This message was deleted.`}</p>
          {parts('belowBody')}
        </div>
      </article>
    )
  }
  const mentionsMe = message.body.includes(`<@${people.me}>`)
  const when = fullTimeLabel(message.createdAt)
  const edited = message.editedAt && fullTimeLabel(message.editedAt)
  const confirmDelete = () =>
    void confirmDeleteMessage().then((ok) => ok && handlers.remove(message.id))
  const actions = actionsFor(message, {
    ...row.capabilities,
    canDelete: props.canDelete,
    copied,
    extensions,
    commands: {
      react: () => setPicking((v) => !v),
      copyLink: () =>
        void import('./copy-permalink.ts').then((m) =>
          m.copyPermalink(message.channelId, message.id, onCopied)
        ),
      showHistory: () => setHistoryOpen(true),
      startEdit,
      delete: confirmDelete,
    },
  })
  return (
    <article
      ref={(row) => takeOver(message.id, row)}
      tabIndex={-1}
      className={`message${grouped ? ' message-grouped' : ''}${mentionsMe ? ' message-mentions-me' : ''}${props.focused ? ' message-focused' : ''}`}
      aria-label={t`${author}, ${when}`}
      aria-current={props.focused ? 'true' : undefined}
      data-seq={message.seq}
      data-message-id={message.id}
      {...longPress}
      onPointerOver={engage}
      onFocus={engage}
      onKeyDown={(e: KeyboardEvent) => {
        if (editing || e.target !== e.currentTarget) return
        const keyed = actions.find((a) => a.key === e.key)
        if (keyed) {
          e.preventDefault()
          keyed.run()
        } else if (e.key === 'e' && actions.some((a) => a.id === 'edit')) {
          e.preventDefault()
          startEdit()
        } else if ((e.key === 'Delete' || e.key === 'Backspace') && canDelete) {
          e.preventDefault()
          confirmDelete()
        }
      }}
    >
      <div className="message-gutter">
        {grouped ? (
          <time className="message-time-compact" dateTime={message.createdAt} title={when}>
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
            {message.authorId && <PersonParts place="status" userId={message.authorId} />}
            <time dateTime={message.createdAt} title={when}>
              {timeLabel(message.createdAt)}
            </time>
          </header>
        )}
        {parts('aboveBody')}
        {editing ? (
          <Suspense fallback={<p className="muted">{t`Opening the editor…`}</p>}>
            <EditBox
              initial={message.body}
              people={people}
              onSave={(body) => handlers.edit(message.id, body)}
              onDone={handlers.endEdit}
            />
          </Suspense>
        ) : (
          message.body && (
            <MessageBody
              body={message.body}
              resolveMention={people.resolveMention}
              editedTitle={edited && t`Edited ${edited}`}
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
        {parts('belowBody')}
        <Reactions
          reactions={message.reactions}
          me={people.me}
          nameOf={people.nameOf}
          onToggle={readOnly ? undefined : toggleReaction}
        />
      </div>
      {fullPicker && !readOnly && (
        <Suspense fallback={null}>
          <EmojiPickerDialog
            userId={people.me}
            onPick={(emoji) => {
              setFullPicker(false)
              toggleReaction(emoji)
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
          compact={!engaged && !picking && !sheetOpen}
          actions={actions.filter((a) => !a.keyOnly)}
          onReact={
            readOnly
              ? undefined
              : (emoji) => {
                  setPicking(false)
                  toggleReaction(emoji)
                }
          }
          picking={picking}
          sheetOpen={sheetOpen}
          onSheet={setSheetOpen}
          author={author}
          body={message.body}
          nameOf={people.nameOf}
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
