// My read position follows what I see: once the newest message has been at the bottom of a
// visible page for 400 ms, it is seen, and marked read (the channel's mark_read, a thread's
// mark_thread_read), across devices. "Mark unread" (features/unread/, through the extension
// slot's settleRead) first settles that: a mark still waiting is made at once (what is on screen
// has been seen, and mark_unread only moves a position back), and nothing on screen is marked
// again until something newer arrives, so the mark is not undone either.
// With `pace` (a channel), a busy conversation is not marked per message: the server already
// moves my read position to each message of mine; others' messages are shown as read here at
// once (`seen`, this device's badges) and marked at most once per `everyMs` (5 minutes), unless
// one of them is for me (`soon`: a mention, a direct message) or nothing was marked yet in this
// view; what is seen and not yet marked is marked when the page is hidden or the view is left.
// So the marks a team makes grow with its people's time in busy channels, not with its messages
// times their readers (issue 50).
// A message opened by its link (`opened`: a notification's click, a search result, a permalink)
// has been seen when the page is visible, wherever the view is: my position moves up to it at
// once, so its notification closes on my other devices; what comes after it waits to be seen at
// the live end as usual.
import { useCallback, useEffect, useRef, useState } from 'react'

const SETTLE_MS = 400
export const MARK_EVERY_MS = 5 * 60_000

export interface ReadPace {
  /** Whether the newest message is mine (the server marked it when it was sent). */
  mine: boolean
  /** Whether a message after `seq` should be marked without waiting (a mention, a DM). */
  soon: (seq: number) => boolean
  /** Shows `seq` as read on this device, before (or without) the mark. */
  seen: (seq: number) => void
  everyMs?: number
}

/**
 * Marks `newest` read while `watching` (at the bottom, nothing else in the way) and the page is
 * visible, paced when `pace` is given. Returns settle(), to await before marking something unread.
 */
export function useReadWhileVisible(
  newest: number,
  watching: boolean,
  mark: (seq: number) => Promise<unknown>,
  pace?: ReadPace,
  opened?: number
): () => Promise<void> {
  const marked = useRef(0)
  const seenSeq = useRef(0)
  const markedAt = useRef(0)
  const waiting = useRef<{ timer: number; seq: number } | null>(null)
  const due = useRef<number | null>(null)
  const latest = useRef({ newest, mark, pace })
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible')

  useEffect(() => {
    latest.current = { newest, mark, pace }
  })

  const markNow = useCallback(async (seq: number) => {
    if (due.current !== null) window.clearTimeout(due.current)
    due.current = null
    marked.current = Math.max(marked.current, seq)
    seenSeq.current = Math.max(seenSeq.current, seq)
    markedAt.current = Date.now()
    await latest.current.mark(seq).catch(() => {
      marked.current = 0
    })
  }, [])

  /** What was seen and not yet marked, marked now. */
  const flush = useCallback(async () => {
    if (seenSeq.current > marked.current) await markNow(seenSeq.current)
  }, [markNow])

  useEffect(() => {
    const update = () => {
      const shown = document.visibilityState === 'visible'
      if (!shown) void flush()
      setVisible(shown)
    }
    document.addEventListener('visibilitychange', update)
    return () => {
      document.removeEventListener('visibilitychange', update)
      // Leaving the view: what was seen is marked.
      if (due.current !== null) void flush()
    }
  }, [flush])

  useEffect(() => {
    if (opened === undefined || !visible || opened <= marked.current) return
    void markNow(opened)
  }, [opened, visible, markNow])

  const mine = pace?.mine ?? false
  useEffect(() => {
    if (!watching || !visible || newest <= Math.max(marked.current, seenSeq.current)) return
    if (mine) {
      // The server moved my read position to my message when it was sent.
      if (due.current !== null) window.clearTimeout(due.current)
      due.current = null
      marked.current = newest
      seenSeq.current = newest
      markedAt.current = Date.now()
      return
    }
    const timer = window.setTimeout(() => {
      waiting.current = null
      const paced = latest.current.pace
      if (!paced) {
        void markNow(newest)
        return
      }
      seenSeq.current = newest
      paced.seen(newest)
      const every = paced.everyMs ?? MARK_EVERY_MS
      const wait = markedAt.current + every - Date.now()
      if (marked.current === 0 || wait <= 0 || paced.soon(marked.current)) {
        void markNow(newest)
      } else if (due.current === null) {
        due.current = window.setTimeout(() => {
          due.current = null
          void flush()
        }, wait)
      }
    }, SETTLE_MS)
    waiting.current = { timer, seq: newest }
    return () => {
      window.clearTimeout(timer)
      waiting.current = null
    }
  }, [watching, visible, newest, mine, markNow, flush])

  return useCallback(async () => {
    const pending = waiting.current
    if (pending) {
      window.clearTimeout(pending.timer)
      waiting.current = null
      await markNow(pending.seq)
    } else {
      await flush()
    }
    marked.current = Math.max(marked.current, latest.current.newest)
    seenSeq.current = Math.max(seenSeq.current, marked.current)
  }, [markNow, flush])
}
