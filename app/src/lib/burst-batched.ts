// A store's changes told to React at most once a frame while they come in a burst. A live
// channel changes once per event, and useSyncExternalStore renders at once for each change: 500
// messages arriving together (an import, a bot, a reconnect's catch-up) were 500 renders of the
// whole list, the tab busy for seconds (e2e search.scenario: 5-20 s for each 500). A change
// after a quiet moment is told at once, as before; those that follow within the next frame's
// time are told together at its end, and so on until one passes without a change.
export type Subscribe = (listener: () => void) => () => void

/** A frame at 60 Hz. A timer rather than requestAnimationFrame: it also ends in a hidden tab. */
const FRAME_MS = 16

export function burstBatched(subscribe: Subscribe): Subscribe {
  return (listener) => {
    let frame: ReturnType<typeof setTimeout> | undefined
    /** A change came during the frame. */
    let waiting = false
    const tell = () => {
      frame = setTimeout(ended, FRAME_MS)
      listener()
    }
    const ended = () => {
      frame = undefined
      if (waiting) {
        waiting = false
        tell()
      }
    }
    const unsubscribe = subscribe(() => {
      if (frame === undefined) tell()
      else waiting = true
    })
    return () => {
      clearTimeout(frame)
      unsubscribe()
    }
  }
}
