// A message's actions (data: ../actions.ts), shown two ways by one component: the hover
// toolbar (icons, on a wide screen with a mouse) and, from its "More actions" button or a long press, the action
// sheet (every action with its label; a bottom sheet at phone width or with a coarse pointer,
// where the toolbar shows only that button). The sheet and the quick reactions are lazy chunks.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import type { MessageAction } from '../../../slots/message.ts'
import { Suspense, useRef } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const ActionSheet = lazyRetrying(() => import('./ActionSheet.tsx'), NotLoaded)
const QuickReactions = lazyRetrying(() => import('./QuickReactions.tsx'), NotLoaded)

interface Props {
  actions: MessageAction[]
  /** Only the "More actions" button (the row not yet pointed at or focused). */
  compact?: boolean
  /** A quick reaction (the sheet's row of emoji, the toolbar's picker); absent: read-only. */
  onReact?: (emoji: string) => void
  /** The toolbar's reaction picker is open. */
  picking: boolean
  sheetOpen: boolean
  onSheet: (open: boolean) => void
  /** What the sheet's heading says the message is ("Ann: lunch?"). */
  summary: string
  /** Opens the full emoji picker. */
  onMoreEmoji?: () => void
}

export function MessageActions(props: Props) {
  const { actions, onReact, picking, sheetOpen, onSheet } = props
  const more = t`More actions`
  return (
    <>
      <div className="message-actions" role="toolbar" aria-label={t`Message actions`}>
        {!props.compact &&
          actions
            .filter((a) => a.inToolbar)
            .map((a) => (
              <button
                key={a.id}
                type="button"
                className="icon-button action-icon"
                aria-label={a.label}
                title={a.title ?? a.label}
                aria-expanded={a.id === 'react' ? picking : undefined}
                onClick={a.run}
              >
                <Icon name={a.icon} size={16} />
              </button>
            ))}
        <button
          type="button"
          className="icon-button action-more"
          aria-label={more}
          title={more}
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
          onClick={() => onSheet(true)}
        >
          <Icon name="ellipsis" size={16} />
        </button>
        {picking && onReact && (
          <Suspense fallback={null}>
            <QuickReactions onPick={onReact} onMore={props.onMoreEmoji} />
          </Suspense>
        )}
      </div>
      {sheetOpen && (
        <Suspense fallback={null}>
          <ActionSheet
            actions={actions}
            onReact={onReact}
            summary={props.summary}
            onMoreEmoji={props.onMoreEmoji}
            onClose={() => onSheet(false)}
          />
        </Suspense>
      )}
    </>
  )
}

/** Whether a press on this element is a press on the message itself (not a control in it). */
function isOnControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a, input, textarea, video, dialog') !== null
  )
}

const LONG_PRESS_MS = 500
const MOVE_TOLERANCE_PX = 10

/**
 * Long press by touch opens the sheet: the handlers go on the message's element. A press that
 * moves (a scroll) or ends early is not one; after one, the touch's click and context menu are
 * the sheet's, not the page's.
 */
export function useLongPress(open: () => void) {
  const press = useRef<{ timer?: number; x: number; y: number; fired: boolean }>({
    x: 0,
    y: 0,
    fired: false,
  })
  const cancel = () => {
    window.clearTimeout(press.current.timer)
    press.current.timer = undefined
  }
  return {
    onPointerDown: (e: React.PointerEvent) => {
      cancel()
      press.current = { x: e.clientX, y: e.clientY, fired: false }
      if (e.pointerType !== 'touch' || isOnControl(e.target)) return
      press.current.timer = window.setTimeout(() => {
        press.current.timer = undefined
        press.current.fired = true
        open()
      }, LONG_PRESS_MS)
    },
    onPointerMove: (e: React.PointerEvent) => {
      const { x, y } = press.current
      if (Math.hypot(e.clientX - x, e.clientY - y) > MOVE_TOLERANCE_PX) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onTouchEnd: (e: React.TouchEvent) => {
      if (press.current.fired) e.preventDefault()
    },
    onContextMenu: (e: React.MouseEvent) => {
      if (press.current.fired || press.current.timer !== undefined) e.preventDefault()
    },
  }
}
