// A channel opened at one message (a search result or a permalink): the message highlighted in
// the middle, messages before and after it, more loading as you scroll either way, and "Jump to
// latest" back to the live channel. The live channel keeps running meanwhile, so nothing sent
// or received is lost. A reply kept in its thread shows its parent here, and its thread opens
// beside at the reply (onThreadReply).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { EmptyState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { AttachmentView } from '../../attachments/index.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { CONTEXT_PAGE, fetchAround, fetchNewer, fetchOlder } from '../data/message-context.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import type { People } from '../people.ts'
import { CopyLinkButton } from './CopyLinkButton.tsx'
import { fullTimeLabel, timeLabel } from './rows.ts'
import './message-context.css'

interface Props {
  channelId: string
  messageId: string
  people: People
  onJumpToLatest: () => void
  /** The link is a reply kept in its thread: open that thread at it. */
  onThreadReply?: (parentId: string, replyId: string) => void
}

type State =
  | { kind: 'loading' }
  | { kind: 'error'; error: string }
  | { kind: 'missing' }
  | { kind: 'ready'; messages: ChatMessage[]; focusId: string; atStart: boolean; atEnd: boolean }

const EDGE = 200

export default function MessageContext(props: Props) {
  const { channelId, messageId, people, onJumpToLatest, onThreadReply } = props
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const scroller = useRef<HTMLDivElement>(null)
  const busy = useRef(false)
  const keep = useRef<number | null>(null)
  const centred = useRef(false)

  useEffect(() => {
    let cancelled = false
    centred.current = false
    setState({ kind: 'loading' })
    fetchAround(channelId, messageId).then(
      (r) => {
        if (cancelled) return
        if (!r.found) setState({ kind: 'missing' })
        else {
          if (r.reply) onThreadReply?.(r.focusId, r.reply)
          const before = r.messages.filter((m) => m.seq <= r.seq).length
          const after = r.messages.length - before
          setState({
            kind: 'ready',
            messages: r.messages,
            focusId: r.focusId,
            atStart: before < CONTEXT_PAGE,
            atEnd: after < CONTEXT_PAGE,
          })
        }
      },
      (e: unknown) => !cancelled && setState({ kind: 'error', error: cleanError(e) })
    )
    return () => {
      cancelled = true
    }
  }, [channelId, messageId, attempt, onThreadReply])

  // The message in the middle once; afterwards, the place kept when older rows come in above.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el || state.kind !== 'ready') return
    if (!centred.current) {
      centred.current = true
      el.querySelector('.message-focused')?.scrollIntoView({ block: 'center' })
    } else if (keep.current !== null) {
      el.scrollTop += el.scrollHeight - keep.current
      keep.current = null
    }
  }, [state])

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el || state.kind !== 'ready' || busy.current) return
    const { messages } = state
    if (el.scrollTop < EDGE && !state.atStart && messages[0]) {
      busy.current = true
      void fetchOlder(channelId, messages[0].seq)
        .then((older) => {
          keep.current = el.scrollHeight
          setState((s) =>
            s.kind === 'ready'
              ? {
                  ...s,
                  messages: [...older, ...s.messages],
                  atStart: older.length < CONTEXT_PAGE * 2,
                }
              : s
          )
        })
        .finally(() => (busy.current = false))
    } else if (el.scrollHeight - el.scrollTop - el.clientHeight < EDGE && !state.atEnd) {
      const last = messages[messages.length - 1]
      if (!last) return
      busy.current = true
      void fetchNewer(channelId, last.seq)
        .then((newer) =>
          setState((s) =>
            s.kind === 'ready'
              ? {
                  ...s,
                  messages: [...s.messages, ...newer],
                  atEnd: newer.length < CONTEXT_PAGE * 2,
                }
              : s
          )
        )
        .finally(() => (busy.current = false))
    }
  }, [state, channelId])

  if (state.kind === 'loading') {
    return (
      <div className="message-context list-center">
        <Spinner label="Opening the message" />
      </div>
    )
  }
  if (state.kind === 'error') {
    return (
      <div className="message-context list-center">
        <Notice tone="error">{state.error}</Notice>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    )
  }
  if (state.kind === 'missing') {
    return (
      <div className="message-context list-center">
        <EmptyState title="Message not available">
          <p className="muted">It was deleted, it does not exist, or you cannot read it.</p>
          <button type="button" className="button" onClick={onJumpToLatest}>
            Go to the latest messages
          </button>
        </EmptyState>
      </div>
    )
  }
  return (
    <div className="message-context">
      <div
        className="message-context-list"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label="Messages around the linked message"
      >
        {state.atStart && <p className="muted list-center">The start of the conversation.</p>}
        {state.messages.map((m) => (
          <ContextRow key={m.id} message={m} people={people} focused={m.id === state.focusId} />
        ))}
      </div>
      <button type="button" className="button jump-to-latest" onClick={onJumpToLatest}>
        Jump to latest ↓
      </button>
    </div>
  )
}

function ContextRow(props: { message: ChatMessage; people: People; focused: boolean }) {
  const { message, people, focused } = props
  const author = people.nameOf(message.authorId)
  return (
    <article
      className={`message${focused ? ' message-focused' : ''}`}
      aria-label={`${author}, ${fullTimeLabel(message.createdAt)}`}
      aria-current={focused ? 'true' : undefined}
      data-seq={message.seq}
      data-message-id={message.id}
    >
      <div className="message-gutter">{people.avatarOf(message.authorId, 36)}</div>
      <div className="message-main">
        <header className="message-header">
          <bdi className="message-author">{author}</bdi>
          <time dateTime={message.createdAt} title={fullTimeLabel(message.createdAt)}>
            {timeLabel(message.createdAt)}
          </time>
        </header>
        {message.deletedAt ? (
          <p className="muted">This message was deleted.</p>
        ) : (
          message.body && <MessageBody body={message.body} resolveMention={people.resolveMention} />
        )}
        {message.attachments.length > 0 && (
          <div className="attachments">
            {message.attachments.map((a) => (
              <AttachmentView key={a.id} attachment={a} />
            ))}
          </div>
        )}
      </div>
      <div className="message-actions" role="toolbar" aria-label="Message actions">
        <CopyLinkButton channelId={message.channelId} messageId={message.id} />
      </div>
    </article>
  )
}
