// My read position follows what I see: once the newest message has been at the bottom of a
// visible page for 400 ms, it is marked read (the channel's mark_read, a thread's
// mark_thread_read), across devices. "Mark unread" (features/unread/, through the extension
// slot's settleRead) first settles that: a mark still waiting
// is made at once (what is on screen has been seen, and mark_unread only moves a position
// back), and nothing on screen is marked again until something newer arrives, so the mark is
// not undone either.
import { useCallback, useEffect, useRef, useState } from 'react'

const SETTLE_MS = 400

/**
 * Marks `newest` read while `watching` (at the bottom, nothing else in the way) and the page is
 * visible. Returns settle(), to await before marking something unread.
 */
export function useReadWhileVisible(
  newest: number,
  watching: boolean,
  mark: (seq: number) => Promise<unknown>
): () => Promise<void> {
  const marked = useRef(0)
  const waiting = useRef<{ timer: number; seq: number } | null>(null)
  const latest = useRef({ newest, mark })
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible')

  useEffect(() => {
    latest.current = { newest, mark }
  })

  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', update)
    return () => document.removeEventListener('visibilitychange', update)
  }, [])

  const markNow = useCallback(async (seq: number) => {
    marked.current = seq
    await latest.current.mark(seq).catch(() => {
      marked.current = 0
    })
  }, [])

  useEffect(() => {
    if (!watching || !visible || newest <= marked.current) return
    const timer = window.setTimeout(() => {
      waiting.current = null
      void markNow(newest)
    }, SETTLE_MS)
    waiting.current = { timer, seq: newest }
    return () => {
      window.clearTimeout(timer)
      waiting.current = null
    }
  }, [watching, visible, newest, markNow])

  return useCallback(async () => {
    const pending = waiting.current
    if (pending) {
      window.clearTimeout(pending.timer)
      waiting.current = null
      await markNow(pending.seq)
    }
    marked.current = Math.max(marked.current, latest.current.newest)
  }, [markNow])
}
