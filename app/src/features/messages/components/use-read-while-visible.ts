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
// Each new message waits its own 400 ms: a newer one does not restart an older one's wait (in a
// lively channel, messages coming faster than that were never marked), and on leaving, a wait
// whose time has passed by the clock counts as seen even if its timer has not run yet (a busy
// page runs timers late): what was seen stays read.
// A message opened by its link (`opened`: a notification's click, a search result, a permalink)
// has been seen when the page is visible, wherever the view is: my position moves up to it at
// once, so its notification closes on my other devices; what comes after it waits to be seen at
// the live end as usual.
import { useCallback, useEffect, useRef, useState } from 'react'

const SETTLE_MS = 400
export const MARK_EVERY_MS = 5 * 60_000

interface Wait {
  seq: number
  /** When its 400 ms are over (performance.now()). */
  until: number
  timer: number
}

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
  /** Messages at the bottom, each waiting its 400 ms (a newer one does not restart an older's). */
  const waiting = useRef<Wait[]>([])
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

  /** `seq` has been in view for its 400 ms: seen (paced: shown read, marked in time). */
  const settled = useCallback(
    (seq: number) => {
      if (seq <= Math.max(marked.current, seenSeq.current)) return
      const paced = latest.current.pace
      if (!paced) {
        void markNow(seq)
        return
      }
      seenSeq.current = seq
      paced.seen(seq)
      const every = paced.everyMs ?? MARK_EVERY_MS
      const wait = markedAt.current + every - Date.now()
      if (marked.current === 0 || wait <= 0 || paced.soon(marked.current)) {
        void markNow(seq)
      } else if (due.current === null) {
        due.current = window.setTimeout(() => {
          due.current = null
          void flush()
        }, wait)
      }
    },
    [markNow, flush]
  )

  /** Stops the waits: those whose 400 ms have passed by the clock (their timer late on a busy
   * page) are seen, the others not. */
  const stopWaiting = useCallback(() => {
    const now = performance.now()
    const over = waiting.current.filter((w) => w.until <= now)
    for (const w of waiting.current) window.clearTimeout(w.timer)
    waiting.current = []
    if (over.length > 0) settled(Math.max(...over.map((w) => w.seq)))
  }, [settled])

  useEffect(() => {
    const update = () => {
      const shown = document.visibilityState === 'visible'
      if (!shown) {
        stopWaiting()
        void flush()
      }
      setVisible(shown)
    }
    document.addEventListener('visibilitychange', update)
    return () => {
      document.removeEventListener('visibilitychange', update)
      // Leaving the view: what was seen is marked.
      stopWaiting()
      if (due.current !== null || seenSeq.current > marked.current) void flush()
    }
  }, [flush, stopWaiting])

  useEffect(() => {
    if (opened === undefined || !visible || opened <= marked.current) return
    void markNow(opened)
  }, [opened, visible, markNow])

  const mine = pace?.mine ?? false
  const looking = watching && visible
  useEffect(() => {
    if (!looking || newest <= Math.max(marked.current, seenSeq.current)) return
    if (mine) {
      // The server moved my read position to my message when it was sent.
      if (due.current !== null) window.clearTimeout(due.current)
      due.current = null
      for (const w of waiting.current) window.clearTimeout(w.timer)
      waiting.current = []
      marked.current = newest
      seenSeq.current = newest
      markedAt.current = Date.now()
      return
    }
    if (waiting.current.some((w) => w.seq >= newest)) return
    const wait: Wait = {
      seq: newest,
      until: performance.now() + SETTLE_MS,
      timer: window.setTimeout(() => {
        waiting.current = waiting.current.filter((w) => w !== wait)
        settled(newest)
      }, SETTLE_MS),
    }
    waiting.current = [...waiting.current, wait]
  }, [looking, newest, mine, settled])

  // Scrolled up, offline or hidden: the waits stop (what waited its time is seen).
  useEffect(() => {
    if (!looking) stopWaiting()
  }, [looking, stopWaiting])

  return useCallback(async () => {
    const pending = waiting.current
    for (const w of pending) window.clearTimeout(w.timer)
    waiting.current = []
    if (pending.length > 0) {
      await markNow(Math.max(seenSeq.current, ...pending.map((w) => w.seq)))
    } else {
      await flush()
    }
    marked.current = Math.max(marked.current, latest.current.newest)
    seenSeq.current = Math.max(seenSeq.current, marked.current)
  }, [markNow, flush])
}
