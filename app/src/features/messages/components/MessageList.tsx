// The channel's messages as a windowed list: only the rows on screen (plus a few) are in the
// DOM, whatever the channel's length. It stays pinned to the bottom while you are there, keeps
// your place when older pages are prepended, and moves focus message by message with arrows.
// Opened at a message (snapshot.hasNewer), its bottom is not the newest: never pinned there
// (OpenAtMessage, around the list, loads the newer pages and jumps to the newest).
//
// Its first frames are laid out by the browser alone: the newest rows in the page's flow,
// anchored to the bottom, a few more a task until they fill the view; only then does the
// virtualizer take over, measuring a layout already done. A list that measured itself as it
// first rendered would force the page's whole first layout inside that task (issue 31: no task
// over 50 ms while a channel opens; use-flow-first.ts).
import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { markFirstScreenShown, useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { useLazyVirtualizer } from './use-lazy-virtualizer.ts'
import { Spinner } from '../../../ui/Notice.tsx'
import type { ChannelSnapshot } from '../conversation/types.ts'
import type { RowDivider } from '../../../slots/message.ts'
import { rowForKey } from './list-keys.ts'
import { estimate } from './row-estimate.ts'
import { buildRows } from './rows.ts'
import type { Row } from './rows.ts'
import { useFlowFirst } from './use-flow-first.ts'
import { useKeepPlace } from './use-keep-place.ts'

interface Props {
  snapshot: ChannelSnapshot
  /** The feed's accessible name: "Messages" (a channel's), "Replies" (a thread's). */
  label?: string
  /** The features' lines between rows ("New messages"), from the extension slot. */
  dividers: readonly RowDivider[]
  onLoadOlder: () => void
  onAtBottomChange: (atBottom: boolean) => void
  onEscape: () => void
  renderRow: (row: Row) => React.ReactNode
  emptyState: React.ReactNode
  /** Changes when the list should jump to the bottom (e.g. I sent a message). */
  scrollToEndSignal: number
  /** A message opened by its link: scrolled to once, when its row is first there. */
  focusMessageId?: string | null
  /** "This is the start of the conversation." above the first message: a channel's, never a
   * thread's (its parent is above it). */
  startNote?: boolean
}

const PIN_THRESHOLD = 80
/** Rows rendered beyond those on screen, once the first screen is up; before, as few as the
 * first screen's task allows (each row is a millisecond or two of rendering). */
const OVERSCAN = 10
const FIRST_SCREEN_OVERSCAN = 1
const LOAD_OLDER_THRESHOLD = 600

export function MessageList(props: Props) {
  const { snapshot, dividers, onLoadOlder, onAtBottomChange, scrollToEndSignal } = props
  const rows = useMemo(
    () => buildRows(snapshot.messages, snapshot.pending, dividers),
    [snapshot.messages, snapshot.pending, dividers]
  )
  const scroller = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)
  const [showJump, setShowJump] = useState(false)
  const afterFirstScreen = useAfterFirstScreen()
  const canvas = useRef<HTMLDivElement>(null)
  const flow = useFlowFirst(rows, scroller, canvas)

  // Loaded once the first screen is shown (use-lazy-virtualizer.ts): the rows stay in flow until
  // it is there.
  const virtualizer = useLazyVirtualizer({
    count: rows.length,
    // Off until it takes over: no measuring, and its first size and offset are read then.
    enabled: flow.handedOver,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimate(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: afterFirstScreen ? OVERSCAN : FIRST_SCREEN_OVERSCAN,
    // A chat opens at its newest messages. Taking over from the rows in flow, the first range
    // is the bottom of the estimated list (the same rows, so none is made again); the
    // virtualizer then measures them and the list is pinned to the bottom.
    initialRect: flow.rect,
    initialOffset: () =>
      flow.rect
        ? Math.max(0, rows.reduce((sum, row) => sum + estimate(row), 0) - flow.rect.height)
        : Number.MAX_SAFE_INTEGER,
  })
  const virtual = flow.handedOver && virtualizer !== null
  const totalSize = virtualizer?.getTotalSize() ?? 0

  // Keep the place when older rows are prepended.
  useKeepPlace(rows, virtualizer, virtual, scroller, pinned)

  // Pinned to the bottom: follow new rows and size changes (images, edits).
  useLayoutEffect(() => {
    const el = scroller.current
    if (virtual && el && pinned.current && !snapshot.hasNewer) el.scrollTop = el.scrollHeight
  }, [virtual, totalSize, rows.length, snapshot.hasNewer])

  useEffect(() => {
    const el = scroller.current
    if (!el || !virtual) return
    pinned.current = true
    el.scrollTop = el.scrollHeight
    setShowJump(false)
  }, [scrollToEndSignal, virtual])

  const focusedOnce = useRef<string | null>(null)
  const focusMessageId = props.focusMessageId ?? null
  useEffect(() => {
    if (!virtual || !virtualizer || !focusMessageId || focusedOnce.current === focusMessageId)
      return
    const index = rows.findIndex((r) => r.kind === 'message' && r.message.id === focusMessageId)
    if (index < 0) return
    focusedOnce.current = focusMessageId
    pinned.current = false
    virtualizer.scrollToIndex(index, { align: 'center' })
  }, [focusMessageId, rows, virtualizer, virtual])

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el) return
    const atBottom =
      !snapshot.hasNewer && el.scrollHeight - el.scrollTop - el.clientHeight < PIN_THRESHOLD
    if (atBottom !== pinned.current) {
      pinned.current = atBottom
      onAtBottomChange(atBottom)
    }
    setShowJump(!atBottom)
    if (
      el.scrollTop < LOAD_OLDER_THRESHOLD &&
      snapshot.hasOlder &&
      !snapshot.loadingOlder &&
      !snapshot.olderError
    ) {
      onLoadOlder()
    }
  }, [
    onAtBottomChange,
    onLoadOlder,
    snapshot.hasNewer,
    snapshot.hasOlder,
    snapshot.loadingOlder,
    snapshot.olderError,
  ])

  // A short first page may not fill the screen: load more until it scrolls.
  useEffect(() => {
    const el = scroller.current
    if (
      el &&
      virtual &&
      snapshot.hasOlder &&
      !snapshot.loadingOlder &&
      !snapshot.olderError &&
      el.scrollHeight <= el.clientHeight
    ) {
      onLoadOlder()
    }
  }, [
    virtual,
    snapshot.hasOlder,
    snapshot.loadingOlder,
    snapshot.olderError,
    totalSize,
    onLoadOlder,
  ])

  function focusRow(index: number) {
    if (virtual) virtualizer?.scrollToIndex(index, { align: 'auto' })
    requestAnimationFrame(() => {
      const el = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`)
      el?.focus()
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      props.onEscape()
      return
    }
    const next = rowForKey(event, rows)
    if (next !== null && next >= 0) {
      event.preventDefault()
      focusRow(next)
    }
  }

  // The first page (or the empty state) on screen: background code may load now. Offline, or
  // with the server failing, no page is coming: the kept rows are the first screen (and the
  // virtualizer, loaded after it, lets them scroll).
  const noAnswer = snapshot.status === 'offline' || snapshot.status === 'error'
  useEffect(() => {
    if (snapshot.loaded || (noAnswer && rows.length > 0)) markFirstScreenShown()
  }, [snapshot.loaded, noAnswer, rows.length])

  const busy = !snapshot.loaded
  return (
    <div className="message-list-wrap">
      <div
        ref={scroller}
        className="message-scroller"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        tabIndex={0}
        // A feed owns articles only: without messages (loading, the empty state) a region.
        role={rows.length > 0 ? 'feed' : 'region'}
        aria-busy={busy || snapshot.loadingOlder}
        aria-label={props.label ?? t`Messages`}
      >
        {virtual && snapshot.loadingOlder && (
          <div className="list-top">
            <Spinner label={t`Loading older messages`} />
          </div>
        )}
        {virtual && snapshot.olderError && (
          <div className="list-top" role="alert">
            {t`Older messages could not be loaded.`}{' '}
            <button type="button" className="link-button" onClick={onLoadOlder}>
              {t`Try again`}
            </button>
          </div>
        )}
        {props.startNote !== false &&
          virtual &&
          !snapshot.hasOlder &&
          snapshot.loaded &&
          rows.length > 0 && (
            <div className="list-top muted">{t`This is the start of the conversation.`}</div>
          )}
        {busy && rows.length === 0 ? (
          <div className="list-center">
            <Spinner label={t`Loading messages`} />
          </div>
        ) : rows.length === 0 ? (
          props.emptyState
        ) : (
          <div
            ref={canvas}
            className={virtual ? 'message-canvas' : 'message-canvas message-canvas-flow'}
            style={virtual ? { height: totalSize } : undefined}
          >
            {virtual
              ? virtualizer!.getVirtualItems().map((item) => (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer!.measureElement}
                    className="message-row"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    {props.renderRow(rows[item.index]!)}
                  </div>
                ))
              : rows.slice(rows.length - flow.count).map((row, i) => (
                  <div
                    key={row.key}
                    data-index={rows.length - flow.count + i}
                    className="message-row"
                  >
                    {props.renderRow(row)}
                  </div>
                ))}
          </div>
        )}
      </div>
      {showJump && !snapshot.hasNewer && (
        <button
          type="button"
          className="jump-latest"
          onClick={() => {
            const el = scroller.current
            if (el) el.scrollTop = el.scrollHeight
          }}
        >
          {t`Jump to latest ↓`}
        </button>
      )}
    </div>
  )
}
