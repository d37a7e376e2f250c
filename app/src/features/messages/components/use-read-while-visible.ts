// My read position follows what I see: once the newest message has been at the bottom of a
// visible page for 400 ms, it is marked read (the channel's mark_read, a thread's
// mark_thread_read), across devices. "Mark unread" holds it: a move still waiting is dropped
// (it would undo the mark), and nothing on screen is marked again until something newer arrives.
import { useCallback, useEffect, useRef, useState } from 'react'

const SETTLE_MS = 400

/**
 * Marks `newest` read while `watching` (at the bottom, nothing else in the way) and the page is
 * visible; returns keepUnread, to call when the person marks something unread.
 */
export function useReadWhileVisible(
  newest: number,
  watching: boolean,
  mark: (seq: number) => Promise<unknown>
): () => void {
  const marked = useRef(0)
  const pending = useRef<number | undefined>(undefined)
  const latest = useRef(newest)
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible')

  useEffect(() => {
    latest.current = newest
  })

  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', update)
    return () => document.removeEventListener('visibilitychange', update)
  }, [])

  useEffect(() => {
    if (!watching || !visible || newest <= marked.current) return
    pending.current = window.setTimeout(() => {
      pending.current = undefined
      marked.current = newest
      mark(newest).catch(() => {
        marked.current = 0
      })
    }, SETTLE_MS)
    return () => window.clearTimeout(pending.current)
  }, [watching, visible, newest, mark])

  return useCallback(() => {
    window.clearTimeout(pending.current)
    pending.current = undefined
    marked.current = Math.max(marked.current, latest.current)
  }, [])
}
