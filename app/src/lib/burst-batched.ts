// A store's changes told to React at most once a frame while they come in a burst. A live
// channel changes once per event, and useSyncExternalStore renders at once for each change: 500
// messages arriving together (an import, a bot, a reconnect's catch-up) were 500 renders of the
// whole list, the tab busy for seconds (e2e search.scenario: 5-20 s for each 500). A change
// after a quiet moment is told at once, as before; those that follow within the same frame are
// told together at its end, and so on until a frame passes without one. A hidden tab has no
// frames: there a timer ends the wait.
export type Subscribe = (listener: () => void) => () => void

/** How long a hidden tab (no animation frames) holds a burst's changes. */
const HIDDEN_TAB_MS = 100

export function burstBatched(subscribe: Subscribe): Subscribe {
  return (listener) => {
    /** A frame is open: changes now wait for its end. */
    let open = false
    /** A change came while it was open. */
    let waiting = false
    let frame: number | null = null
    let timer: ReturnType<typeof setTimeout> | null = null

    const cancel = () => {
      if (frame !== null) cancelAnimationFrame(frame)
      if (timer !== null) clearTimeout(timer)
      frame = timer = null
    }
    const openFrame = () => {
      open = true
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(frameEnded)
      timer = setTimeout(frameEnded, HIDDEN_TAB_MS)
    }
    function frameEnded() {
      cancel()
      open = false
      if (!waiting) return
      waiting = false
      openFrame()
      listener()
    }

    const unsubscribe = subscribe(() => {
      if (open) {
        waiting = true
        return
      }
      openFrame()
      listener()
    })
    return () => {
      cancel()
      unsubscribe()
    }
  }
}
