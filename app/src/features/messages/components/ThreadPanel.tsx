// A thread beside its channel (full screen at phone width): the parent, the replies as a live
// conversation (the channel's LiveChannel over the thread's numbering: catch-up after any
// reconnect, the outbox, retries that cannot double), a composer with "Also send to #channel",
// follow/unfollow, and the thread marked read while it is open and visible. The parent and each
// reply have the core's actions (react, edit, delete, copy link) and the features' of the
// extension slot: the channel's (pin, in the channel's pins; save for later), the parent those
// of the channel's conversation, the replies those of the thread's (the "New replies" line, and
// mark unread moving my place in the thread; on the parent, my place in the channel). A linked
// reply is highlighted and scrolled to.
// In an archived channel it is read-only: the parent and the replies, the composer's place
// saying why, no row actions but the link and saving; Follow stays, since it is personal
// (unfollowing takes the thread out of the Threads view). Loaded only when a thread is opened
// (ChannelView's React.lazy).
import { plural, t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useConversationExtensions } from '../../message-extensions.ts'
import { useUploads } from '../../attachments/index.ts'
import { EmptyState } from '../../../ui/Notice.tsx'
import type { LiveChannel } from '../conversation/live-channel.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { useReadWhileVisible } from './use-read-while-visible.ts'
import {
  useFollowThread,
  useMarkThreadRead,
  useMyThreadState,
  useThreadParent,
} from '../data/thread-state.ts'
import { useLiveChannel } from '../data/use-live-channel.ts'
import type { Mentionable } from '../mentions.ts'
import { Composer } from './Composer.tsx'
import { MessageItem } from './MessageItem.tsx'
import type { People } from '../../../slots/message.ts'
import { MessageList } from './MessageList.tsx'
import { useMessageHandlers, useRowRenderer } from './use-row-renderer.tsx'
import { dividersOf } from './rows.ts'
import { useSend } from './use-send.ts'
import { useAnnouncement } from './use-announcement.ts'
import type { MessageExtension } from '../../../slots/message.ts'
import './thread-panel.css'

export interface ThreadPanelProps {
  workspaceId: string
  channelId: string
  channelName: string
  threadId: string
  /** The parent as the channel holds it (live), if it does. */
  parent: ChatMessage | null
  people: People
  isAdmin: boolean
  members: Mentionable[]
  workspacePeople: Mentionable[]
  /** Set when replies can no longer be sent (an archived channel). */
  disabledReason: string | null
  onClose: () => void
  /** The channel's LiveChannel: the parent's edit, delete and reactions go through it. */
  channelLive: LiveChannel | null
  /** The channel's features (pins, saved, …): a reply pinned is in the channel's pins. */
  extensions?: readonly MessageExtension[]
  /** The parent's: those of the channel's conversation too (mark unread moves the channel's). */
  parentExtensions?: readonly MessageExtension[]
  /** A reply opened by its link: highlighted and scrolled to once it is loaded. */
  focusReplyId?: string | null
}

export default function ThreadPanel(props: ThreadPanelProps) {
  const { workspaceId, channelId, threadId, people, onClose } = props
  const me = people.me
  const { live, snapshot } = useLiveChannel(channelId, me, threadId)
  const uploads = useUploads(workspaceId, channelId)
  const fetchedParent = useThreadParent(threadId, props.parent === null)
  const parent = props.parent ?? fetchedParent.data ?? null
  const mine = useMyThreadState(threadId)
  const follow = useFollowThread(threadId)
  const [alsoChecked, setAlsoToChannel] = useState(false)
  // Where I may reply but not post (an announcement channel), no reply goes to the channel too:
  // the composer's gate says so.
  const [alsoAllowed, setAlsoAllowed] = useState(true)
  const alsoToChannel = alsoChecked && alsoAllowed
  const [atBottom, setAtBottom] = useState(true)
  const composerRef = useRef<HTMLTextAreaElement | null>(null)

  // Where I had read up to in the thread, and its newest reply, once both are in.
  const newest = snapshot.messages[snapshot.messages.length - 1]?.seq ?? 0
  const lastReadSeq = snapshot.loaded ? mine.data?.lastReadSeq : undefined
  const readPosition = useMemo(
    () => (lastReadSeq === undefined ? undefined : { lastReadSeq, newestSeq: newest }),
    [lastReadSeq, newest]
  )

  const { mutateAsync: markThreadRead } = useMarkThreadRead(threadId)
  const settleRead = useReadWhileVisible(newest, atBottom && snapshot.loaded, markThreadRead)
  // The thread's own features (its "new" line, mark unread in the thread), after the channel's.
  const own = useConversationExtensions({ channelId, threadId, readPosition, settleRead })
  const shared = props.extensions
  const rowExtensions = useMemo(() => [...(shared ?? []), ...own], [shared, own])
  const dividers = useMemo(() => dividersOf(rowExtensions), [rowExtensions])

  useEffect(() => {
    composerRef.current?.focus()
  }, [threadId])
  // Closed from inside (its button, Escape), the focus goes to the channel's message box rather
  // than with the panel: a keyboard's user is left where the thread was opened from.
  const close = () => {
    onClose()
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('.channel-view .composer textarea')?.focus()
    )
  }

  const { send, scrollSignal, localUrls } = useSend(live, uploads.uploads, { alsoToChannel })

  const readOnly = props.disabledReason !== null
  const { renderRow, editing, editLast } = useRowRenderer({
    live,
    messages: snapshot.messages,
    people,
    isAdmin: props.isAdmin,
    place: 'thread',
    composerRef,
    localUrls,
    // An archived channel's thread reads as it was: no composer, and the rows unchangeable.
    readOnly,
    extensions: rowExtensions,
    focusId: props.focusReplyId ?? null,
  })
  const parentRow = useParentRow(parent, props, readOnly)
  // Another's new reply, read out politely (as the channel's new messages are).
  const announcement = useAnnouncement(snapshot, me, people.nameOf)

  const loadOlder = useCallback(() => void live?.loadOlder(), [live])
  const following = mine.data?.following ?? false
  const status = useMemo(() => statusText(snapshot.status), [snapshot.status])
  const replies = snapshot.messages.length
  const channelName = props.channelName

  return (
    <aside
      className="thread-panel"
      aria-label={t`Thread`}
      data-status={snapshot.status}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !editing && e.target === e.currentTarget) close()
      }}
    >
      <header className="thread-header">
        <h2>{t`Thread`}</h2>
        <span className="muted" title={`#${props.channelName}`}>
          #{props.channelName}
        </span>
        <button
          type="button"
          className="button button-small thread-follow"
          aria-pressed={following}
          disabled={!mine.data || follow.isPending}
          onClick={() => follow.mutate(!following)}
        >
          {following && <Icon name="check" size={14} />}
          {following ? t`Following` : t`Follow`}
        </button>
        <button type="button" className="icon-button" aria-label={t`Close thread`} onClick={close}>
          <Icon name="x" size={16} />
        </button>
      </header>
      {status && (
        <div className="status-banner status-warning" role="status">
          {status}
        </div>
      )}
      <div className="thread-parent">
        {parent ? parentRow : <p className="muted">{t`Loading the message…`}</p>}
        <p className="thread-count muted">
          {plural(replies, { one: '# reply', other: '# replies' })}
        </p>
      </div>
      <MessageList
        label={t`Replies`}
        snapshot={snapshot}
        dividers={dividers}
        onLoadOlder={loadOlder}
        onAtBottomChange={setAtBottom}
        onEscape={() => composerRef.current?.focus()}
        renderRow={renderRow}
        scrollToEndSignal={scrollSignal}
        focusMessageId={props.focusReplyId ?? null}
        startNote={false}
        emptyState={
          <EmptyState title={t`No replies yet`}>
            <p className="muted">
              {props.disabledReason ? t`Nobody replied.` : t`Reply below to start the thread.`}
            </p>
          </EmptyState>
        }
      />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <Composer
        key={threadId}
        channelId={`${channelId}.thread.${threadId}`}
        scope={{ workspaceId, channelId }}
        channelName={props.channelName}
        placeholder={t`Reply…`}
        threadId={threadId}
        alsoToChannel={alsoToChannel}
        onAlsoAllowed={setAlsoAllowed}
        disabledReason={props.disabledReason}
        members={props.members}
        workspacePeople={props.workspacePeople}
        uploads={uploads}
        onSend={send}
        onEditLast={editLast}
        onTyping={() => {}}
        onStopTyping={() => {}}
        inputRef={composerRef}
      />
      {!props.disabledReason && alsoAllowed && (
        <label className="thread-also">
          <input
            type="checkbox"
            checked={alsoToChannel}
            onChange={(e) => setAlsoToChannel(e.target.checked)}
          />
          {t`Also send to #${channelName}`}
        </label>
      )}
    </aside>
  )
}

/** The parent as a full row: its edit, delete and reactions go through the channel's LiveChannel. */
function useParentRow(parent: ChatMessage | null, props: ThreadPanelProps, archived: boolean) {
  const { people, channelLive, parentExtensions } = props
  const [editing, setEditing] = useState(false)
  const editParent = useCallback((id: string | null) => setEditing(id !== null), [])
  const handlers = useMessageHandlers(channelLive, editParent, null)
  if (!parent) return null
  // Fetched apart from the channel (older than its window): the link, saving and mark unread.
  const readOnly = archived || props.parent === null
  const me = people.me
  return (
    <MessageItem
      message={{ ...parent, thread: null }}
      grouped={false}
      people={people}
      canDelete={parent.authorId === me || props.isAdmin}
      editing={editing}
      handlers={handlers}
      readOnly={readOnly}
      place="thread"
      extensions={parentExtensions}
    />
  )
}

function statusText(status: string): string | null {
  switch (status) {
    case 'offline':
      return t`You are offline. Replies you write will be sent when you reconnect.`
    case 'reconnecting':
      return t`Reconnecting…`
    default:
      return null
  }
}
