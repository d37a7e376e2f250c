// The sign-in page is a chunk of its own, so that the entry a signed-in person loads does not
// carry it. It is loaded without React.lazy, as the signed-in part is (signed-in-loader.ts):
// boot starts the download beside /config.json when no session is stored, and waits for it
// before rendering a signed-out start; a later sign-out loads it then.
import type * as Page from './components/SignInPage.tsx'

type SignInPageComponent = typeof Page.SignInPage

let loaded: SignInPageComponent | null = null
let pending: Promise<SignInPageComponent> | null = null

export function loadSignInPage(): Promise<SignInPageComponent> {
  pending ??= import('./components/SignInPage.tsx').then((module) => (loaded = module.SignInPage))
  // A failed download is tried again the next time it is asked for.
  pending.catch(() => (pending = null))
  return pending
}

export function loadedSignInPage(): SignInPageComponent | null {
  return loaded
}
