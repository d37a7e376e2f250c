// Keeping the reader's place in the message list when older rows are prepended: the first
// message shown before the change is found again, and the list moves down by as much as it moved
// (day dividers can stay put at the top). Not while pinned to the bottom.
import { useLayoutEffect, useRef } from 'react'
import type { RefObject } from 'react'
import type { Virtualizer } from '@tanstack/virtual-core'
import type { Row } from './rows.ts'

export function useKeepPlace(
  rows: readonly Row[],
  virtualizer: Virtualizer<HTMLDivElement, Element> | null,
  virtual: boolean,
  scroller: RefObject<HTMLDivElement | null>,
  pinned: RefObject<boolean>
): void {
  const anchor = useRef<{ key: string; start: number } | null>(null)
  useLayoutEffect(() => {
    const el = scroller.current
    if (!virtual || !virtualizer) return
    const previous = anchor.current
    const firstMessage = rows.findIndex((r) => r.kind === 'message' || r.kind === 'pending')
    anchor.current =
      firstMessage >= 0
        ? {
            key: rows[firstMessage]!.key,
            start: virtualizer.measurementsCache[firstMessage]?.start ?? 0,
          }
        : null
    if (!el || !previous || pinned.current) return
    const index = rows.findIndex((r) => r.key === previous.key)
    if (index < 0) return
    const start = virtualizer.measurementsCache[index]?.start ?? previous.start
    const delta = start - previous.start
    if (delta > 0) {
      el.scrollTop += delta
      if (anchor.current)
        anchor.current.start = virtualizer.measurementsCache[firstMessage]?.start ?? 0
    }
  }, [rows, virtualizer, virtual, scroller, pinned])
}
