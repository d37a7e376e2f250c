// A session the server refused (session-store.ts says whose: `ended`) leaves nothing of its person
// on the device (lib/forget-person.ts). Part of the sign-in page's chunk, which is loaded whenever
// the app is signed out (at boot, or once the first screen is shown): the deleting is not the
// first screen's code. Until it runs, nothing is shown or written of them (the signed-in screens
// are gone, and the kept screen is painted only for an unexpired session).
import { forgetPerson } from '../../../lib/forget-person.ts'
import { authState, subscribeAuth } from './session-store.ts'

function forgetEnded(): void {
  const auth = authState()
  if (auth.status === 'signed-out' && auth.ended) forgetPerson(auth.ended)
}

let watching = false

/** From now on (and now), a session the server refused leaves nothing of its person here. Called
 * as the sign-in page's module loads (a side-effect import would be dropped: package.json's
 * sideEffects lists only CSS). */
export function forgetEndedSessions(): void {
  if (watching) return
  watching = true
  subscribeAuth(forgetEnded)
  forgetEnded()
}
