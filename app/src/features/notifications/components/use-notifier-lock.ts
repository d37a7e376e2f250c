// Which tab is the browser notifier: one tab per person holds a Web Lock, so with several tabs
// open each message raises one notification. Without Web Locks every tab is one.
import { useEffect, useState } from 'react'
import type { RefObject } from 'react'

/**
 * Become the notifier when no other tab of this person is. `notifier` is set while this tab
 * holds the lock (read by callbacks); the same is returned as state (for hooks that start and
 * stop with it).
 */
export function useNotifierLock(me: string, notifier: RefObject<boolean>): boolean {
  const [leading, setLeading] = useState(false)
  useEffect(() => {
    if (!('locks' in navigator)) {
      notifier.current = true
      setLeading(true)
      return
    }
    const abort = new AbortController()
    navigator.locks
      .request(`chorus-notifier:${me}`, { signal: abort.signal }, () => {
        notifier.current = true
        setLeading(true)
        return new Promise<void>((resolve) =>
          abort.signal.addEventListener('abort', () => resolve())
        )
      })
      .catch(() => {})
    return () => {
      notifier.current = false
      setLeading(false)
      abort.abort()
    }
  }, [me, notifier])
  return leading
}
