// A long press by touch on a message: it opens the message's action sheet (MessageItem).
import { useRef } from 'react'

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
