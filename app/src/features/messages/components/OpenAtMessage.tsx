// A channel opened at one message (a search result or a permalink) is the live channel itself:
// the message is located (its seq), the channel's LiveChannel opens there (open-at.ts: the pages
// around it, live), and the usual message list shows it highlighted with everything the
// channel's rows do (children). Scrolling near its end loads the newer pages until it reaches
// the newest messages (then it is the channel as usual). Leaving (the channel's plain address:
// "Jump to latest", sending) takes the channel back to its newest messages. A reply kept in its
// thread opens the channel at its parent and the thread beside at the reply (onThreadReply).
// A lazy chunk, with everything of this mode.
import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { burstBatched } from '../../../lib/burst-batched.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { EmptyState, Notice, Spinner } from '../../../ui/Notice.tsx'
import type { LiveChannel } from '../conversation/live-channel.ts'
import { jumpToLatest, loadNewer, openAt } from '../conversation/open-at.ts'
import { locateMessage } from '../data/locate-message.ts'
import './open-at-message.css'

interface Props {
  live: LiveChannel | null
  channelId: string
  messageId: string
  onJumpToLatest: () => void
  /** The link is a reply kept in its thread: open that thread at it. */
  onThreadReply?: (parentId: string, replyId: string) => void
  /** The channel's message list, shown once the channel is there. */
  children: ReactNode
}

type State = 'locating' | 'missing' | 'ready' | { error: string }

/** How close to the end of what is held the next page is asked for (px), as for older ones. */
const NEWER_THRESHOLD = 600
const noSubscribe = () => () => {}
const noSnapshot = () => null

export default function OpenAtMessage(props: Props) {
  const { live, channelId, messageId, onThreadReply } = props
  const [state, setState] = useState<State>('locating')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!live) return
    let cancelled = false
    let stopWaiting = () => {}
    setState('locating')
    locateMessage(channelId, messageId).then(
      (place) => {
        if (cancelled) return
        if (!place.found) return setState('missing')
        if (place.reply) onThreadReply?.(place.focusId, place.reply)
        // Once the channel's first page is in (a page just opened): already held (the newest
        // messages, or the window opened before), it is shown where it is; else opened there.
        const open = () => {
          if (cancelled || !live.getSnapshot().loaded) return false
          if (!live.getSnapshot().messages.some((m) => m.id === place.focusId)) {
            openAt(live, place.seq)
          }
          setState('ready')
          return true
        }
        if (!open()) {
          const stop = live.subscribe(() => {
            if (open()) stop()
          })
          stopWaiting = stop
        }
      },
      (e: unknown) => !cancelled && setState({ error: cleanError(e) })
    )
    return () => {
      cancelled = true
      stopWaiting()
    }
  }, [live, channelId, messageId, attempt, onThreadReply])

  // Left for the channel's own address (or another channel): back to its newest messages.
  useEffect(
    () => () => {
      if (live) jumpToLatest(live)
    },
    [live]
  )

  const subscribe = useMemo(() => (live ? burstBatched(live.subscribe) : noSubscribe), [live])
  const snapshot = useSyncExternalStore(subscribe, live?.getSnapshot ?? noSnapshot, noSnapshot)
  const wrap = useRef<HTMLDivElement>(null)
  // Near the end of the list (or a list too short to scroll): the next page.
  const check = useCallback(() => {
    const el = wrap.current?.querySelector('.message-scroller')
    if (!el || !live || !snapshot?.hasNewer || snapshot.loadingNewer || snapshot.newerError) return
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEWER_THRESHOLD) loadNewer(live)
  }, [live, snapshot])
  useEffect(() => {
    const el = wrap.current
    if (!el) return
    check()
    // The list's scroller is inside: its scroll events reach here in the capture phase.
    el.addEventListener('scroll', check, { capture: true, passive: true })
    return () => el.removeEventListener('scroll', check, { capture: true })
  }, [check, state])

  if (state === 'ready') {
    return (
      <div className="open-at" ref={wrap}>
        {props.children}
        {snapshot?.loadingNewer && (
          <div className="open-at-newer">
            <Spinner label={t`Loading newer messages`} />
          </div>
        )}
        {snapshot?.newerError && live && (
          <div className="open-at-newer" role="alert">
            {t`Newer messages could not be loaded.`}{' '}
            <button type="button" className="link-button" onClick={() => loadNewer(live)}>
              {t`Try again`}
            </button>
          </div>
        )}
        {snapshot?.hasNewer && (
          <button type="button" className="jump-latest" onClick={props.onJumpToLatest}>
            {t`Jump to latest ↓`}
          </button>
        )}
      </div>
    )
  }
  if (state === 'locating') {
    return (
      <div className="open-at-state list-center">
        <Spinner label={t`Opening the message`} />
      </div>
    )
  }
  if (state === 'missing') {
    return (
      <div className="open-at-state list-center">
        <EmptyState title={t`Message not available`}>
          <p className="muted">{t`It was deleted, it does not exist, or you cannot read it.`}</p>
          <button type="button" className="button" onClick={props.onJumpToLatest}>
            {t`Go to the latest messages`}
          </button>
        </EmptyState>
      </div>
    )
  }
  return (
    <div className="open-at-state list-center">
      <Notice tone="error">{state.error}</Notice>
      <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
        {t`Try again`}
      </button>
    </div>
  )
}
