// A write that waits `delayMs` after the first change, so a burst of changes is one write, and
// is done at once when the page goes away (a reload or a closed tab) or when stopped.

export interface DeferredWrite {
  /** Asks for a write; one is already waiting: nothing more. */
  schedule(): void
  /** Writes what is waiting now and stops listening for the page going away. */
  stop(): void
}

export function deferredWrite(write: () => void, delayMs: number): DeferredWrite {
  let timer: ReturnType<typeof setTimeout> | null = null
  const run = () => {
    timer = null
    write()
  }
  const flush = () => {
    if (timer === null) return
    clearTimeout(timer)
    run()
  }
  window.addEventListener('pagehide', flush)
  return {
    schedule() {
      timer ??= setTimeout(run, delayMs)
    },
    stop() {
      window.removeEventListener('pagehide', flush)
      flush()
    },
  }
}
