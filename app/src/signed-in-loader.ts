// The signed-in part of the app is its own chunk (the sign-in screens do not download the chat).
// It is loaded without React.lazy: React 19 holds a revealed Suspense boundary back for 300 ms,
// which would cost every returning visitor that much before the first message shows. Boot starts
// the download next to /config.json when a session is stored, and waits for it before rendering.
import type * as SignedInApp from './SignedInApp.tsx'

type SignedInModule = typeof SignedInApp

let loaded: SignedInModule['default'] | null = null
let pending: Promise<SignedInModule['default']> | null = null

export function loadSignedInApp(): Promise<SignedInModule['default']> {
  pending ??= import('./SignedInApp.tsx').then((module) => (loaded = module.default))
  return pending
}

export function loadedSignedInApp(): SignedInModule['default'] | null {
  return loaded
}
