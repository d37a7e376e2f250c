// An open channel: header, the live message list, typing, and the composer. It owns the
// LiveChannel for this channel, the read marker, and the file drop zone.
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { DragEvent, ReactNode } from 'react'
import {
  channelLabel,
  useChannelMembersQuery,
  useMarkReadMutation,
  useRefreshRoster,
} from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import { useUploads } from '../../attachments/index.ts'
import type { OutgoingFile } from '../../attachments/index.ts'
import { TypingIndicator, useTyping } from '../../presence/index.ts'
import { useRefreshHeld } from '../../auth/index.ts'
import { PinsBar, useChannelPinning } from '../../pins/index.ts'
import { useSaveForLater } from '../../saved/index.ts'
import { navigate } from '../../../lib/router.ts'
import { EmptyState, Spinner } from '../../../ui/Notice.tsx'
import { useLiveChannel } from '../data/useLiveChannel.ts'
import { prefetchThreadPage } from '../data/channel-transport.ts'
import { markUnread } from '../data/mark-unread.ts'
import { useMarkUnread, useReadWhileVisible } from './use-read-while-visible.ts'
import type { ChannelSnapshot } from '../conversation/types.ts'
import type { Mentionable } from '../mentions.ts'
import { Composer } from './Composer.tsx'
import { MessageList } from './MessageList.tsx'
import type { People } from './MessageItem.tsx'
import { useRowRenderer } from './useRowRenderer.tsx'

// Only a permalink or a search result opens a channel at a message: loaded then.
const MessageContext = lazy(() =>
  import('./MessageContext.tsx').catch(() => ({
    default: () => (
      <div className="list-center" role="alert">
        This message could not be opened. Check your connection, or reload the page.
      </div>
    ),
  }))
)
// A thread beside the channel: loaded when one is first opened.
const ThreadPanel = lazy(() => import('./ThreadPanel.tsx'))

interface Props {
  workspaceId: string
  channelId: string
  /** Null while the channel list is still loading; the messages load meanwhile. */
  channel: Channel | null
  me: string
  isAdmin: boolean
  nameOf: (userId: string) => string
  avatarOf: (userId: string, size: number) => ReactNode
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
  const { live, snapshot } = useLiveChannel(channelId, me)
  const typing = useTyping(channelId, me)
  const roster = useChannelMembersQuery(channelId)
  const uploads = useUploads(workspaceId, channelId)
  const [dragging, setDragging] = useState(false)
  const [scrollSignal, setScrollSignal] = useState(0)
  const [atBottom, setAtBottom] = useState(true)
  const localUrls = useRef(new Map<string, string>())
  // The "new messages" line sits where I stopped reading when I opened the channel (known once
  // the channel list is in; until then nothing is marked read).
  const [newAfterSeq, setNewAfterSeq] = useState<number | null | undefined>(() =>
    channel ? newMarkerOf(channel) : undefined
  )
  useEffect(() => {
    if (newAfterSeq === undefined && channel) setNewAfterSeq(newMarkerOf(channel))
  }, [channel, newAfterSeq])

  const members: Mentionable[] = useMemo(
    () => (roster.data ?? []).map((m) => ({ id: m.userId, name: m.displayName })),
    [roster.data]
  )
  const resolveMention = useCallback(
    (userId: string) => ({ name: nameOf(userId), isMe: userId === me }),
    [nameOf, me]
  )
  const people: People & { mentionable: Mentionable[] } = useMemo(
    () => ({ me, nameOf, avatarOf: props.avatarOf, resolveMention, mentionable: members }),
    [me, nameOf, props.avatarOf, resolveMention, members]
  )

  const { mutateAsync: markReadMutation } = useMarkReadMutation(workspaceId)
  const settleRead = useReadWhileVisible(
    snapshot.messages[snapshot.messages.length - 1]?.seq ?? 0,
    atBottom && !focusMessageId && newAfterSeq !== undefined && snapshot.status !== 'offline',
    useCallback(
      (seq: number) => markReadMutation({ channelId, seq }),
      [markReadMutation, channelId]
    )
  )
  useRosterFollowsAuthors(channelId, snapshot, roster.data)
  const announcement = useAnnouncement(snapshot, me, nameOf)

  const send = useCallback(
    (body: string, files: OutgoingFile[], messageId: string) => {
      if (!live) return 'Still connecting; try again in a moment.'
      for (const upload of uploads.uploads) {
        if (upload.previewUrl) localUrls.current.set(upload.id, upload.previewUrl)
      }
      const result = live.send(body, files, messageId)
      if (!result.ok) return result.error
      // What I send shows at the live end: leave a message's context for it.
      if (focusMessageId) navigate(`/w/${workspaceId}/c/${channelId}`)
      setScrollSignal((n) => n + 1)
      return null
    },
    [live, uploads.uploads, focusMessageId, workspaceId, channelId]
  )

  const loadOlder = useCallback(() => void live?.loadOlder(), [live])

  const openThread = useCallback(
    (id: string) => {
      prefetchThreadPage(id)
      navigate(`/w/${workspaceId}/c/${channelId}/t/${id}`)
    },
    [workspaceId, channelId]
  )

  const pinning = useChannelPinning(channelId)
  const { saved, open: openSave, dialog: saveDialog } = useSaveForLater(me)
  const saving = useMemo(() => ({ saved, open: openSave }), [saved, openSave])
  // The "new" line moves to the message marked unread; the sidebar follows from the database.
  const markUnreadHere = useMarkUnread(settleRead, markUnread, setNewAfterSeq)
  const { renderRow, editLast } = useRowRenderer({
    live,
    messages: snapshot.messages,
    people,
    isAdmin: props.isAdmin,
    newMarkerLabel: 'New messages',
    openThread,
    composerRef,
    localUrls: localUrls.current,
    readOnly: Boolean(channel?.archivedAt),
    pins: pinning,
    markUnread: markUnreadHere,
    saving,
  })

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    const files = [...event.dataTransfer.files]
    if (files.length > 0) void uploads.add(files)
  }

  const label = channel ? channelLabel(channel, me) : ''
  const isDm = channel?.kind === 'dm'
  const disabledReason = channel?.archivedAt
    ? 'This channel is archived. Its history stays readable.'
    : null
  const typingNames = typing.typing.map(nameOf)

  return (
    <section
      className={`channel-view${dragging ? ' dragging' : ''}${threadId ? ' with-thread' : ''}`}
      aria-label={isDm ? `Conversation with ${label}` : `Channel ${label}`}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files') && !disabledReason) {
          e.preventDefault()
          setDragging(true)
        }
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false)
      }}
      onDrop={onDrop}
    >
      {props.header}
      <PinsBar
        pinning={pinning}
        channelLabel={isDm ? label : `#${label}`}
        workspaceId={workspaceId}
        nameOf={nameOf}
        canUnpin={(id) => {
          const pin = pinning.pins.find((p) => p.messageId === id)
          return props.isAdmin || pin?.pinnedBy === me || pin?.message.authorId === me
        }}
      />
      <StatusBanner snapshot={snapshot} onRetry={() => live?.resync()} />
      {focusMessageId ? (
        <Suspense
          fallback={
            <div className="message-list list-center">
              <Spinner label="Opening the message" />
            </div>
          }
        >
          <MessageContext
            channelId={channelId}
            messageId={focusMessageId}
            people={people}
            onJumpToLatest={() => navigate(`/w/${workspaceId}/c/${channelId}`)}
            onThreadReply={onThreadReply}
          />
        </Suspense>
      ) : (
        <MessageList
          snapshot={snapshot}
          newAfterSeq={newAfterSeq ?? null}
          onLoadOlder={loadOlder}
          onAtBottomChange={setAtBottom}
          onEscape={() => composerRef.current?.focus()}
          renderRow={renderRow}
          scrollToEndSignal={scrollSignal}
          emptyState={
            <EmptyState
              title={
                isDm
                  ? `This is the start of your conversation with ${label}`
                  : `Welcome to #${label}`
              }
            >
              <p className="muted">No messages yet. Write the first one below.</p>
            </EmptyState>
          }
        />
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <TypingIndicator names={typingNames} />
      <Composer
        key={channelId}
        channelId={channelId}
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
              channel?.archivedAt ? 'This channel is archived. Its threads stay readable.' : null
            }
            onClose={() =>
              linkedReply ? setLinked(null) : navigate(`/w/${workspaceId}/c/${channelId}`)
            }
            channelLive={live}
            pins={pinning}
            saving={saving}
            onMarkParentUnread={markUnreadHere}
            focusReplyId={linkedReply?.reply ?? null}
          />
        </Suspense>
      )}
      {saveDialog}
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop files to attach them
        </div>
      )}
    </section>
  )
}

function newMarkerOf(channel: Channel): number | null {
  return channel.lastSeq > channel.lastReadSeq ? channel.lastReadSeq : null
}

function StatusBanner({ snapshot, onRetry }: { snapshot: ChannelSnapshot; onRetry: () => void }) {
  const held = useRefreshHeld()
  const waiting = snapshot.pending.filter((p) => p.state !== 'failed').length
  let text: string | null = null
  let tone = 'info'
  switch (snapshot.status) {
    case 'offline':
      text = `You are offline. ${waiting > 0 ? `${waiting} message${waiting === 1 ? '' : 's'} will be sent when you reconnect.` : 'Messages you write will be sent when you reconnect.'}`
      tone = 'warning'
      break
    case 'reconnecting':
      text = 'Reconnecting…'
      tone = 'warning'
      break
    case 'catching-up':
      text = snapshot.loaded ? 'Catching up…' : null
      break
    case 'error':
      text = snapshot.error ?? 'This channel could not be loaded.'
      tone = 'error'
      break
    case 'loading':
      // The first page failed, or waits for a token the server cannot give yet: say so (never a
      // bare spinner), and what waits in the outbox.
      if (snapshot.error || held) {
        text = `Cannot reach the server. Retrying…${waiting > 0 ? ` ${waiting} message${waiting === 1 ? '' : 's'} will be sent when it answers.` : ''}`
        tone = 'warning'
      }
      break
    case 'live':
      break
  }
  if (!text) return <div className="status-banner-slot" data-status={snapshot.status} />
  return (
    <div
      className={`status-banner status-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-status={snapshot.status}
    >
      {text}
      {(snapshot.status === 'error' || snapshot.status === 'loading') && (
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  )
}

/** Someone new wrote here: they joined since the roster was fetched (joins are not pushed). */
function useRosterFollowsAuthors(
  channelId: string,
  snapshot: ChannelSnapshot,
  roster: { userId: string }[] | undefined
) {
  const refreshRoster = useRefreshRoster()
  const asked = useRef(new Set<string>())
  const last = snapshot.messages[snapshot.messages.length - 1]
  useEffect(() => {
    if (!roster || !last || last.deletedAt || !last.authorId) return
    // Ask once per author: someone who left since writing stays absent from the roster.
    if (!roster.some((m) => m.userId === last.authorId) && !asked.current.has(last.authorId)) {
      asked.current.add(last.authorId)
      refreshRoster(channelId)
    }
  }, [roster, last, channelId, refreshRoster])
}

/** A sentence for screen readers about the newest message from someone else. */
function useAnnouncement(
  snapshot: ChannelSnapshot,
  me: string,
  nameOf: (id: string) => string
): string {
  const last = snapshot.messages[snapshot.messages.length - 1]
  const seen = useRef<string | null>(null)
  const [text, setText] = useState('')
  useEffect(() => {
    if (!last || !snapshot.loaded) return
    if (seen.current === null) {
      seen.current = last.id
      return
    }
    if (last.id !== seen.current) {
      seen.current = last.id
      if (last.authorId !== me && !last.deletedAt) {
        setText(
          `${nameOf(last.authorId)}: ${last.body.replace(/<@[0-9a-f-]{36}>/g, '@…').slice(0, 200)}`
        )
      }
    }
  }, [last, snapshot.loaded, me, nameOf])
  return text
}
