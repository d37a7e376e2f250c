// Code loaded on first use (React.lazy) that survives the network: a chunk asked for while the
// browser is offline is fetched again when it is back online (meanwhile the Suspense fallback
// shows), and one that keeps failing while online (the server gone, a new version deployed and
// the old files removed) renders the fallback component given instead of taking the page down:
// a rejected React.lazy throws to the nearest error boundary, and without one the whole app
// unmounts and the page goes blank.
import { lazy } from 'react'
import type { ComponentType, LazyExoticComponent } from 'react'

/** Tries while online before giving up: the first at once, then after 0.5, 1 and 2 s. */
export const LOAD_ATTEMPTS = 4
const FIRST_PAUSE_MS = 500

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** Resolves when the browser says it is online (at once when it is). */
function online(): Promise<void> {
  if (!isOffline()) return Promise.resolve()
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true })
  )
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `load()`, again after a failure: once the browser is online again when it failed offline, and
 * up to LOAD_ATTEMPTS times in all while online, pausing longer each time. Failures while
 * offline do not count. Rejects with the last error when every attempt failed.
 */
export async function loadRetrying<T>(load: () => Promise<T>): Promise<T> {
  let failures = 0
  for (;;) {
    try {
      return await load()
    } catch (error) {
      if (isOffline()) {
        await online()
        continue
      }
      failures += 1
      if (failures >= LOAD_ATTEMPTS) throw error
      await pause(FIRST_PAUSE_MS * 2 ** (failures - 1))
    }
  }
}

/** Renders nothing: for code that works in the background (the notifier, a counter). */
export function Nothing(): null {
  return null
}

/**
 * React.lazy over loadRetrying: `fallback` (a component taking the same props) stands in when
 * the chunk cannot be loaded at all.
 */
export function lazyRetrying<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: NoInfer<ComponentType<P>>
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    loadRetrying(load).catch((): { default: ComponentType<P> } => ({ default: fallback }))
  )
}
