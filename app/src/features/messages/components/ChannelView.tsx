// An open channel: header, the live message list, typing, and the composer. It owns the
// LiveChannel for this channel, my read position (marked read while I see the end), and the
// file drop zone. The features' parts (pins, saved, threads, unread, …) come from the extension
// slot (features/message-extensions.ts): per channel, and for the channel's own conversation
// (its lines between rows, its conversation's actions); unnamed here.
import { t } from '@lingui/core/macro'
import { Fragment, Suspense, useCallback, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { channelLabel, useMarkReadMutation } from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import { useUploads } from '../../attachments/index.ts'
import { TypingIndicator } from './TypingIndicator.tsx'
import { useTyping } from '../data/use-typing.ts'
import { useConversationExtensions, useMessageExtensions } from '../../message-extensions.ts'
import { navigate } from '../../../lib/router.ts'
import { EmptyState, Spinner } from '../../../ui/Notice.tsx'
import { prefetchThreadPage } from '../data/pages.ts'
import { useLiveChannel } from '../data/use-live-channel.ts'
import { useReadWhileVisible } from './use-read-while-visible.ts'
import { useReadPace } from './use-read-pace.ts'
import type { Mentionable } from '../mentions.ts'
import { Composer } from './Composer.tsx'
import { MessageList } from './MessageList.tsx'
import { dividersOf } from './rows.ts'
import { useRowRenderer } from './use-row-renderer.tsx'
import { StatusBannerSlot } from './status-banner-slot.tsx'
import { useAnnouncement } from './use-announcement.ts'
import { useRosterFollowsAuthors } from './use-roster-follows-authors.ts'
import { useChannelPeople } from './use-channel-people.ts'
import { useFileDrop } from './use-file-drop.ts'
import { useSend } from './use-send.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

// Only a permalink or a search result opens the live channel at a message: loaded then (not
// loaded: the app's "could not be loaded", with its reload).
const OpenAtMessage = lazyRetrying(() => import('./OpenAtMessage.tsx'), NotLoaded)
// A thread beside the channel: loaded when one is first opened.
const ThreadPanel = lazyRetrying(() => import('./ThreadPanel.tsx'), NotLoaded)

interface Props {
  workspaceId: string
  channelId: string
  /** Null while the channel list is still loading; the messages load meanwhile. */
  channel: Channel | null
  me: string
  isAdmin: boolean
  nameOf: (userId: string | null) => string
  avatarOf: (userId: string | null, size: number) => ReactNode
  workspacePeople: Mentionable[]
  header: ReactNode
  composerRef: React.RefObject<HTMLTextAreaElement | null>
  /** Open at this message, in context, instead of at the live end. */
  focusMessageId?: string | null
  /** The thread open beside the channel (its parent's id). */
  threadId?: string | null
}

export function ChannelView(props: Props) {
  const { channel, channelId, me, workspaceId, nameOf, composerRef, focusMessageId } = props
  // A permalink to a reply kept in its thread opens that thread beside, at the reply.
  const [linked, setLinked] = useState<{ link: string; parent: string; reply: string } | null>(null)
  const linkedReply = linked && linked.link === focusMessageId ? linked : null
  const threadId = props.threadId ?? linkedReply?.parent ?? null
  const onThreadReply = useCallback(
    (parent: string, reply: string) => setLinked({ link: reply, parent, reply }),
    []
  )
  // Highlighted: the linked message, or the parent of a linked reply kept in its thread.
  const focusId = focusMessageId ? (linkedReply?.parent ?? focusMessageId) : null
  const { live, snapshot } = useLiveChannel(channelId, me, null, workspaceId)
  const typing = useTyping(channelId, me)
  const uploads = useUploads(workspaceId, channelId)
  const [atBottom, setAtBottom] = useState(true)
  // My read position when I opened the channel (known once the channel list is in; until then
  // nothing is marked read, so a feature can keep where I had stopped: the "new" line).
  const readPosition = channel
    ? { lastReadSeq: channel.lastReadSeq, newestSeq: channel.lastSeq }
    : undefined

  const { roster, members, people } = useChannelPeople(channelId, me, nameOf, props.avatarOf)

  const { mutateAsync: markReadMutation } = useMarkReadMutation(workspaceId)
  const newestMessage = snapshot.messages[snapshot.messages.length - 1]
  // The message opened by its link, once shown, if it is after my read position.
  const openedSeq = focusId ? snapshot.messages.find((m) => m.id === focusId)?.seq : undefined
  // Read only once the view is current (live, or reconnecting after it was): a mark made from
  // the kept window, before the catch-up shows what came meanwhile, would spend the view's first
  // mark (the one not paced) on messages read before, and leave the new ones for later.
  const current = snapshot.status === 'live' || snapshot.status === 'reconnecting'
  const settleRead = useReadWhileVisible(
    newestMessage?.seq ?? 0,
    atBottom && !focusMessageId && channel !== null && current,
    useCallback(
      (seq: number) => markReadMutation({ channelId, seq }),
      [markReadMutation, channelId]
    ),
    useReadPace(
      workspaceId,
      channelId,
      channel?.kind === 'dm',
      me,
      snapshot.messages,
      newestMessage
    ),
    openedSeq !== undefined && channel && openedSeq > channel.lastReadSeq ? openedSeq : undefined
  )
  useRosterFollowsAuthors(channelId, snapshot, roster)
  const announcement = useAnnouncement(snapshot, me, nameOf)

  const { send, scrollSignal, localUrls } = useSend(live, uploads.uploads, {
    // What I send shows at the live end: leave a message's context for it.
    onSent: useCallback(() => {
      if (focusMessageId) navigate(`/w/${workspaceId}/c/${channelId}`)
    }, [focusMessageId, workspaceId, channelId]),
  })

  const loadOlder = useCallback(() => void live?.loadOlder(), [live])
  const toLatest = useCallback(
    () => navigate(`/w/${workspaceId}/c/${channelId}`),
    [workspaceId, channelId]
  )

  const prefetchThread = useCallback(
    (threadId: string) => prefetchThreadPage(channelId, threadId),
    [channelId]
  )
  const label = channel ? channelLabel(channel, me) : ''
  const isDm = channel?.kind === 'dm'
  // The features' actions, markers, bars and dialogs: the thread shares them.
  // The same scope from render to render: the features' parts are made again, and every row
  // rendered again, only when it changes.
  const channelTitle = isDm ? label : `#${label}`
  const { isAdmin } = props
  const extensions = useMessageExtensions(
    useMemo(
      () => ({ workspaceId, channelId, channelTitle, me, isAdmin, nameOf, prefetchThread }),
      [workspaceId, channelId, channelTitle, me, isAdmin, nameOf, prefetchThread]
    )
  )
  // And those of the channel's own conversation (its rows, and the thread's parent).
  const own = useConversationExtensions({ channelId, threadId: null, readPosition, settleRead })
  const rowExtensions = useMemo(() => [...extensions, ...own], [extensions, own])
  const dividers = useMemo(() => dividersOf(rowExtensions), [rowExtensions])
  const { renderRow, editLast } = useRowRenderer({
    live,
    messages: snapshot.messages,
    people,
    isAdmin: props.isAdmin,
    composerRef,
    localUrls,
    readOnly: Boolean(channel?.archivedAt),
    extensions: rowExtensions,
    focusId,
  })

  const disabledReason = channel?.archivedAt
    ? t`This channel is archived. Its history stays readable.`
    : null
  const typingNames = typing.typing.map(nameOf)
  const { dragging, dropProps } = useFileDrop(!disabledReason, uploads.add)
  const scope = useMemo(() => ({ workspaceId, channelId }), [workspaceId, channelId])

  const messageList = (
    <MessageList
      snapshot={snapshot}
      dividers={dividers}
      onLoadOlder={loadOlder}
      onAtBottomChange={setAtBottom}
      onEscape={() => composerRef.current?.focus()}
      renderRow={renderRow}
      scrollToEndSignal={scrollSignal}
      focusMessageId={focusId}
      emptyState={
        <EmptyState
          title={
            isDm ? t`This is the start of your conversation with ${label}` : t`Welcome to #${label}`
          }
        >
          <p className="muted">{t`No messages yet. Write the first one below.`}</p>
        </EmptyState>
      }
    />
  )

  return (
    <section
      className={`channel-view${dragging ? ' dragging' : ''}${threadId ? ' with-thread' : ''}`}
      aria-label={isDm ? t`Conversation with ${label}` : t`Channel ${label}`}
      {...dropProps}
    >
      {props.header}
      {extensions.map((e) => e.banner && <Fragment key={e.id}>{e.banner}</Fragment>)}
      <StatusBannerSlot snapshot={snapshot} onRetry={() => live?.resync()} />
      {focusMessageId ? (
        <Suspense
          fallback={
            <div className="message-list list-center">
              <Spinner label={t`Opening the message`} />
            </div>
          }
        >
          <OpenAtMessage
            live={live}
            channelId={channelId}
            messageId={focusMessageId}
            onJumpToLatest={toLatest}
            onThreadReply={onThreadReply}
          >
            {messageList}
          </OpenAtMessage>
        </Suspense>
      ) : (
        messageList
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <TypingIndicator names={typingNames} />
      <Composer
        key={channelId}
        channelId={channelId}
        scope={scope}
        channelName={isDm ? `@${label}` : label}
        disabledReason={disabledReason}
        members={members}
        workspacePeople={props.workspacePeople}
        uploads={uploads}
        onSend={send}
        onEditLast={editLast}
        onTyping={typing.notifyTyping}
        onStopTyping={typing.stopTyping}
        inputRef={composerRef}
      />
      {threadId && (
        <Suspense fallback={null}>
          <ThreadPanel
            workspaceId={workspaceId}
            channelId={channelId}
            channelName={label}
            threadId={threadId}
            parent={snapshot.messages.find((m) => m.id === threadId) ?? null}
            people={people}
            isAdmin={props.isAdmin}
            members={members}
            workspacePeople={props.workspacePeople}
            disabledReason={
              channel?.archivedAt ? t`This channel is archived. Its threads stay readable.` : null
            }
            onClose={() =>
              linkedReply ? setLinked(null) : navigate(`/w/${workspaceId}/c/${channelId}`)
            }
            channelLive={live}
            extensions={extensions}
            parentExtensions={rowExtensions}
            focusReplyId={linkedReply?.reply ?? null}
          />
        </Suspense>
      )}
      {extensions.map((e) => e.overlay && <Fragment key={e.id}>{e.overlay}</Fragment>)}
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          {t`Drop files to attach them`}
        </div>
      )}
    </section>
  )
}
