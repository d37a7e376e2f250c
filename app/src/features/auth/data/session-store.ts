// Who is signed in, as an external store: supabase-js's auth events feed it, React reads it with
// useSyncExternalStore. `recovery` is set when the page was opened from a password-reset link.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { browserStore } from '../../../lib/local-store.ts'
import { supabase } from '../../../lib/supabase.ts'

export type AuthState =
  | { status: 'loading' }
  | {
      status: 'signed-out'
      reason: 'signed-out' | 'expired' | null
      /** The person whose session the server refused: forget-ended.ts deletes what is kept of them. */
      ended?: string
    }
  | { status: 'signed-in'; session: Session; userId: string; email: string; recovery: boolean }

let state: AuthState = { status: 'loading' }
const listeners = new Set<() => void>()

function set(next: AuthState): void {
  state = next
  for (const listener of listeners) listener()
}

export function authState(): AuthState {
  return state
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

let startStored: (() => void) | null = null

/** A due refresh finds the server down: a start waiting for it goes on from the stored session. */
export function serverDown(): void {
  startStored?.()
}

let refused = false

/** The server refused to refresh the session (refresh-hold.ts saw the answer): it was ended
 * elsewhere ("sign out everywhere", a revoked session, a deleted user). supabase-js keeps a
 * session whose access token has not expired yet; forgotten now, it signs the person out here at
 * once (SIGNED_OUT), and what this device kept of them goes with it (startAuth). */
export function refreshRefused(): void {
  refused = true
  forgetStoredSession()
}

/** Resolves once the first session state is known (from storage or the URL). */
export function startAuth(): Promise<void> {
  // Whose session boot found: a refresh refused while starting signs them out before any state.
  let person = storedSession()?.user?.id
  return new Promise((resolve) => {
    let wasSignedIn = false
    // Set offline at start, or when the server did not answer a due refresh (serverDown).
    let unreachable = false
    const onChange = (event: AuthChangeEvent, reported: Session | null) => {
      // Offline or with the server down, a refresh that is due cannot succeed: the stored session
      // stands until it does (refresh-hold.ts), or until it fails for good (then none is stored:
      // the sign-in page).
      const session = reported ?? (unreachable ? storedSession() : null)
      if (session) {
        person = session.user.id
        wasSignedIn = true
        const recovery =
          event === 'PASSWORD_RECOVERY' || (state.status === 'signed-in' && state.recovery)
        set({
          status: 'signed-in',
          session,
          userId: session.user.id,
          email: session.user.email ?? '',
          recovery: recovery && event !== 'USER_UPDATED',
        })
      } else {
        // A session refused while starting (supabase-js refreshes an expired one before its first
        // event) or later: nothing of its person is kept (forget-ended.ts). Another tab's
        // sign-out is not one.
        const ended =
          event === 'SIGNED_OUT' && (refused || state.status === 'loading') ? person : undefined
        refused = false
        // A sign-out we did not ask for means the refresh token stopped working.
        set({
          status: 'signed-out',
          reason:
            event === 'SIGNED_OUT'
              ? wasSignedIn && !explicitSignOut
                ? 'expired'
                : 'signed-out'
              : null,
          // Kept through later sign-out events until someone signs in (forget-ended.ts reads it).
          ended: ended ?? (state.status === 'signed-out' ? state.ended : undefined),
        })
        explicitSignOut = false
        wasSignedIn = false
      }
      if (event === 'INITIAL_SESSION') resolve()
    }
    supabase().auth.onAuthStateChange(onChange)
    // And supabase-js's first event waits for that refresh: start from the stored session at
    // once offline, or when the refresh finds the server down (serverDown, from refresh-hold.ts).
    startStored = () => {
      unreachable = true
      if (state.status === 'loading') onChange('INITIAL_SESSION', null)
    }
    if (!navigator.onLine) startStored()
  })
}

/** supabase-js's storage key (sb-…-auth-token), under which it keeps the session. */
const SESSION_KEY = /-auth-token$/

/** Where supabase-js keeps the session (lib/supabase.ts): localStorage, or this tab's
 * sessionStorage on a shared computer (a store in memory has no keys to find). */
const sessionArea = () => browserStore() as Storage

/** The session supabase-js keeps (under its storage key), if any. */
export function storedSession(): Session | null {
  try {
    const area = sessionArea()
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i)
      if (key && SESSION_KEY.test(key)) return JSON.parse(area.getItem(key)!) as Session
    }
  } catch {
    // storage unavailable or not JSON: none
  }
  return null
}

/** Removes what supabase-js keeps of the session (its storage key, and that key with -code-verifier
 * or -user): asked to sign out then, it has no session to end on the server and only says so
 * (SIGNED_OUT). */
export function forgetStoredSession(): void {
  const area = sessionArea()
  for (const key of Object.keys(area)) {
    if (SESSION_KEY.test(key.replace(/-(code-verifier|user)$/, ''))) area.removeItem(key)
  }
}

let explicitSignOut = false

export function markExplicitSignOut(): void {
  explicitSignOut = true
}
