// A message's actions (data: ../actions.ts), shown three ways by one component: the hover
// toolbar (icons, on a wide screen with a mouse); from its "More actions" button, a menu anchored
// beside it (every action with its label, the quick reactions at its top); and at phone width
// or with a coarse pointer (where the toolbar shows only that button), or by a long press, the
// action sheet at the bottom of the screen. The menu, the sheet and the quick reactions are lazy
// chunks; once the menu has loaded, it holds the button (its trigger: the focus comes back to it).
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import type { MessageAction } from '../../../slots/message.ts'
import { Suspense, useRef, useState } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const ActionSheet = lazyRetrying(() => import('./ActionSheet.tsx'), NotLoaded)
const ActionMenu = lazyRetrying(() => import('./ActionMenu.tsx'), NotLoaded)

/** A phone, or a touch screen: the bottom sheet rather than a menu beside the message. */
const SHEET_MEDIA = '(max-width: 700px), (pointer: coarse)'
const wantsSheet = () => window.matchMedia?.(SHEET_MEDIA).matches ?? true
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
  // The menu's chunk holds the button once first opened (null: not yet); opened by a key, its
  // first item takes the focus.
  const [menu, setMenu] = useState<{ byKey: boolean } | null>(null)
  // Opened as the menu (else as the sheet: a phone, a touch screen, a long press).
  const [asMenu, setAsMenu] = useState(false)
  const open = (byKey: boolean) => {
    const sheet = wantsSheet()
    setAsMenu(!sheet)
    if (!sheet) setMenu({ byKey })
    onSheet(true)
  }
  const close = () => {
    setAsMenu(false)
    onSheet(false)
  }
  const button = (
    <button
      type="button"
      className="icon-button action-more"
      aria-label={more}
      title={more}
      aria-haspopup="menu"
      aria-expanded={sheetOpen}
      onClick={(e) => open(e.detail === 0)}
    >
      <Icon name="ellipsis" size={16} />
    </button>
  )
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
        {menu ? (
          <Suspense fallback={button}>
            <ActionMenu
              trigger={
                <button
                  type="button"
                  className="icon-button action-more"
                  aria-label={more}
                  title={more}
                >
                  <Icon name="ellipsis" size={16} />
                </button>
              }
              open={sheetOpen && asMenu}
              onOpenChange={(next) => (next ? open(false) : close())}
              actions={actions}
              onReact={onReact}
              onMoreEmoji={props.onMoreEmoji}
              summary={props.summary}
              focusFirst={menu.byKey}
            />
          </Suspense>
        ) : (
          button
        )}
        {picking && onReact && (
          <Suspense fallback={null}>
            <QuickReactions onPick={onReact} onMore={props.onMoreEmoji} />
          </Suspense>
        )}
      </div>
      {sheetOpen && !asMenu && (
        <Suspense fallback={null}>
          <ActionSheet
            actions={actions}
            onReact={onReact}
            summary={props.summary}
            onMoreEmoji={props.onMoreEmoji}
            onClose={close}
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
