// While the server cannot be reached, supabase-js's refresh of an expired access token waits
// here instead of failing. Failing, supabase-js would retry for 30 s and then keep the failure
// for 60 s more (REFRESH_FAILURE_COOLDOWN_MS), handing out no token meanwhile: its requests would
// go with the project key alone and, once the server answers, read as "permission denied" or as
// empty lists. Held, the requests that need the token wait with it (the screens show the
// last-known state and say the server cannot be reached), and all go, as the person, as soon as
// the refresh gets an answer: retried at once when the browser is back online or the tab is
// shown again, else after 0.5, 1, 2, 2… s. A sign-out meanwhile ends the wait.
// A refresh the server refuses (4xx: session_not_found, refresh_token_not_found, a deleted or
// banned user) ends the session here at once, and what this device kept of it (refreshRefused).
import { useSyncExternalStore } from 'react'
import { guardRequests } from '../../../lib/supabase.ts'
import { refreshRefused, serverDown, storedSession } from './session-store.ts'

/** What the gateway answers for a service that is down; supabase-js retries these too. */
const DOWN = new Set([502, 503, 504])
const MAX_WAIT_MS = 2000
const REFRESH = '/auth/v1/token?grant_type=refresh_token'

let unreachable = false
const listeners = new Set<() => void>()

function setUnreachable(next: boolean): void {
  if (next === unreachable) return
  unreachable = next
  for (const listener of listeners) listener()
}

export function installRefreshHold(): void {
  guardRequests(async (input, init) => {
    if (typeof input !== 'string' || !input.endsWith(REFRESH)) return fetch(input, init)
    for (let wait = 500; ; wait = Math.min(wait * 2, MAX_WAIT_MS)) {
      let response: Response | null = null
      try {
        response = await fetch(input, init)
        if (!DOWN.has(response.status)) {
          setUnreachable(false)
          // Too many requests is not a refusal of the session.
          if (response.status >= 400 && response.status < 500 && response.status !== 429) {
            refreshRefused()
          }
          return response
        }
      } catch (error) {
        if (!storedSession()) throw error
      }
      if (!storedSession()) return response!
      setUnreachable(true)
      serverDown()
      await nextTry(wait)
    }
  })
}

function nextTry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      window.removeEventListener('online', done)
      document.removeEventListener('visibilitychange', shown)
      resolve()
    }
    const shown = () => document.visibilityState === 'visible' && done()
    const timer = setTimeout(done, ms)
    window.addEventListener('online', done)
    document.addEventListener('visibilitychange', shown)
  })
}

/** True while a refresh is held because the server does not answer. */
export function useRefreshHeld(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => unreachable
  )
}
