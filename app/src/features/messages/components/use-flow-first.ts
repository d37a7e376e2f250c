// The message list's first frames, laid out by the browser alone: the newest rows in the page's
// flow, a few more a task until they fill the view; then the virtualizer takes over (MessageList).
import { useEffect, useState } from 'react'
import type { RefObject } from 'react'
import { nextTask } from '../../../lib/tasks.ts'
import type { Row } from './rows.ts'

/** Before the virtualizer: the newest this many rows in the first frame, then this many more a
 * task until they fill the view. */
const ROWS_PER_TASK = 5

export interface FlowFirst {
  /** How many of the newest rows are in the page's flow. */
  count: number
  /** The virtualizer has taken over. */
  handedOver: boolean
  /** The scroller's size when it did. */
  rect?: { width: number; height: number }
}

/**
 * The list's first frames (see the top of the file): ROWS_PER_TASK more of the newest rows in
 * flow each task after a frame, until they fill the scroller (read once that frame is laid out,
 * so at no cost) or there are no more; then the virtualizer's turn, for good.
 */
export function useFlowFirst(
  rows: readonly Row[],
  scroller: RefObject<HTMLDivElement | null>,
  canvas: RefObject<HTMLDivElement | null>
): FlowFirst {
  const [flow, setFlow] = useState<FlowFirst>({ count: ROWS_PER_TASK, handedOver: false })
  const filled = rows.length === 0 ? null : Math.min(flow.count, rows.length)
  useEffect(() => {
    if (flow.handedOver || filled === null) return
    let cancelled = false
    void nextTask().then(() => {
      const el = scroller.current
      if (cancelled || !el) return
      const height = canvas.current?.offsetHeight ?? 0
      if (filled < rows.length && height < el.clientHeight) {
        setFlow({ count: filled + ROWS_PER_TASK, handedOver: false })
      } else {
        const rect = { width: el.clientWidth, height: el.clientHeight }
        setFlow({ count: filled, handedOver: true, rect })
      }
    })
    return () => {
      cancelled = true
    }
  }, [flow.handedOver, filled, rows.length, scroller, canvas])
  return { ...flow, count: Math.min(flow.count, rows.length) }
}
